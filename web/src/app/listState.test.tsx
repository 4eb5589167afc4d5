import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { type ListStateOptions, useListState } from './listState.ts';

/** A list with a keyword (`q`), a filter (`kind`) and a page, as a page's read/write would keep them. */
interface Demo {
  q?: string | undefined;
  kind?: string | undefined;
  page: number;
}

const readDemo = (search: URLSearchParams): Demo => ({
  q: search.get('q') || undefined,
  kind: search.get('kind') || undefined,
  page: Number(search.get('page')) || 1,
});

function writeDemo(state: Demo): URLSearchParams {
  const out = new URLSearchParams();
  if (state.q) out.set('q', state.q);
  if (state.kind) out.set('kind', state.kind);
  if (state.page > 1) out.set('page', String(state.page));
  return out;
}

/** The same list under prefixed names, a sub-list beside its page's own params. */
const readSub = (search: URLSearchParams): Demo => ({
  kind: search.get('subKind') || undefined,
  page: Number(search.get('subPage')) || 1,
});

function writeSub(state: Demo): URLSearchParams {
  const out = new URLSearchParams();
  if (state.kind) out.set('subKind', state.kind);
  if (state.page > 1) out.set('subPage', String(state.page));
  return out;
}

type Hook = ReturnType<typeof useListState<Demo>>;

/** Renders a page holding the hook at `url`; returns the router and the hook of the latest render. */
function renderList(url: string, options?: ListStateOptions, read = readDemo, write = writeDemo) {
  const seen: { hook?: Hook } = {};
  function Page() {
    seen.hook = useListState(read, write, options);
    return null;
  }
  const router = createMemoryRouter([{ path: '/list', element: <Page /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  const hook = () => seen.hook as Hook;
  const at = () => router.state.location.search;
  return { router, hook, at };
}

describe('useListState', () => {
  it('sets filters on page 1, pages, and clears, replacing the history entry', async () => {
    const { router, hook, at } = renderList('/list?q=a&page=3');
    expect(hook().state).toEqual({ q: 'a', kind: undefined, page: 3 });
    await act(async () => hook().change({ kind: 'x' }));
    expect(at()).toBe('?q=a&kind=x');
    await act(async () => hook().set({ page: 2 }));
    expect(at()).toBe('?q=a&kind=x&page=2');
    await act(async () => hook().clear());
    expect(at()).toBe('');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('with push, each write is a history entry that back undoes', async () => {
    const { router, hook, at } = renderList('/list?q=a', { push: true });
    await act(async () => hook().change({ kind: 'x' }));
    expect(at()).toBe('?q=a&kind=x');
    expect(router.state.historyAction).toBe('PUSH');
    await act(async () => router.navigate(-1));
    expect(at()).toBe('?q=a');
    expect(hook().state.kind).toBeUndefined();
  });

  it('with params, writes and clears only its own params and keeps the page’s others in place', async () => {
    const { hook, at } = renderList(
      '/list?id=7&subPage=2&tab=unlock',
      { params: ['subKind', 'subPage'] },
      readSub,
      writeSub,
    );
    expect(hook().state).toEqual({ kind: undefined, page: 2 });
    await act(async () => hook().set({ page: 3 }));
    expect(at()).toBe('?id=7&subPage=3&tab=unlock');
    await act(async () => hook().change({ kind: 'deny' }));
    expect(at()).toBe('?id=7&tab=unlock&subKind=deny');
    await act(async () => hook().clear());
    expect(at()).toBe('?id=7&tab=unlock');
  });

  it('builds a change on the newest state, not the one its handler saw', async () => {
    const { hook, at } = renderList('/list?kind=x');
    // A handler made at the first render (a search box's timer) runs after the filter was cleared meanwhile.
    const stale = hook().change;
    await act(async () => hook().change({ kind: undefined }));
    expect(at()).toBe('');
    await act(async () => stale({ q: 'b' }));
    expect(at()).toBe('?q=b');
  });

  it('with flushSync, a second write in the same event already sees the first', async () => {
    const next = (s: Demo): Demo => ({ ...s, page: s.page + 1 });
    const flushed = renderList('/list', { flushSync: true });
    await act(async () => {
      flushed.hook().set(next);
      flushed.hook().set(next);
    });
    expect(flushed.at()).toBe('?page=3');
  });

  it('without flushSync, the URL waits for the render (so RoomListPage asks for it)', async () => {
    const next = (s: Demo): Demo => ({ ...s, page: s.page + 1 });
    const plain = renderList('/list');
    await act(async () => {
      plain.hook().set(next);
      plain.hook().set(next);
    });
    expect(plain.at()).toBe('?page=2');
  });
});
