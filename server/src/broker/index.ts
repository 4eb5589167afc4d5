/**
 * The message broker's credentials (API.md §20, services/broker-credentials.ts):
 * - `broker/credential` — the signed-in operator's short-lived credential for the encoders of their hotel (the
 *   console's remote reader connects with it), renewed by naming it again;
 * - `POST /broker/auth` — the check a broker makes when a client connects (the gateway's embedded broker; EMQX's
 *   HTTP authenticator): plain JSON, always 200 with allow (and the client's ACL) or deny, 429 for failures past
 *   the budget of the credential they named (of the address when they named none), so it cannot be used to guess
 *   passwords nor to keep others out.
 * The gateway's credential is issued per reader by `dispenser/brokerCredential` (dispensers.ts).
 */
import { brokerCalls } from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { FailureLimit } from '../auth/rate-limit.js';
import { defineCall } from '../call.js';
import { checkBrokerLogin, consoleCredential } from '../services/broker-credentials.js';

/** The OpenAPI tag of the broker's check. */
export const BROKER_TAG = 'Message broker';

const verdictSchema = {
  type: 'object',
  required: ['result'],
  properties: {
    result: { type: 'string', enum: ['allow', 'deny'] },
    is_superuser: { type: 'boolean', enum: [false] },
    kind: { type: 'string', enum: ['console', 'gateway'] },
    devices: { type: 'array', items: { type: 'string', pattern: '^[0-9A-F]{12}$' } },
    expire_at: { type: 'integer', description: 'Console credentials: when they end (seconds since epoch).' },
    acl: {
      type: 'array',
      items: {
        type: 'object',
        required: ['permission', 'action', 'topic'],
        properties: {
          permission: { type: 'string', enum: ['allow'] },
          action: { type: 'string', enum: ['publish', 'subscribe'] },
          topic: { type: 'string', example: 'lockdesk/send/041780200001' },
        },
      },
    },
  },
} as const;

export function brokerRoutes(app: FastifyInstance): void {
  defineCall(app, brokerCalls.credential, {
    handler: async (ctx, body) =>
      consoleCredential(
        ctx.db,
        ctx.app.brokerMirror,
        {
          sessionId: ctx.user.sessionId,
          hotelId: ctx.requireHotelId(),
          serviceEndsAt: ctx.user.serviceEndsAt,
        },
        body.username === '' ? undefined : body.username,
        ctx.now().getTime(),
      ),
  });

  const failures = new FailureLimit(app.db, 'broker-auth', app.config.publicCallsPerMinute, app.config.now);
  app.post(
    '/broker/auth',
    {
      schema: {
        tags: [BROKER_TAG],
        operationId: 'brokerAuth',
        summary: 'Check a broker client’s username and password (for brokers: the gateway’s, EMQX)',
        description:
          'Plain JSON, no envelope, no session. Always 200: `allow` with the client’s topics, or `deny` (unknown ' +
          'user, wrong password, expired, revoked, malformed body). 429 `deny` for a failure past the budget of ' +
          'the credential it named (of the address when it named none) this minute; a good password is always allowed. The answer is EMQX 5’s HTTP-authentication shape. server/API.md §20.',
        body: {
          type: 'object',
          required: ['username', 'password'],
          properties: {
            username: { type: 'string', maxLength: 128, example: 'gateway-041780200001' },
            password: { type: 'string', maxLength: 256 },
            clientid: { type: 'string', maxLength: 256 },
          },
        },
        response: { 200: verdictSchema, 429: verdictSchema },
      },
      // A body that fails the schema is a deny like any other failure, never a 400.
      attachValidation: true,
    },
    async (request, reply) => {
      const body = request.body as { username?: unknown; password?: unknown } | null;
      const username = typeof body?.username === 'string' ? body.username : '';
      const password = typeof body?.password === 'string' ? body.password : '';
      const { verdict, knownName } =
        request.validationError || username === '' || password === ''
          ? { verdict: { result: 'deny' } as const, knownName: false }
          : await checkBrokerLogin(app.db, username, password, app.config.now());
      if (verdict.result === 'allow') return reply.code(200).send(verdict);
      // Every client of an embedded broker reaches this check from the gateway's one address: counting failures
      // per address would let one process sending junk keep every console off the encoder (as the device API's
      // limit did, issue 19 §3). A failure counts against the credential it named, and against the address only
      // when it named none; a good password is checked first and never refused for anyone's failures.
      const key = knownName ? `name:${username}` : `address:${request.ip}`;
      const exhausted = await failures.fail(key);
      return reply.code(exhausted ? 429 : 200).send(verdict);
    },
  );
}
