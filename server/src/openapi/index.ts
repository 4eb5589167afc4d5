/**
 * The OpenAPI reference, served by the server itself (server/API.md §19):
 *   GET /openapi.json — the OpenAPI 3.1 document of the /manage calls and the card-service API (no session: it
 *                       holds no data; revalidated by ETag);
 *   GET /api-docs/    — a browsable page of it (Swagger UI, its files served from the package: works offline).
 *
 * @fastify/swagger collects the plain routes that declare a schema and a tag (the card-service routes); it must be
 * registered before the routes (buildApp calls registerOpenApi before the route areas). The /manage calls are
 * merged in from their contracts (@lockdesk/protocol's CONTRACTS, those this server registered) and the registry's
 * calls not yet moved to one, when the document is first asked for, when every call is registered.
 */
import { createHash } from 'node:crypto';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { CONTRACTS } from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { readApiMd } from './api-md.js';
import { baseDocument, type DocumentedCall, type OpenApiDocument, withManageCalls } from './document.js';

export const OPENAPI_PATH = '/openapi.json';
export const API_DOCS_PREFIX = '/api-docs';

/**
 * The /manage calls the document holds: every contract this server has a handler for (a development-only call is
 * registered only in development), then the registered calls not yet moved to a contract.
 */
export function documentedCalls(app: FastifyInstance): DocumentedCall[] {
  const registered = [...app.calls.values()];
  const handled = new Set(registered.map((c) => c.contract).filter((c) => c !== undefined));
  return [...CONTRACTS.filter((c) => handled.has(c)), ...registered.filter((c) => c.contract === undefined)];
}

/** Registers the document's collector, the document and its page. Call before the route areas. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: baseDocument() as never,
    // Only routes that say where they belong: the card-service routes are tagged; /health, /manage/*, the device
    // API and the downloads are not (the /manage calls are added from the registry instead).
    hideUntagged: true,
    transformObject: (({ openapiObject }: { openapiObject: OpenApiDocument }) =>
      withManageCalls(openapiObject, documentedCalls(app), readApiMd())) as never,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    // BaseLayout: the page without Swagger UI's top bar (a box to load any other document by URL).
    uiConfig: {
      layout: 'BaseLayout',
      docExpansion: 'none',
      deepLinking: true,
      filter: true,
      tryItOutEnabled: false,
    },
  });

  let served: { body: string; etag: string } | undefined;
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!served) {
      const body = JSON.stringify(app.swagger());
      served = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
    }
    reply.header('cache-control', 'no-cache').header('etag', served.etag);
    if (request.headers['if-none-match'] === served.etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(served.body);
  });
}
