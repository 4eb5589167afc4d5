import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useCardService, useCardWrite } from './hooks.ts';
import { createCardService, type StorageLike } from './service.ts';
import { FakeReader } from './testing/fakeReader.ts';
import type { CardWritePlan, ReaderKind } from './types.ts';

function memory(): StorageLike {
  const map = new Map<string, string>();
  return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v) };
}

const PLAN: CardWritePlan = {
  id: 1,
  uid: '11223344',
  writes: [{ block: 4, key: 'FFFFFFFFFFFF', keyType: 'A', data: '11'.repeat(16) }],
  verify: [{ block: 4, key: 'FFFFFFFFFFFF', data: '11'.repeat(16) }],
};

function fakeService() {
  const fakes = new Map<ReaderKind, FakeReader>();
  const service = createCardService({
    storage: memory(),
    fetch: (async () =>
      new Response(JSON.stringify({ device: { state: 'online' } }))) as unknown as typeof fetch,
    readerFactory: (kind) => {
      const fake = new FakeReader(kind);
      fake.placeCard('11223344');
      fakes.set(kind, fake);
      return fake;
    },
  });
  return { service, fakes };
}

describe('useCardWrite', () => {
  it('runs the write with its steps and ends with the confirmed result', async () => {
    const { service } = fakeService();
    const confirm = vi.fn(async () => ({ id: 1, status: 'issued' }));
    const { result } = renderHook(() => useCardWrite({ allocate: async () => PLAN, confirm }, service));
    let value: unknown;
    await act(async () => {
      value = await result.current.start();
    });
    expect(value).toEqual({ id: 1, status: 'issued' });
    expect(result.current).toMatchObject({ step: 'done', running: false, error: null });
    expect(confirm).toHaveBeenCalledWith(PLAN, { '4': '11'.repeat(16) }, '11223344');
  });

  it('cancel leaves a cancelled error and nothing confirmed', async () => {
    const { service } = fakeService();
    const confirm = vi.fn(async () => 1);
    const { result } = renderHook(() =>
      useCardWrite({ allocate: () => new Promise<CardWritePlan>(() => {}), confirm }, service),
    );
    let started: Promise<unknown> = Promise.resolve();
    act(() => {
      started = result.current.start();
    });
    await waitFor(() => expect(result.current.step).toBe('allocate'));
    act(() => result.current.cancel());
    await act(async () => {
      await started;
    });
    expect(result.current.error).toMatchObject({ code: 'OPERATION_CANCELLED', cancelled: true });
    expect(result.current.running).toBe(false);
    expect(confirm).not.toHaveBeenCalled();
  });
});

describe('useCardService', () => {
  it('follows the reader type and the info, and asks the reader when mounted', async () => {
    const { service } = fakeService();
    const { result } = renderHook(() => useCardService(service));
    await waitFor(() => expect(result.current.info.online).toBe(true));
    act(() => result.current.setKind(2));
    expect(result.current.kind).toBe(2);
    expect(result.current.info).toMatchObject({ kind: 2 });
  });
});
