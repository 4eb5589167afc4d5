import { DEFAULT_ENVELOPE_KEYS } from '@lockdesk/protocol';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from './config.js';

describe('resolveConfig', () => {
  it('defaults to PGlite in .data/server, the built console next door and the default DES keys', () => {
    const c = resolveConfig({}, {});
    expect(c.database).toEqual({ kind: 'pglite', dataDir: '.data/server/pglite' });
    expect(c.webDist).toMatch(/web[\\/]dist$/);
    expect(c.envelopeKeys).toEqual(DEFAULT_ENVELOPE_KEYS);
    expect(c.demo).toBe(false);
    expect(c.scryptCost).toBe(2 ** 15);
  });

  it('reads DATABASE_URL, LOCKDESK_DATA_DIR, LOCKDESK_WEB_DIST and the DES key and IV from the environment', () => {
    const env = {
      LOCKDESK_DATA_DIR: '/srv/lockdesk',
      LOCKDESK_WEB_DIST: '/srv/web',
      LOCKDESK_DES_KEY: 'abcdefgh',
      LOCKDESK_DES_IV: '12345678',
    };
    expect(resolveConfig({}, env)).toMatchObject({
      database: { kind: 'pglite', dataDir: '/srv/lockdesk/pglite' },
      webDist: '/srv/web',
      envelopeKeys: { key: 'abcdefgh', iv: '12345678' },
    });
    const pg = resolveConfig({}, { ...env, DATABASE_URL: 'postgres://db/lockdesk' });
    expect(pg.database).toEqual({ kind: 'postgres', url: 'postgres://db/lockdesk' });
  });

  it('lets explicit options win over the environment', () => {
    const c = resolveConfig({ dataDir: '/tmp/x', webDist: null, demo: true }, { LOCKDESK_DATA_DIR: '/srv' });
    expect(c).toMatchObject({
      database: { kind: 'pglite', dataDir: '/tmp/x/pglite' },
      webDist: null,
      demo: true,
    });
  });
});
