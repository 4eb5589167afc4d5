/**
 * The contracts (@lockdesk/protocol's CONTRACTS, protocol/src/calls) and the server's handlers match one to one:
 * every contract has exactly one handler and every handler of a contract is registered from a listed contract, so
 * an area half moved to contracts cannot be forgotten. Calls not yet moved (registered with a whole definition)
 * are allowed while the move is under way, and counted. A migrated call's path is written only in its contract:
 * neither the server's nor the console's source spells it as a string.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AnyContract, CONTRACTS } from '@lockdesk/protocol';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ROUTE_AREAS } from '../src/areas.js';
import type { AnyCall } from '../src/call.js';
import type { ServerConfig } from '../src/config.js';

/** The registry as buildApp fills it, without a database: the route areas only declare their calls. */
function registeredCalls(): Map<string, AnyCall> {
  const app = Fastify();
  // Demo mode, so the development calls are registered too.
  app.decorate('config', { demo: true } as ServerConfig);
  app.decorate('calls', new Map<string, AnyCall>());
  for (const area of ROUTE_AREAS) area(app);
  return app.calls;
}

/** Source files (not tests) under a folder. */
function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

describe('call contracts', () => {
  const calls = registeredCalls();
  const registered = [...calls.values()];

  it('are declared once each, under distinct paths', () => {
    const paths = CONTRACTS.map((c) => c.path.toLowerCase());
    expect(new Set(paths).size).toBe(paths.length);
    expect(new Set(CONTRACTS).size).toBe(CONTRACTS.length);
  });

  it('each have exactly one handler, and each handler of a contract a listed contract', () => {
    const handlers = new Map<AnyContract, number>();
    for (const call of registered)
      if (call.contract) handlers.set(call.contract, (handlers.get(call.contract) ?? 0) + 1);
    const unhandled = CONTRACTS.filter((c) => handlers.get(c) !== 1).map((c) => c.path);
    expect(unhandled).toEqual([]);
    const unlisted = [...handlers.keys()].filter((c) => !CONTRACTS.includes(c)).map((c) => c.path);
    expect(unlisted).toEqual([]);
  });

  it('carry their path, access and effects into the registry unchanged', () => {
    for (const call of registered) {
      const contract = call.contract;
      if (!contract) continue;
      expect(call.path, contract.path).toBe(contract.path);
      expect(call.schema, contract.path).toBe(contract.schema);
      expect([call.auth, call.mutates, call.permission, call.roles], contract.path).toEqual([
        contract.auth,
        contract.mutates,
        contract.permission,
        contract.roles,
      ]);
    }
  });

  it('counts the calls not yet moved to a contract', () => {
    const left = registered.filter((c) => !c.contract).map((c) => c.path);
    // Reported, not refused, while the areas move one by one; the move is done when this is 0.
    console.info(
      `/manage calls on contracts: ${CONTRACTS.length} of ${registered.length}; left: ${left.length}`,
    );
    expect(CONTRACTS.length + left.length).toBe(registered.length);
  });

  it('leave no migrated call path written as a string in the server or the console', () => {
    const root = fileURLToPath(new URL('../../', import.meta.url));
    const files = [...sources(join(root, 'server/src')), ...sources(join(root, 'web/src'))];
    const quoted = new Map(
      CONTRACTS.filter((c) => c.path.includes('/')).flatMap((c) =>
        [`'${c.path}'`, `"${c.path}"`].map((q) => [q, c.path]),
      ),
    );
    // A one-word path (login, logout, captcha) is also a plain word elsewhere — a session's revoke reason, a page's
    // title key, a test id — so it counts only where it names a call: as a `path:` or the call of callManage or
    // usePage.
    const asCall = CONTRACTS.filter((c) => !c.path.includes('/')).map(
      (c) =>
        [
          new RegExp(`(?:path:\\s*|(?:callManage|usePage)(?:<[^>]*>)?\\([^'"]*)['"]${c.path}['"]`),
          c.path,
        ] as const,
    );
    const found: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const [q, path] of quoted)
        if (text.includes(q)) found.push(`${path} in ${file.slice(root.length)}`);
      for (const [call, path] of asCall)
        if (call.test(text)) found.push(`${path} in ${file.slice(root.length)}`);
    }
    expect(found).toEqual([]);
  });
});
