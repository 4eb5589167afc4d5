/**
 * The card-service API (server/API.md §18; spec §7 'Second client'): plain JSON over HTTP for a PMS or kiosk that
 * issues room cards without the console, signed in with an API key (calls/api-keys.ts). Each call is declared once
 * here (service-contract.ts): the server's route, Fastify's check of the input, the OpenAPI document and the
 * console's try-out panel all take it.
 *
 *   POST /auth/login {api_key}                → a bearer token (2 h)
 *   GET  /linQuan/getRoomListByHotelId        → the hotel's rooms, paged, with the current stay
 *   POST /linQuan/writeRoomCard               → plan (blocks to write) / confirm (the read-back)
 *   POST /linQuan/deleteRoomCard              → cancel a card written through the API
 *   POST /linQuan/getAuthorizationRecord      → the cards written through the API, paged, with their state
 */
import type { VerifyStep, WriteStep } from '../card-security.js';
import type { Page } from './page.js';
import { serviceCall } from './service-contract.js';

/** The states of a card written through the API (a card's states, API.md §8). */
export const SERVICE_CARD_STATUSES = ['pending', 'issued', 'withdrawn', 'deleted', 'void'] as const;
export type ServiceCardStatus = (typeof SERVICE_CARD_STATUSES)[number];

/** POST /auth/login's answer. */
export interface ServiceLogin {
  token: string;
  token_type: 'Bearer';
  /** Seconds the token is valid. */
  expires_in: number;
  /** The key's hotel. */
  hotel_id: number;
  key_prefix: string;
}

/** A room as GET /linQuan/getRoomListByHotelId lists it. */
export interface ServiceRoom {
  room_id: number;
  name: string;
  building: number | null;
  floor: number | null;
  group_name: string | null;
  /** The lock; null: no lock (no card can be written). */
  mac_id: string | null;
  status: number;
  stay: { stay_id: number; guest_name: string; check_in: number; check_out: number; status: string } | null;
}

/** A card written through the API (an authorisation record); times in seconds. */
export interface ServiceRecord {
  id: number;
  card_id: string;
  status: ServiceCardStatus;
  room_id: number | null;
  room_name: string | null;
  stay_id: number | null;
  guest_name: string;
  uid: string | null;
  start_time: number | null;
  end_time: number | null;
  issued_at: number | null;
  created_at: number | null;
  key_prefix: string;
  lock_sync: 'none' | 'pending' | 'done';
}

/** writeRoomCard's answer to `step: "plan"`: the blocks to write, and those to read back. */
export interface ServiceCardPlan {
  step: 'plan';
  id: number;
  card_id: string;
  uid: string;
  /** Confirm before this time (seconds). */
  expires_at: number;
  writes: WriteStep[];
  verify: VerifyStep[];
  record: ServiceRecord;
}

/** writeRoomCard's answer to `step: "confirm"`: the card, issued. */
export interface ServiceCardConfirmed {
  step: 'confirm';
  id: number;
  card_id: string;
  uid: string;
  record: ServiceRecord;
}

// ---- The schemas' parts ----

const time = (description: string) =>
  ({
    type: ['integer', 'string'],
    description: `${description} Seconds since epoch, ISO 8601, or 'YYYY-MM-DD HH:mm' in hotel time (UTC+8).`,
  }) as const;

const secondsOrNull = (description: string) =>
  ({ type: ['integer', 'null'], description: `${description} (seconds since epoch)` }) as const;

const uid = {
  type: 'string',
  pattern: '^(?:[0-9A-Fa-f]{8}|[0-9A-Fa-f]{14})$',
  description: 'The card UID as the encoder reads it: 4 or 7 bytes, hex.',
  example: '04A1B2C3',
} as const;

const page = { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 } as const;
const limit = { type: 'integer', minimum: 1, maximum: 100, default: 20 } as const;

const step = {
  type: 'object',
  required: ['block', 'key', 'data'],
  properties: {
    block: { type: 'integer', description: 'MIFARE Classic 1K block number.' },
    key: { type: 'string', description: 'Key A to authenticate the block’s sector with (12 hex).' },
    keyType: { type: 'string', enum: ['A', 'B'] },
    data: { type: 'string', description: '16 bytes as 32 hex.' },
  },
} as const;

/** A card written through the API (an authorisation record), as answered. */
const record = {
  type: 'object',
  properties: {
    id: { type: 'integer', description: 'The record id (used to confirm or delete).' },
    card_id: { type: 'string', description: 'The card number written into the card.' },
    status: {
      type: 'string',
      enum: SERVICE_CARD_STATUSES,
      description:
        'pending: planned, not yet verified (120 s); issued: verified; deleted: cancelled (locks learn it at their next sync); void: never verified.',
    },
    room_id: { type: ['integer', 'null'] },
    room_name: { type: ['string', 'null'] },
    stay_id: { type: ['integer', 'null'] },
    guest_name: { type: 'string' },
    uid: { type: ['string', 'null'] },
    start_time: secondsOrNull('Valid from'),
    end_time: secondsOrNull('Valid until'),
    issued_at: secondsOrNull('Verified at'),
    created_at: secondsOrNull('Planned at'),
    key_prefix: { type: 'string', description: 'The API key that wrote it.' },
    lock_sync: {
      type: 'string',
      enum: ['none', 'pending', 'done'],
      description: 'What the room’s lock still has to learn by Bluetooth (a deletion).',
    },
  },
} as const;

/** A page of a list: its rows, the total and the page asked for. */
const pageOf = <const I>(items: I) =>
  ({
    type: 'object',
    properties: {
      list: { type: 'array', items },
      total: { type: 'integer' },
      page: { type: 'integer' },
      limit: { type: 'integer' },
    },
  }) as const;

export const cardServiceCalls = {
  login: serviceCall({
    method: 'POST',
    path: '/auth/login',
    summary: 'Sign in with an API key',
    description:
      'Exchanges an API key (created on the console’s third-party authorisation page) for a bearer token valid `expires_in` seconds. Limited per address (30 a minute by default).',
    auth: 'public',
    mutates: true,
    input: {
      type: 'object',
      required: ['api_key'],
      properties: { api_key: { type: 'string', maxLength: 200, example: 'ldk_1a2b3c4d_…' } },
    },
    answer: {
      type: 'object',
      properties: {
        token: { type: 'string' },
        token_type: { type: 'string', enum: ['Bearer'] },
        expires_in: { type: 'integer', description: 'Seconds the token is valid.' },
        hotel_id: { type: 'integer', description: 'The key’s hotel.' },
        key_prefix: { type: 'string' },
      },
    },
    refusals: [400, 401, 403, 429],
  }).answers<ServiceLogin>(),

  rooms: serviceCall({
    method: 'GET',
    path: '/linQuan/getRoomListByHotelId',
    summary: 'List the rooms of the hotel',
    description:
      'The rooms of the key’s hotel, paged, by name; each with its lock and its current stay (the guest checked in, if any). `hotel_id` must be the key’s hotel (login answers it).',
    auth: 'token',
    mutates: false,
    input: {
      type: 'object',
      required: ['hotel_id'],
      properties: {
        hotel_id: { type: 'integer', minimum: 1 },
        keyword: { type: 'string', maxLength: 50, description: 'Part of the room name.' },
        page,
        limit,
      },
    },
    answer: pageOf({
      type: 'object',
      properties: {
        room_id: { type: 'integer' },
        name: { type: 'string' },
        building: { type: ['integer', 'null'] },
        floor: { type: ['integer', 'null'] },
        group_name: { type: ['string', 'null'] },
        mac_id: {
          type: ['string', 'null'],
          description: 'The lock; null: no lock (no card can be written).',
        },
        status: {
          type: 'integer',
          description: 'Room status (0 open … 4 maintenance, console codes).',
        },
        stay: {
          type: ['object', 'null'],
          properties: {
            stay_id: { type: 'integer' },
            guest_name: { type: 'string' },
            check_in: { type: 'integer' },
            check_out: { type: 'integer' },
            status: { type: 'string' },
          },
        },
      },
    }),
    refusals: [400, 401, 403, 429],
  }).answers<Page<ServiceRoom>>(),

  writeCard: serviceCall({
    method: 'POST',
    path: '/linQuan/writeRoomCard',
    summary: 'Write a room card: plan, then confirm with the read-back',
    description:
      'Two steps; a card is never recorded as issued unless its write was read back and verified. `step: "plan"` (default) answers the blocks to write on the card with `card_uid` (`writes`, in order, with the key to authenticate each) and the blocks to read back (`verify`). Write them with the encoder, read the `verify` blocks back, then send `step: "confirm"` with the record `id`, the same `card_uid` and the `blocks` read, within 120 s. Only an exact read-back issues the card; otherwise 409 CARD_WRITE_UNVERIFIED and the card stays unissued (plan again). A plan never confirmed becomes void and the lock is told to refuse it.',
    auth: 'token',
    mutates: true,
    input: {
      type: 'object',
      required: ['card_uid'],
      properties: {
        step: { type: 'string', enum: ['plan', 'confirm'], default: 'plan' },
        card_uid: uid,
        room_id: { type: 'integer', minimum: 1, description: 'plan: the room whose lock the card opens.' },
        stay_id: {
          type: 'integer',
          minimum: 1,
          description:
            'plan: a stay of that room (checked in or reserved); its period is the default validity.',
        },
        start_time: time('plan: valid from (default: the stay’s check-in, else now).'),
        end_time: time('plan: valid until (default: the stay’s check-out; required without a stay).'),
        guest_name: { type: 'string', maxLength: 64, description: 'plan: the guest, kept with the record.' },
        unsubscribe_old: {
          type: 'boolean',
          description: 'plan: the lock stops opening to older guest cards once this one is used.',
        },
        id: { type: 'integer', minimum: 1, description: 'confirm: the record id of the plan.' },
        blocks: {
          type: 'object',
          description: 'confirm: every `verify` block as read back: {"4": "32 hex", …}.',
          additionalProperties: { type: 'string' },
        },
      },
    },
    answer: {
      type: 'object',
      properties: {
        step: { type: 'string', enum: ['plan', 'confirm'] },
        id: { type: 'integer' },
        card_id: { type: 'string' },
        uid: { type: 'string' },
        expires_at: { type: 'integer', description: 'plan: confirm before this time (seconds).' },
        writes: { type: 'array', items: step },
        verify: { type: 'array', items: step },
        record,
      },
    },
    refusals: [400, 401, 403, 404, 409, 429],
  }).answers<ServiceCardPlan | ServiceCardConfirmed>(),

  deleteCard: serviceCall({
    method: 'POST',
    path: '/linQuan/deleteRoomCard',
    summary: 'Cancel a room card',
    description:
      'Deletes a card written through the API (issued or still planned). The lock learns it at its next Bluetooth sync, as for every deleted card; until then `lock_sync` is `pending`.',
    auth: 'token',
    mutates: true,
    input: {
      type: 'object',
      properties: {
        id: { type: 'integer', minimum: 1, description: 'The record id (or give card_id).' },
        card_id: { type: 'string', pattern: '^\\d{1,10}$', description: 'The card number.' },
      },
    },
    answer: record,
    refusals: [400, 401, 403, 404, 409, 429],
  }).answers<ServiceRecord>(),

  records: serviceCall({
    method: 'POST',
    path: '/linQuan/getAuthorizationRecord',
    summary: 'List the cards written through the API',
    description:
      'The authorisation records of the key’s hotel: every card written through the card-service API (by any key of the hotel), newest first, with its state.',
    auth: 'token',
    mutates: false,
    input: {
      type: 'object',
      properties: {
        room_id: { type: 'integer', minimum: 1 },
        status: { type: 'string', enum: SERVICE_CARD_STATUSES },
        page,
        limit,
      },
    },
    answer: pageOf(record),
    refusals: [400, 401, 403, 429],
  }).answers<Page<ServiceRecord>>(),
};

/** Every card-service contract (the server registers one route each). */
export const SERVICE_CONTRACTS = Object.values(cardServiceCalls);
