import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../api/browser.ts';
import { renderWithAntd } from '../test/render.tsx';
import { forgetLanguageMenu, LanguageSelect } from './LanguageSelect.tsx';

const languageMenu = () =>
  waitFor(() => {
    const menu = document.querySelector<HTMLElement>('.ant-dropdown-menu');
    if (!menu) throw new Error('no language menu yet');
    return menu;
  });

beforeEach(() => {
  forgetLanguageMenu();
});
afterEach(() => {
  vi.restoreAllMocks();
});

// The sign-in page draws the selector's button at once and fetches the menu (antd Dropdown and Menu) only when
// the user reaches for it. Each test starts as a fresh page load, with the menu not fetched yet.
describe('the language selector', () => {
  it('draws only the button until reached for; a click opens the menu once it is here', async () => {
    renderWithAntd(<LanguageSelect />);
    const button = screen.getByTestId('language-select');
    expect(button.textContent).toBe('English');
    expect(document.querySelector('.ant-dropdown-menu')).toBeNull();
    // A click straight away (no hover first): the menu opens when its chunk arrives.
    fireEvent.click(button);
    const menu = await languageMenu();
    expect(within(menu).getAllByRole('menuitem')).toHaveLength(12);
    expect(within(menu).getByText('English').closest('[role=menuitem]')?.className).toContain('selected');
  });

  it('keeps the focus on the button when the menu takes it over, and reloads in the chosen language', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    renderWithAntd(<LanguageSelect />);
    const button = screen.getByTestId('language-select');
    button.focus();
    fireEvent.pointerEnter(button);
    // The menu wraps the button, so it is a new element; the keyboard user's focus follows it.
    await waitFor(() => expect(screen.getByTestId('language-select')).not.toBe(button));
    expect(document.activeElement).toBe(screen.getByTestId('language-select'));
    expect(document.querySelector('.ant-dropdown-menu')).toBeNull();
    await userEvent.click(screen.getByTestId('language-select'));
    await userEvent.click(within(await languageMenu()).getByText('Deutsch'));
    expect(window.localStorage.getItem('language')).toBe('de');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('choosing the current language does not reload', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    renderWithAntd(<LanguageSelect />);
    const button = screen.getByTestId('language-select');
    await userEvent.hover(button);
    await waitFor(() => expect(screen.getByTestId('language-select')).not.toBe(button));
    await userEvent.click(screen.getByTestId('language-select'));
    await userEvent.click(within(await languageMenu()).getByText('English'));
    expect(reload).not.toHaveBeenCalled();
    expect(window.localStorage.getItem('language')).toBe('en');
  });

  it('a press under way when the menu arrives keeps its click: the menu opens on release', async () => {
    renderWithAntd(<LanguageSelect />);
    const button = screen.getByTestId('language-select');
    fireEvent.pointerEnter(button);
    fireEvent.pointerDown(button);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('language-select')).toBe(button);
    fireEvent.pointerUp(button);
    fireEvent.click(button);
    expect(within(await languageMenu()).getAllByRole('menuitem')).toHaveLength(12);
  });

  it('focus alone fetches the menu without redrawing the button under the keyboard', async () => {
    renderWithAntd(<LanguageSelect />);
    const button = screen.getByTestId('language-select');
    fireEvent.focus(button);
    // Let the fetch settle: the button stays the same element until the user clicks or points at it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('language-select')).toBe(button);
    fireEvent.click(button);
    expect(within(await languageMenu()).getAllByRole('menuitem')).toHaveLength(12);
  });
});
