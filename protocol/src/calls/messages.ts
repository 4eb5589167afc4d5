/**
 * The hotel's messages (server/API.md §14; spec §2 /message, §7 lock/messageList, lock/deleteMessage): the list with
 * its unread count, marking read and deleting. The console writes a message's text from its kind and params.
 */
import { call } from './contract.js';
import type { Page } from './page.js';
import { f, pageFields } from './schema.js';

/** The kinds of message; rows older than the kinds are 'notice' and carry their own text. */
export const MESSAGE_KINDS = [
  'low_battery',
  'service_expiring',
  'lock_not_synced',
  'card_write_failed',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** How lock/messageList orders: unread open messages first, then newest ('unread'); or newest first ('time'). */
export const MESSAGE_ORDERS = ['unread', 'time'] as const;
export type MessageOrder = (typeof MESSAGE_ORDERS)[number];

/** A message as lock/messageList answers it (API.md §14 'the message'). */
export interface Message {
  id: number;
  /** A MessageKind, or 'notice' for rows older than the kinds. */
  kind: string;
  /** What the text is made of (room_name, battery, days, card_id…), by kind. */
  params: Record<string, unknown>;
  room_id: number | null;
  room_name: string;
  read: boolean;
  read_at: number | null;
  /** A condition message (battery, service period, sync) whose condition has ended. */
  resolved: boolean;
  created_at: number;
  updated_at: number;
  /** Only 'notice' rows carry a text of their own. */
  title: string;
  content: string;
}

/** A page of messages with the badge's count. */
export interface MessagePage extends Page<Message> {
  /** Unread, unresolved messages the caller sees, of every kind. */
  unread: number;
}

/** Some messages by id: `id`, `ids` or both. */
const idsFields = {
  id: f.id({ optional: true }),
  ids: f.array({ of: f.id(), max: 100, optional: true }),
};

export const messageCalls = {
  /** A page of the messages the caller sees, with the unread count. */
  list: call({
    path: 'lock/messageList',
    summary: "The hotel's messages",
    auth: 'user',
    // It refreshes the condition messages, but that is upkeep, not the caller's act: not logged.
    mutates: false,
    permission: 'message.view',
    schema: {
      ...pageFields,
      kind: f.enum(MESSAGE_KINDS, { optional: true }),
      order: f.enum(MESSAGE_ORDERS, { optional: true }),
      unread_only: f.bool({ optional: true }),
    },
  }).answers<MessagePage>(),

  /** Deletes messages for every account of the hotel. */
  remove: call({
    path: 'lock/deleteMessage',
    summary: 'Delete one or several messages',
    auth: 'user',
    mutates: true,
    permission: 'message.view',
    schema: idsFields,
  }).answers<{ ids: number[] }>(),

  /** Marks messages read: some ids, or (`all`) every one the caller sees. */
  markRead: call({
    path: 'lock/readMessage',
    summary: 'Mark messages read',
    auth: 'user',
    mutates: true,
    permission: 'message.view',
    schema: { ...idsFields, all: f.bool({ optional: true }) },
  }).answers<{ unread: number }>(),
};
