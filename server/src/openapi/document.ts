/**
 * The one OpenAPI 3.1 document of the server's two APIs: the /manage calls, written here from their contracts
 * (@lockdesk/protocol's CONTRACTS: each call's `f` field rows, auth, permission, roles, mutates, summary; calls not
 * yet moved to a contract from the registry `app.calls`; the description from API.md), and the
 * plain Fastify routes that carry a schema (the card-service API under /auth and /linQuan, each route's schema made
 * from its contract, protocol's cardServiceCalls, by card-service/schemas.ts), collected by @fastify/swagger, into
 * which the /manage paths are merged.
 */
import { readFileSync } from 'node:fs';
import { ERRNO, ERROR_CODES } from '@lockdesk/protocol';
import type { AnyCall } from '../call.js';

import { type CallDoc, callDocs } from './api-md.js';
import { bodySchema, type JsonSchema } from './field-schema.js';

/** What the document says of a /manage call: a contract, or a registered call not yet moved to one. */
export type DocumentedCall = Pick<
  AnyCall,
  'path' | 'summary' | 'auth' | 'schema' | 'mutates' | 'permission' | 'roles'
>;

/** An OpenAPI document, as far as this module reads and writes it. */
export interface OpenApiDocument {
  openapi: string;
  info: {
    title: string;
    version: string;
    description?: string;
    license?: { name: string; identifier?: string };
  };
  paths: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
  tags?: { name: string; description?: string }[];
  [key: string]: unknown;
}

/** The tag of /manage calls API.md has no heading for. */
export const UNDOCUMENTED_TAG = 'Management API (other calls)';
/** The tag the card-service routes carry (slice F declares it on each route). */
export const CARD_SERVICE_TAG = 'Card service';

/** The server package's version and license (package.json). */
function serverPackage(): { version: string; license: string } {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version?: string;
      license?: string;
    };
    return { version: pkg.version ?? '0.0.0', license: pkg.license ?? 'UNLICENSED' };
  } catch {
    return { version: '0.0.0', license: 'UNLICENSED' };
  }
}

/**
 * The document's license object: the package's SPDX identifier, or npm's UNLICENSED (not licensed for use by
 * others: proprietary), which is no SPDX identifier and so goes in the name alone.
 */
function licenseOf(license: string): { name: string; identifier?: string } {
  return license === 'UNLICENSED'
    ? { name: 'Proprietary (UNLICENSED): all rights reserved' }
    : { name: license, identifier: license };
}

const DESCRIPTION = `The HTTP APIs of a LockDesk server, generated from the server's own call definitions.

## 1. The management API (\`POST /manage/<path>\`)

The console's API. Every call is \`POST /manage/<path>\`; the request body and the answer travel **DES-encrypted**
(the full conventions: server/API.md §1).

- **Request**: \`{"data": "<envelope>", "language": "en"}\`, where \`<envelope>\` is the base64 DES-CBC (PKCS#7)
  ciphertext of the JSON object \`{"action": "manage", "uid": <account id>, ...fields}\` under the deployment's key
  and IV (\`LOCKDESK_DES_KEY\` / \`LOCKDESK_DES_IV\`; \`encryptEnvelope\` of @lockdesk/protocol). **Each operation
  below documents that decrypted object.**
- **Headers**: \`language\` (zh-CN, zh-TW, en, ko, de, ru-RU, es, ar, pt, ja, fr, it) for the language of \`errmsg\`;
  \`uuid\`, the client's generated id; \`Authorization: Bearer <token>\` with the session token \`login\` answers
  (security scheme *sessionToken*).
- **Answer**: always HTTP 200 with \`{"data": "<envelope>"}\`; decrypted, \`{"errno": 0, "errmsg": "", "data": …}\`
  on success, or \`{"errno": 1, "errmsg": "<text in the caller's language>", "code": "<catalogue code>", "data": null}\`
  on a refusal (*ManageAnswer*). errno ${ERRNO.loginExpired} means the session is missing or expired, ${ERRNO.sessionRevoked} that it was
  revoked, ${ERRNO.noMessage} that the caller is over its call budget. A client acts on \`code\`, never on \`errmsg\`.
- Field values may also be sent as strings (\`"12"\`, \`"true"\`, \`"1"\`); an empty string counts as missing. Times
  in answers are seconds since epoch. Paged lists take \`page\` and \`limit\` and answer \`{list, total, page, limit}\`.
- Access: every call states whether it needs a session, the permission and roles it needs
  (\`x-lockdesk-permission\`, \`x-lockdesk-roles\`; room scope is checked per room), and whether it is recorded in
  the operation log (\`x-lockdesk-mutates\`). A field refused with a code of its own names it in
  \`x-lockdesk-codes\`.

Answers of the management API are described in each call's text (from server/API.md), not as schemas.

## 2. The card-service API (\`/auth\`, \`/linQuan\`)

For third-party systems: sign in with an API key (\`POST /auth/login\`), then call with
\`Authorization: Bearer <token>\` (security scheme *bearerAuth*). Plain JSON, no envelope; every answer is
\`{"code", "msg", "data"}\` with code 200 on success (server/API.md §18).

Not covered here: the locks' device API (\`/device/v1\`, server/API.md §10), export downloads and uploads.`;

/** The document before any route is added: info, security schemes, shared schemas. */
export function baseDocument(): Omit<OpenApiDocument, 'paths'> {
  return {
    openapi: '3.1.0',
    info: {
      title: 'LockDesk server API',
      version: serverPackage().version,
      description: DESCRIPTION,
      license: licenseOf(serverPackage().license),
    },
    servers: [{ url: '/', description: 'This server' }],
    components: {
      securitySchemes: {
        sessionToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'The session token `login` answers (management API).',
        },
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'The token `POST /auth/login` answers for an API key (card-service API).',
        },
      },
      parameters: {
        language: {
          name: 'language',
          in: 'header',
          required: false,
          description: "The caller's language for `errmsg` (else the body's `language`, else English).",
          schema: {
            type: 'string',
            examples: ['en', 'zh-CN', 'zh-TW', 'ko', 'de', 'ru-RU', 'es', 'ar', 'pt', 'ja', 'fr', 'it'],
          },
        },
        uuid: {
          name: 'uuid',
          in: 'header',
          required: false,
          description: "The client's generated id (operation log; login attempts are counted per client).",
          schema: { type: 'string', maxLength: 200 },
        },
      },
      schemas: {
        ManageAnswer: {
          type: 'object',
          description:
            'The decrypted answer of every /manage call. On the wire it is sealed: `{"data": "<DES-CBC base64 of this object>"}`.',
          properties: {
            errno: {
              type: 'integer',
              description: `0 success; 1 a refusal with a message; ${ERRNO.loginExpired} login expired; ${ERRNO.sessionRevoked} session revoked; ${ERRNO.silentReject} uid mismatch (silent); ${ERRNO.noMessage} too many calls.`,
            },
            errmsg: {
              type: 'string',
              description: "The refusal's text in the caller's language ('' on success).",
            },
            code: { $ref: '#/components/schemas/ErrorCode' },
            data: { description: 'The answer (see the call), or null; some refusals carry data too.' },
          },
          required: ['errno', 'errmsg', 'data'],
        },
        ManageRequest: {
          type: 'object',
          description: 'The request as sent on the wire.',
          properties: {
            data: { type: 'string', description: 'DES-CBC base64 of the decrypted body the call documents.' },
            language: { type: 'string', description: 'The language, when no `language` header is sent.' },
          },
          required: ['data'],
        },
        ErrorCode: {
          type: 'string',
          description: 'The catalogue code of a refusal (protocol/src/errors.ts); absent on success.',
          enum: [...ERROR_CODES],
        },
      },
    },
  };
}

/** Whether the call's access and effects, said in words under its description. */
function accessText(call: DocumentedCall): string {
  const parts: string[] = [];
  parts.push(call.auth === 'public' ? 'Public: no session needed.' : 'Needs a session token.');
  if (call.permission) parts.push(`Permission: \`${call.permission}\`.`);
  if (call.roles) parts.push(`Roles: ${call.roles.map((r) => `\`${r}\``).join(', ')}.`);
  parts.push(call.mutates ? 'Recorded in the operation log.' : 'Read-only.');
  return parts.join(' ');
}

/** The decrypted request body of a call: `action`, `uid` (signed-in calls) and the call's own fields. */
export function decryptedBody(call: DocumentedCall): JsonSchema {
  const body = bodySchema(call.schema);
  const own = body['properties'] as Record<string, JsonSchema>;
  const properties: Record<string, JsonSchema> = {
    action: { type: 'string', enum: ['manage'], description: 'May be omitted; any other value is refused.' },
    ...(call.auth === 'user'
      ? {
          uid: {
            type: ['integer', 'string'],
            description: "The signed-in account's id; optional, checked against the token (never trusted).",
          },
        }
      : {}),
    ...own,
  };
  return { ...body, properties };
}

/** The OpenAPI operation of one /manage call. */
export function manageOperation(call: DocumentedCall, doc: CallDoc | undefined): Record<string, unknown> {
  const description = [doc?.description, `**Access.** ${accessText(call)}`].filter(Boolean).join('\n\n');
  return {
    operationId: `manage_${call.path.replace(/[^A-Za-z0-9]+/g, '_')}`,
    tags: [doc ? doc.section.title : UNDOCUMENTED_TAG],
    summary: call.summary ?? doc?.summary ?? call.path,
    description,
    security: call.auth === 'user' ? [{ sessionToken: [] }] : [],
    parameters: [{ $ref: '#/components/parameters/language' }, { $ref: '#/components/parameters/uuid' }],
    requestBody: {
      required: true,
      description:
        'The DECRYPTED body: on the wire it is `{"data": "<DES-CBC base64 of this object>"}` (*ManageRequest*).',
      content: { 'application/json': { schema: decryptedBody(call) } },
    },
    responses: {
      '200': {
        description: 'The answer envelope, decrypted (sealed on the wire as `{"data": "<envelope>"}`).',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ManageAnswer' } } },
      },
    },
    'x-lockdesk-auth': call.auth,
    'x-lockdesk-mutates': call.mutates,
    ...(call.permission ? { 'x-lockdesk-permission': call.permission } : {}),
    ...(call.roles ? { 'x-lockdesk-roles': [...call.roles] } : {}),
  };
}

/**
 * The document with every /manage call added to what @fastify/swagger collected: one path per call, tagged by its
 * API.md section (tags in section order, the card service after them).
 */
export function withManageCalls(
  collected: OpenApiDocument,
  calls: readonly DocumentedCall[],
  apiMd: string | null,
): OpenApiDocument {
  const lower = new Set(calls.map((c) => c.path.toLowerCase()));
  const docs = apiMd ? callDocs(apiMd, (word) => lower.has(word.toLowerCase())) : new Map<string, CallDoc>();
  const sections = new Map<string, number>();
  const paths: Record<string, Record<string, unknown>> = {};
  const sorted = [...calls].sort((a, b) => {
    const sa = docs.get(a.path.toLowerCase())?.section.number ?? Number.MAX_SAFE_INTEGER;
    const sb = docs.get(b.path.toLowerCase())?.section.number ?? Number.MAX_SAFE_INTEGER;
    return sa - sb || a.path.localeCompare(b.path);
  });
  for (const call of sorted) {
    const doc = docs.get(call.path.toLowerCase());
    if (doc) sections.set(doc.section.title, doc.section.number);
    paths[`/manage/${call.path}`] = { post: manageOperation(call, doc) };
  }
  const tags: { name: string; description?: string }[] = [...sections.entries()]
    .sort((a, b) => a[1] - b[1])
    .map(([name, n]) => ({ name, description: `Management API — server/API.md §${n}.` }));
  if (sorted.some((c) => !docs.has(c.path.toLowerCase())))
    tags.push({
      name: UNDOCUMENTED_TAG,
      description: 'Management API calls without a section in server/API.md.',
    });
  const known = new Set(tags.map((t) => t.name));
  for (const t of collected.tags ?? []) if (!known.has(t.name)) tags.push(t);
  if (!known.has(CARD_SERVICE_TAG) && !tags.some((t) => t.name === CARD_SERVICE_TAG))
    tags.push({
      name: CARD_SERVICE_TAG,
      description: 'Card-service API for third parties — server/API.md §18.',
    });
  return { ...collected, tags, paths: { ...paths, ...collected.paths } };
}
