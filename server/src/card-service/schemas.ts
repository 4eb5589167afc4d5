/**
 * The Fastify route schema of a card-service call, made from its contract (@lockdesk/protocol's cardServiceCalls:
 * the input's and the answer's JSON Schema): Fastify checks requests with it (answered in the catalogue's words,
 * http.ts) and @fastify/swagger writes it into the OpenAPI document (server/src/openapi/). Here: the answer's
 * envelope `{code, msg, data}` and the refusals' shape, which are this server's (answers.ts).
 */
import { type AnyServiceContract, serviceOperationId } from '@lockdesk/protocol';
import type { FastifySchema } from 'fastify';

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
const okAnswer = (data: object) =>
  ({
    type: 'object',
    required: ['code', 'msg', 'data'],
    properties: { code: { type: 'integer', enum: [200] }, msg: { type: 'string', example: 'ok' }, data },
  }) as const;

/** The responses of a route: 200 with `data`, and the refusal shape for each listed status. */
function responses(data: object, errors: readonly number[]) {
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

/** The route schema of a card-service contract: its operation, its input (query or body) and its answers. */
export function routeSchema(contract: AnyServiceContract): FastifySchema {
  return {
    operationId: serviceOperationId(contract),
    summary: contract.summary,
    description: contract.description,
    tags: [TAG],
    // No token for a public call: the API key in the body is what signs in (the other operations name bearerAuth).
    security: contract.auth === 'public' ? [] : [{ bearerAuth: [] }],
    [contract.method === 'GET' ? 'querystring' : 'body']: contract.input,
    response: responses(contract.answer, contract.refusals),
  };
}
