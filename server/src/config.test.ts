import { DEFAULT_ENVELOPE_KEYS } from '@lockdesk/protocol';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ConfigError, fastifyTrustProxy, parseTrustProxy, resolveConfig } from './config.js';

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
    // Any 8 bytes, ':' and non-ASCII included (the console's meta tag carries them escaped); else the start stops.
    expect(resolveConfig({}, { LOCKDESK_DES_KEY: 'a:b"c<&>', LOCKDESK_DES_IV: 'éééé' }).envelopeKeys).toEqual(
      {
        key: 'a:b"c<&>',
        iv: 'éééé',
      },
    );
    expect(() => resolveConfig({}, { LOCKDESK_DES_KEY: 'short' })).toThrow(
      /LOCKDESK_DES_KEY must be 8 bytes .*, not 5$/,
    );
    expect(() => resolveConfig({}, { LOCKDESK_DES_IV: 'éééééééé' })).toThrow(ConfigError);
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

  it('reads the call limits, the trusted proxy and the shutdown grace from the environment (C1)', () => {
    const c = resolveConfig(
      {},
      {
        LOCKDESK_CALLS_PER_MINUTE: '1200',
        LOCKDESK_PUBLIC_CALLS_PER_MINUTE: ' 45 ',
        LOCKDESK_TRUST_PROXY: '127.0.0.1, 10.0.0.0/8',
        LOCKDESK_SHUTDOWN_GRACE_MS: '0',
      },
    );
    expect(c).toMatchObject({
      callsPerMinute: 1200,
      publicCallsPerMinute: 45,
      trustProxy: ['127.0.0.1', '10.0.0.0/8'],
      shutdownGraceMs: 0,
    });
    expect(resolveConfig({}, {})).toMatchObject({
      callsPerMinute: 600,
      publicCallsPerMinute: 30,
      trustProxy: false,
      shutdownGraceMs: 2000,
    });
    expect(resolveConfig({ callsPerMinute: 5 }, { LOCKDESK_CALLS_PER_MINUTE: 'x' }).callsPerMinute).toBe(5);
  });

  it('stops on a bad call limit or grace, naming the variable', () => {
    for (const bad of ['0', '-3', '1.5', 'ten', '1e3']) {
      expect(() => resolveConfig({}, { LOCKDESK_CALLS_PER_MINUTE: bad })).toThrow(
        new ConfigError(`LOCKDESK_CALLS_PER_MINUTE must be a positive integer, not '${bad}'`),
      );
    }
    expect(() => resolveConfig({}, { LOCKDESK_PUBLIC_CALLS_PER_MINUTE: '0' })).toThrow(
      /LOCKDESK_PUBLIC_CALLS_PER_MINUTE must be a positive integer/,
    );
    expect(() => resolveConfig({}, { LOCKDESK_SHUTDOWN_GRACE_MS: '2s' })).toThrow(
      /LOCKDESK_SHUTDOWN_GRACE_MS must be a whole number of milliseconds/,
    );
  });

  it('reads LOCKDESK_TRUST_PROXY as off, on, a hop count or a list of addresses and CIDRs', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('TRUE')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(parseTrustProxy('::1,fd00::/8,192.168.0.0/16')).toEqual(['::1', 'fd00::/8', '192.168.0.0/16']);
    for (const bad of ['0', 'yes', '10.0.0.0/33', '300.1.1.1', '127.0.0.1,', 'proxy.local']) {
      expect(() => parseTrustProxy(bad)).toThrow(/LOCKDESK_TRUST_PROXY must be false, true, a hop count/);
    }
  });

  it('gives request.ip from X-Forwarded-For only when the proxy is trusted, a hop count included', async () => {
    const ipFor = async (setting: string | undefined, remoteAddress: string) => {
      const app = Fastify({ trustProxy: fastifyTrustProxy(parseTrustProxy(setting)) });
      app.get('/', async (request) => request.ip);
      const response = await app.inject({
        url: '/',
        remoteAddress,
        headers: { 'x-forwarded-for': '203.0.113.9, 198.51.100.7' },
      });
      await app.close();
      return response.body;
    };
    expect(await ipFor(undefined, '127.0.0.1')).toBe('127.0.0.1');
    expect(await ipFor('true', '127.0.0.1')).toBe('203.0.113.9');
    expect(await ipFor('127.0.0.1', '127.0.0.1')).toBe('198.51.100.7');
    expect(await ipFor('127.0.0.1', '192.0.2.1')).toBe('192.0.2.1');
    expect(await ipFor('127.0.0.1,198.51.100.0/24', '127.0.0.1')).toBe('203.0.113.9');
    expect(await ipFor('1', '127.0.0.1')).toBe('198.51.100.7');
    expect(await ipFor('2', '127.0.0.1')).toBe('203.0.113.9');
  });

  it('keeps uploaded files in the database on PostgreSQL and on disk on PGlite, unless LOCKDESK_FILES says', () => {
    expect(resolveConfig({}, {}).files).toBe('disk');
    expect(resolveConfig({}, { DATABASE_URL: 'postgres://db/lockdesk' }).files).toBe('database');
    expect(resolveConfig({}, { DATABASE_URL: 'postgres://db/x', LOCKDESK_FILES: 'disk' }).files).toBe('disk');
    expect(resolveConfig({}, { LOCKDESK_FILES: 'Database' }).files).toBe('database');
    expect(resolveConfig({ files: 'disk' }, { LOCKDESK_FILES: 'database' }).files).toBe('disk');
    expect(() => resolveConfig({}, { LOCKDESK_FILES: 's3' })).toThrow(
      new ConfigError("LOCKDESK_FILES must be disk or database, not 's3'"),
    );
  });
  it('reads the managed broker from LOCKDESK_BROKER_ADMIN_*: all three or none, an MQTT or WebSocket URL', () => {
    expect(resolveConfig({}, {}).brokerAdmin).toBeNull();
    const env = {
      LOCKDESK_BROKER_ADMIN_URL: 'mqtt://mosquitto:1883',
      LOCKDESK_BROKER_ADMIN_USERNAME: 'lockdesk-admin',
      LOCKDESK_BROKER_ADMIN_PASSWORD: 's3cret',
    };
    expect(resolveConfig({}, env).brokerAdmin).toEqual({
      url: 'mqtt://mosquitto:1883',
      username: 'lockdesk-admin',
      password: 's3cret',
    });
    expect(() => resolveConfig({}, { ...env, LOCKDESK_BROKER_ADMIN_PASSWORD: '' })).toThrow(ConfigError);
    expect(() => resolveConfig({}, { ...env, LOCKDESK_BROKER_ADMIN_URL: 'http://x' })).toThrow(
      /LOCKDESK_BROKER_ADMIN_URL/,
    );
    expect(resolveConfig({}, { LOCKDESK_BROKER_SWEEP_MS: '5000' }).brokerSweepMs).toBe(5000);
    expect(() => resolveConfig({}, { LOCKDESK_BROKER_SWEEP_MS: '10' })).toThrow(/LOCKDESK_BROKER_SWEEP_MS/);
  });
});
