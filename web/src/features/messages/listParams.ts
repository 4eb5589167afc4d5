import { positiveParam } from '../../app/listState.ts';
import { MESSAGE_KINDS, type MessageKind, type MessageQuery } from './api.ts';

/**
 * The message list's state as URL search params (kind, order, unread only, page), so reload, back and a shared link
 * keep it; anything unreadable in a hand-edited URL falls back to its default.
 */
export interface MessageListState {
  kind?: MessageKind | undefined;
  /** Newest first instead of unread first. */
  newest: boolean;
  unreadOnly: boolean;
  page: number;
}

export const MESSAGE_PAGE_SIZE = 20;

export function readMessageList(search: URLSearchParams): MessageListState {
  const kind = MESSAGE_KINDS.find((k) => k === search.get('kind'));
  return {
    kind,
    newest: search.get('order') === 'time',
    unreadOnly: search.get('unread') === '1',
    page: positiveParam(search.get('page')) ?? 1,
  };
}

/** The state as search params, defaults left out so plain links stay plain. */
export function writeMessageList(state: MessageListState): URLSearchParams {
  const out = new URLSearchParams();
  if (state.kind) out.set('kind', state.kind);
  if (state.newest) out.set('order', 'time');
  if (state.unreadOnly) out.set('unread', '1');
  if (state.page > 1) out.set('page', String(state.page));
  return out;
}

/** lock/messageList's request for the state. */
export function messageQuery(state: MessageListState): MessageQuery {
  return {
    kind: state.kind,
    order: state.newest ? 'time' : undefined,
    unread_only: state.unreadOnly || undefined,
    page: state.page,
    limit: MESSAGE_PAGE_SIZE,
  };
}
