/**
 * The JSON schemas of the card-service routes (API.md §18): Fastify checks requests with them (answered in the
 * catalogue's words, http.ts) and the OpenAPI document is made from them (server/src/openapi/).
 */

/** The tag every card-service operation carries in the OpenAPI document. */
export const TAG = 'Card service';

const errorAnswer = {
  type: 'object',
  description: 'A refusal: `code` is the HTTP status, `msg` the catalogue text in the request language.',
  required: ['code', 'msg'],
  properties: {
    code: { type: 'integer', example: 400 },
    msg: { type: 'string', example: 'Invalid field: card_uid' },
    error: {
      type: 'string',
      description: 'The catalogue code of the refusal (protocol/src/errors.ts), for clients to act on.',
      example: 'FIELD_INVALID',
    },
  },
} as const;

/** Success `{code: 200, msg: 'ok', data}` around `data`. */
export const okAnswer = (data: object) =>
  ({
    type: 'object',
    required: ['code', 'msg', 'data'],
    properties: { code: { type: 'integer', enum: [200] }, msg: { type: 'string', example: 'ok' }, data },
  }) as const;

/** The responses of a route: 200 with `data`, and the refusal shape for each listed status. */
export function responses(data: object, errors: readonly number[]) {
  const out: Record<string, object> = { 200: okAnswer(data) };
  const texts: Record<number, string> = {
    400: 'Bad input (FIELD_REQUIRED, FIELD_INVALID, DATA_PARSE_FAILED, or a rule of the card).',
    401: 'No token, an unknown or expired token (LOGIN_EXPIRED), or a revoked or unknown key (API_KEY_INVALID).',
    403: 'Another hotel, or the key’s account is frozen, out of service or no longer its administrator.',
    404: 'No such room, stay or card in the key’s hotel (NOT_FOUND).',
    409: 'The card or stay is not in a state for this (CARD_WRITE_UNVERIFIED, WRONG_CARD, CARD_ISSUE_EXPIRED, …).',
    429: 'Too many requests from this address or token (TOO_MANY_ATTEMPTS).',
    500: 'An unexpected failure (ERROR); details only in the server log.',
  };
  for (const status of [...errors, 500])
    out[status] = { ...errorAnswer, description: texts[status] ?? errorAnswer.description };
  return out;
}

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

/** A card written through the API (an authorisation record). */
export const record = {
  type: 'object',
  properties: {
    id: { type: 'integer', description: 'The record id (used to confirm or delete).' },
    card_id: { type: 'string', description: 'The card number written into the card.' },
    status: {
      type: 'string',
      enum: ['pending', 'issued', 'withdrawn', 'deleted', 'void'],
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

export const loginSchema = {
  operationId: 'cardService_login',
  summary: 'Sign in with an API key',
  description:
    'Exchanges an API key (created on the console’s third-party authorisation page) for a bearer token valid `expires_in` seconds. Limited per address (30 a minute by default).',
  tags: [TAG],
  // No token: the API key in the body is what signs in (the document's other operations name bearerAuth).
  security: [],
  body: {
    type: 'object',
    required: ['api_key'],
    properties: { api_key: { type: 'string', maxLength: 200, example: 'ldk_1a2b3c4d_…' } },
  },
  response: responses(
    {
      type: 'object',
      properties: {
        token: { type: 'string' },
        token_type: { type: 'string', enum: ['Bearer'] },
        expires_in: { type: 'integer', description: 'Seconds the token is valid.' },
        hotel_id: { type: 'integer', description: 'The key’s hotel.' },
        key_prefix: { type: 'string' },
      },
    },
    [400, 401, 403, 429],
  ),
} as const;

const bearer = [{ bearerAuth: [] }];

export const roomsSchema = {
  operationId: 'cardService_getRoomListByHotelId',
  summary: 'List the rooms of the hotel',
  description:
    'The rooms of the key’s hotel, paged, by name; each with its lock and its current stay (the guest checked in, if any). `hotel_id` must be the key’s hotel (login answers it).',
  tags: [TAG],
  security: bearer,
  querystring: {
    type: 'object',
    required: ['hotel_id'],
    properties: {
      hotel_id: { type: 'integer', minimum: 1 },
      keyword: { type: 'string', maxLength: 50, description: 'Part of the room name.' },
      page,
      limit,
    },
  },
  response: responses(
    {
      type: 'object',
      properties: {
        list: {
          type: 'array',
          items: {
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
          },
        },
        total: { type: 'integer' },
        page: { type: 'integer' },
        limit: { type: 'integer' },
      },
    },
    [400, 401, 403, 429],
  ),
} as const;

export const writeSchema = {
  operationId: 'cardService_writeRoomCard',
  summary: 'Write a room card: plan, then confirm with the read-back',
  description:
    'Two steps; a card is never recorded as issued unless its write was read back and verified. `step: "plan"` (default) answers the blocks to write on the card with `card_uid` (`writes`, in order, with the key to authenticate each) and the blocks to read back (`verify`). Write them with the encoder, read the `verify` blocks back, then send `step: "confirm"` with the record `id`, the same `card_uid` and the `blocks` read, within 120 s. Only an exact read-back issues the card; otherwise 409 CARD_WRITE_UNVERIFIED and the card stays unissued (plan again). A plan never confirmed becomes void and the lock is told to refuse it.',
  tags: [TAG],
  security: bearer,
  body: {
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
  response: responses(
    {
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
    [400, 401, 403, 404, 409, 429],
  ),
} as const;

export const deleteSchema = {
  operationId: 'cardService_deleteRoomCard',
  summary: 'Cancel a room card',
  description:
    'Deletes a card written through the API (issued or still planned). The lock learns it at its next Bluetooth sync, as for every deleted card; until then `lock_sync` is `pending`.',
  tags: [TAG],
  security: bearer,
  body: {
    type: 'object',
    properties: {
      id: { type: 'integer', minimum: 1, description: 'The record id (or give card_id).' },
      card_id: { type: 'string', pattern: '^\\d{1,10}$', description: 'The card number.' },
    },
  },
  response: responses(record, [400, 401, 403, 404, 409, 429]),
} as const;

export const recordsSchema = {
  operationId: 'cardService_getAuthorizationRecord',
  summary: 'List the cards written through the API',
  description:
    'The authorisation records of the key’s hotel: every card written through the card-service API (by any key of the hotel), newest first, with its state.',
  tags: [TAG],
  security: bearer,
  body: {
    type: 'object',
    properties: {
      room_id: { type: 'integer', minimum: 1 },
      status: { type: 'string', enum: ['pending', 'issued', 'withdrawn', 'deleted', 'void'] },
      page,
      limit,
    },
  },
  response: responses(
    {
      type: 'object',
      properties: {
        list: { type: 'array', items: record },
        total: { type: 'integer' },
        page: { type: 'integer' },
        limit: { type: 'integer' },
      },
    },
    [400, 401, 403, 429],
  ),
} as const;
