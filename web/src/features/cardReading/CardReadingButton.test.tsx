import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Notifier, setNotifier } from '../../api/notifier.ts';
import { renderWithAntd } from '../../test/render.tsx';
import { CardReadingButton } from './CardReadingButton.tsx';
import { createReadLockout } from './lockout.ts';

describe('read lockout', () => {
  it('refuses a second read within 2000 ms and allows one after', () => {
    const lockout = createReadLockout();
    expect(lockout.tryStart(10_000)).toBe(true);
    expect(lockout.locked(11_999)).toBe(true);
    expect(lockout.tryStart(11_999)).toBe(false);
    expect(lockout.locked(12_000)).toBe(false);
    expect(lockout.tryStart(12_000)).toBe(true);
  });
});

describe('the Card Reading button', () => {
  let warnings: string[];
  let restore: () => void;
  beforeEach(() => {
    vi.useFakeTimers();
    warnings = [];
    const spy: Notifier = {
      error: () => {},
      warning: (text) => warnings.push(text),
      info: () => {},
      success: () => {},
      confirm: () => {},
    };
    restore = setNotifier(spy);
  });
  afterEach(() => {
    restore();
    vi.useRealTimers();
  });

  it('is disabled for 2000 ms after a click and warns when clicked meanwhile', () => {
    const onRead = vi.fn();
    renderWithAntd(<CardReadingButton onRead={onRead} />);
    const button = screen.getByRole('button', { name: /Card reading/ });
    fireEvent.click(button);
    expect(onRead).toHaveBeenCalledTimes(1);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    act(() => vi.advanceTimersByTime(1999));
    fireEvent.click(button);
    expect(onRead).toHaveBeenCalledTimes(1);
    expect(warnings).toEqual(['Card reading in progress, please do not click too often']);
    act(() => vi.advanceTimersByTime(1));
    expect(button.getAttribute('aria-disabled')).toBe('false');
    fireEvent.click(button);
    expect(onRead).toHaveBeenCalledTimes(2);
  });
});
