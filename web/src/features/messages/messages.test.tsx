import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messagesTexts } from '../../i18n/namespaces.ts';
import { fakeServer, type SeenCall } from '../../test/fakeServer.ts';
import { renderRoutes } from '../../test/render.tsx';
import type { Message } from './api.ts';
import { messageQuery, readMessageList, writeMessageList } from './listParams.ts';
import MessageListPage from './MessageListPage.tsx';
import { messageText } from './messageText.ts';

const SLOW = { timeout: 60_000 };
const AT = Date.UTC(2026, 10, 25, 6) / 1000;

function msg(id: number, over: Partial<Message>): Message {
  return {
    id,
    kind: 'low_battery',
    params: {},
    room_id: null,
    room_name: '',
    read: false,
    read_at: null,
    resolved: false,
    created_at: AT,
    updated_at: AT,
    title: '',
    content: '',
    ...over,
  };
}

const BATTERY = msg(1, { room_id: 5, room_name: '1105', params: { room_name: '1105', battery: 12 } });
const SERVICE = msg(2, {
  kind: 'service_expiring',
  params: { days: 5, expires_at: AT + 5 * 86_400, manager_mobile: '13800138009' },
});
const STALE = msg(3, {
  kind: 'lock_not_synced',
  room_id: 9,
  room_name: '2509',
  read: true,
  params: { room_name: '2509', days: 10, last_sync_at: AT - 10 * 86_400 },
});

let seen: SeenCall[];
let store: Message[];

beforeAll(() => messagesTexts.load('en'));
beforeEach(() => {
  store = [BATTERY, SERVICE, STALE];
  seen = fakeServer({
    'lock/messageList': (f) => {
      const list = store.filter((m) => !f['kind'] || m.kind === f['kind']);
      return {
        errno: 0,
        data: {
          list,
          total: list.length,
          page: f['page'] ?? 1,
          limit: f['limit'] ?? 20,
          unread: store.filter((m) => !m.read).length,
        },
      };
    },
    'lock/deleteMessage': (f) => {
      const ids = f['ids'] as number[];
      store = store.filter((m) => !ids.includes(m.id));
      return { errno: 0, data: { ids } };
    },
    'lock/readMessage': (f) => {
      store = store.map((m) =>
        f['all'] || (f['ids'] as number[] | undefined)?.includes(m.id) ? { ...m, read: true } : m,
      );
      return { errno: 0, data: { unread: store.filter((m) => !m.read).length } };
    },
  });
});

function renderPage(url = '/message/messageList') {
  return renderRoutes(
    [
      { path: '/message/messageList', element: <MessageListPage /> },
      { path: '*', element: <div data-testid="elsewhere" /> },
    ],
    url,
  );
}
const calls = (path: string) => seen.filter((c) => c.path === path);
const where = (router: { state: { location: { pathname: string; search: string } } }) =>
  router.state.location.pathname + router.state.location.search;

describe('message texts', () => {
  const t = i18next.getFixedT('en', 'messages');
  it('composes each kind from its params', () => {
    expect(messageText(t, BATTERY)).toBe('Room 1105: lock battery 12 %. Replace the batteries soon.');
    expect(messageText(t, SERVICE)).toBe(
      'Days until the service expires: 5 (2026-11-30). Contact your customer manager 13800138009 to renew.',
    );
    expect(messageText(t, { ...SERVICE, params: { ...SERVICE.params, manager_mobile: '' } })).toBe(
      'Days until the service expires: 5 (2026-11-30).',
    );
    expect(messageText(t, STALE)).toMatch(/^Room 2509: the lock has not synced for 10 days\./);
    expect(messageText(t, { ...STALE, params: { room_name: '2509', days: 8, last_sync_at: null } })).toMatch(
      /never synced since it was installed \(8 days\)/,
    );
    expect(
      messageText(t, msg(4, { kind: 'card_write_failed', params: { card_id: '42', room_name: '1106' } })),
    ).toBe('Card 42 (room 1106): the write did not verify. Write the card again.');
    expect(messageText(t, msg(5, { kind: 'notice', title: 'Hello', content: 'World' }))).toBe('Hello: World');
  });

  it('keeps the filters in the URL and reads back what it writes', () => {
    const state = { kind: 'lock_not_synced' as const, newest: true, unreadOnly: true, page: 3 };
    expect(readMessageList(writeMessageList(state))).toEqual(state);
    expect(messageQuery(state)).toEqual({
      kind: 'lock_not_synced',
      order: 'time',
      unread_only: true,
      page: 3,
      limit: 20,
    });
    expect(readMessageList(new URLSearchParams('kind=nope&page=-2&order=x'))).toEqual({
      kind: undefined,
      newest: false,
      unreadOnly: false,
      page: 1,
    });
  });
});

describe('message centre', () => {
  it('lists the messages with their text, unread count and a link to the room', async () => {
    const router = renderPage();
    await waitFor(() => expect(screen.getAllByTestId('message-row')).toHaveLength(3), SLOW);
    const [first] = screen.getAllByTestId('message-row');
    expect(
      within(first!).getByText('Room 1105: lock battery 12 %. Replace the batteries soon.'),
    ).toBeTruthy();
    expect(within(first!).getByText('Unread')).toBeTruthy();
    expect(within(screen.getByTestId('message-unread')).getByText('2')).toBeTruthy();
    await userEvent.click(within(first!).getByTestId('message-room'));
    await waitFor(() => expect(where(router)).toBe('/room/roomDetails?id=5'));
  });

  it('filters by kind in the URL', async () => {
    const router = renderPage('/message/messageList?page=2');
    await waitFor(() => expect(calls('lock/messageList')).toHaveLength(1), SLOW);
    await userEvent.click(screen.getByRole('combobox', { name: 'Kind' }));
    await userEvent.click(await screen.findByTitle('Lock not synced'));
    await waitFor(() =>
      expect(calls('lock/messageList').at(-1)?.fields).toMatchObject({ kind: 'lock_not_synced', page: 1 }),
    );
    expect(where(router)).toBe('/message/messageList?kind=lock_not_synced');
    await waitFor(() => expect(screen.getAllByTestId('message-row')).toHaveLength(1));
  });

  it('deletes one message after the confirm, and the selected ones', async () => {
    renderPage();
    await waitFor(() => expect(screen.getAllByTestId('message-row')).toHaveLength(3), SLOW);
    await userEvent.click(within(screen.getAllByTestId('message-row')[0]!).getByTestId('message-delete'));
    expect(calls('lock/deleteMessage')).toHaveLength(0);
    await userEvent.click(await screen.findByTestId('message-delete-ok'));
    await waitFor(() => expect(screen.getAllByTestId('message-row')).toHaveLength(2));
    expect(calls('lock/deleteMessage')[0]?.fields).toMatchObject({ ids: [1] });
    for (const row of screen.getAllByTestId('message-row'))
      await userEvent.click(within(row).getByRole('checkbox'));
    await userEvent.click(screen.getByTestId('message-delete-selected'));
    await userEvent.click(await screen.findByTestId('message-delete-selected-ok'));
    await screen.findByText(/No messages\./);
    expect(calls('lock/deleteMessage')[1]?.fields).toMatchObject({ ids: [2, 3] });
  });

  it('marks one and then all read', async () => {
    renderPage();
    await waitFor(() => expect(screen.getAllByTestId('message-read')).toHaveLength(2), SLOW);
    await userEvent.click(screen.getAllByTestId('message-read')[0]!);
    await waitFor(() => expect(screen.getAllByTestId('message-read')).toHaveLength(1));
    expect(calls('lock/readMessage')[0]?.fields).toMatchObject({ ids: [1] });
    await userEvent.click(screen.getByTestId('message-read-all'));
    await waitFor(() => expect(screen.queryAllByTestId('message-read')).toHaveLength(0));
    expect(calls('lock/readMessage')[1]?.fields).toMatchObject({ all: true });
  });

  it('says when the list cannot be loaded', async () => {
    seen = fakeServer({});
    renderPage();
    await screen.findByTestId('message-error', {}, SLOW);
  });
});
