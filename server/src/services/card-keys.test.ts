import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../config.js';
import { CardKeys, resolveServerKey } from './card-keys.js';

const KEY = 'ab'.repeat(32);
const SECRET = '0123456789abcdef'.repeat(4);

describe('CardKeys: the hotel card secret at rest', () => {
  it('seals with AES-256-GCM: never the secret in clear, a fresh IV each time, opened only with the same key', () => {
    const keys = new CardKeys(KEY);
    const sealed = keys.seal(SECRET);
    expect(sealed.startsWith('v1:')).toBe(true);
    expect(sealed).not.toContain(SECRET);
    expect(Buffer.from(sealed.slice(3), 'base64').toString('hex')).not.toContain(SECRET);
    expect(keys.seal(SECRET)).not.toBe(sealed);
    expect(keys.open(sealed)).toBe(SECRET);
    expect(() => new CardKeys('cd'.repeat(32)).open(sealed)).toThrow();
    const raw = Buffer.from(sealed.slice(3), 'base64');
    raw[raw.length - 1] = raw[raw.length - 1]! ^ 1;
    expect(() => keys.open(`v1:${raw.toString('base64')}`)).toThrow();
  });

  it('refuses a server key that is not 32 bytes of hex', () => {
    expect(() => new CardKeys('abc')).toThrow(/64 hex/);
  });
});

describe('resolveServerKey', () => {
  it('uses the configured key, and refuses a malformed one', () => {
    expect(resolveServerKey(resolveConfig({ secretKey: KEY }, {}), false)).toBe(KEY);
    expect(resolveServerKey(resolveConfig({}, { LOCKDESK_SECRET_KEY: KEY }), false)).toBe(KEY);
    expect(() => resolveServerKey(resolveConfig({ secretKey: 'short' }, {}), false)).toThrow(
      /LOCKDESK_SECRET_KEY/,
    );
  });

  it('generates <dataDir>/secret.key (mode 600) on first start and keeps using it', () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'lockdesk-key-')), 'data');
    const config = resolveConfig({ dataDir }, {});
    const first = resolveServerKey(config, false);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(join(dataDir, 'secret.key'), 'utf8').trim()).toBe(first);
    expect(statSync(join(dataDir, 'secret.key')).mode & 0o777).toBe(0o600);
    expect(resolveServerKey(config, false)).toBe(first);
  });

  it('gives a database that does not outlive the app a random key and writes nothing', () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'lockdesk-key-')), 'data');
    const config = resolveConfig({ dataDir }, {});
    const a = resolveServerKey(config, true);
    expect(a).not.toBe(resolveServerKey(config, true));
    expect(() => statSync(join(dataDir, 'secret.key'))).toThrow();
  });
});
