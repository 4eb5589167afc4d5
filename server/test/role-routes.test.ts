/**
 * API.md §12 (the role and route table) cannot drift: its role × permission table equals the protocol's
 * ROLE_PERMISSIONS and GRANTABLE, its route table equals ROUTE_PERMISSIONS, and each route's main call is a
 * registered call whose permission is the route's (a route open to every account: a call without one).
 */
import {
  type AccountRole,
  GRANTABLE,
  PERMISSIONS,
  ROLE_PERMISSIONS,
  ROUTE_PERMISSIONS,
} from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { apiDocText } from './api-doc.js';
import { migratedEmbedded } from './helpers.js';

/** The table rows (cells without backticks) of API.md's section 12. */
function sectionRows(): string[][] {
  const text = apiDocText();
  const start = text.indexOf('\n## 12. ');
  const end = text.indexOf('\n## 13. ', start);
  expect(start).toBeGreaterThan(0);
  return text
    .slice(start, end < 0 ? undefined : end)
    .split('\n')
    .filter((l) => l.startsWith('|') && !/^\|[\s:|-]+\|$/.test(l))
    .map((l) =>
      l
        .slice(1, -1)
        .split('|')
        .map((c) => c.trim().replaceAll('`', '')),
    );
}

const ROLES: AccountRole[] = ['super', 'secondary', 'staff', 'customer_manager'];

describe('API.md §12: the role and route table', () => {
  let app: FastifyInstance;
  const rows = sectionRows();
  const roleRows = rows.filter((r) => r.length === 6 && r[0] !== 'Permission');
  const routeRows = rows.filter((r) => r.length === 3 && r[0] !== 'Route');

  beforeAll(async () => {
    app = await buildApp({
      database: { kind: 'pglite', dataDir: 'memory://role-routes', startFrom: migratedEmbedded() },
      logger: false,
      webDist: null,
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('documents each role’s permissions and the grantable ones as the protocol holds them', () => {
    expect(roleRows.map((r) => r[0])).toEqual([...PERMISSIONS]);
    for (const [permission, ...cells] of roleRows) {
      ROLES.forEach((role, i) => {
        expect(cells[i] === 'yes', `${role} ${permission}`).toBe(
          (ROLE_PERMISSIONS[role] as readonly string[]).includes(permission as string),
        );
      });
      expect(cells[4] === 'yes', `grantable ${permission}`).toBe(
        (GRANTABLE as readonly string[]).includes(permission as string),
      );
    }
  });

  it('documents every route of ROUTE_PERMISSIONS with its permission', () => {
    const documented = Object.fromEntries(routeRows.map(([route, permission]) => [route, permission]));
    const expected = Object.fromEntries(
      Object.entries(ROUTE_PERMISSIONS).map(([route, permission]) => [route, permission ?? '—']),
    );
    expect(documented).toEqual(expected);
  });

  it("holds each route's main call to the route's permission", () => {
    const mismatched: string[] = [];
    for (const [route, permission, call] of routeRows) {
      const registered = app.calls.get(call as string);
      const expected = permission === '—' ? undefined : permission;
      if (registered?.permission !== expected || registered?.auth !== 'user')
        mismatched.push(
          `${route}: ${call} is ${registered ? (registered.permission ?? '—') : 'not registered'}`,
        );
    }
    expect(mismatched).toEqual([]);
  });

  it('names the staff pages by their staff calls', () => {
    const byRoute = Object.fromEntries(routeRows.map(([route, , call]) => [route, call]));
    expect(byRoute['/worker/workerList']).toBe('room/staffList');
    expect(byRoute['/worker/permissionsList']).toBe('room/staffManageRoomList1');
    expect(byRoute['/worker/Authority']).toBe('user/setManager');
  });
});
