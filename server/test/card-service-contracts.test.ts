/**
 * The card-service contracts (@lockdesk/protocol's cardServiceCalls, protocol/src/calls/card-service.ts): each call
 * is declared once, under its own path and operation, and its path is written only there: the server's routes and
 * the console's second client take the contract (the OpenAPI test checks that the document holds each route).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVICE_CONTRACTS, serviceOperationId } from '@lockdesk/protocol';
import { describe, expect, it } from 'vitest';

/** Source files (not tests) under a folder. */
function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

describe('card-service contracts', () => {
  it('are declared once each, under distinct paths and operation ids', () => {
    const paths = SERVICE_CONTRACTS.map((c) => c.path.toLowerCase());
    expect(new Set(paths).size).toBe(paths.length);
    const ids = SERVICE_CONTRACTS.map(serviceOperationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const c of SERVICE_CONTRACTS) expect(c.input['type'], c.path).toBe('object');
  });

  it('leave no card-service path written as a string in the server or the console', () => {
    const root = fileURLToPath(new URL('../../', import.meta.url));
    const files = [...sources(join(root, 'server/src')), ...sources(join(root, 'web/src'))];
    const found: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const { path } of SERVICE_CONTRACTS)
        for (const q of [`'${path}'`, `"${path}"`, `\`${path}`])
          if (text.includes(q)) found.push(`${path} in ${file.slice(root.length)}`);
    }
    expect(found).toEqual([]);
  });
});
