import { DEFAULT_ENVELOPE_KEYS, decryptEnvelope, encryptEnvelope } from '@lockdesk/protocol';
import { describe, expect, it } from 'vitest';
import { callManage, http } from './client.ts';
import { envelopeKeys, envelopeKeysOf, parseEnvelopeMeta } from './envelopeKeys.ts';

/** A page as the server serves it, with the tag in <head> (the attribute escaped as the server writes it). */
function pageWith(content: string | null): Document {
  const page = document.implementation.createHTMLDocument('LockDesk');
  if (content !== null) {
    const meta = page.createElement('meta');
    meta.setAttribute('name', 'lockdesk-envelope');
    meta.setAttribute('content', content);
    page.head.append(meta);
  }
  return page;
}

describe('the envelope pair from the page (meta lockdesk-envelope)', () => {
  it('reads `<key>:<iv>`, also when the key holds a ":" or non-ASCII bytes', () => {
    expect(parseEnvelopeMeta('abcdefgh:12345678')).toEqual({ key: 'abcdefgh', iv: '12345678' });
    expect(parseEnvelopeMeta('k:"<&>\'1:IvIvIvIv')).toEqual({ key: 'k:"<&>\'1', iv: 'IvIvIvIv' });
    expect(parseEnvelopeMeta('éééé:12:45:78')).toEqual({ key: 'éééé', iv: '12:45:78' });
  });

  it('refuses anything that is not two 8-byte halves', () => {
    for (const bad of [
      null,
      undefined,
      '',
      'abcdefgh',
      'abcdefgh12345678',
      'abcdefg:12345678',
      'abcdefghi:1234567',
      'abcdefgh:1234567',
      'abcdefgh:123456789',
      'ééééé:1234567',
    ]) {
      expect(parseEnvelopeMeta(bad), String(bad)).toBeUndefined();
    }
  });

  it('falls back to the built-in pair without the tag (vite dev server) or with a broken one', () => {
    expect(envelopeKeysOf(pageWith(null))).toEqual(DEFAULT_ENVELOPE_KEYS);
    expect(envelopeKeysOf(pageWith('short:pair'))).toEqual(DEFAULT_ENVELOPE_KEYS);
    expect(envelopeKeysOf(undefined)).toEqual(DEFAULT_ENVELOPE_KEYS);
    // The server's escaping, parsed back by the browser: the attribute's value is the pair itself.
    const served = new DOMParser().parseFromString(
      '<!doctype html><html><head><meta name="lockdesk-envelope" content="k:&quot;&lt;&amp;&gt;&#39;1:IvIvIvIv" /></head></html>',
      'text/html',
    );
    expect(envelopeKeysOf(served)).toEqual({ key: 'k:"<&>\'1', iv: 'IvIvIvIv' });
  });

  it('is read from this page once, and the client seals and opens calls with it', async () => {
    const keys = { key: 'Other#K1', iv: 'Other#V1' };
    const meta = document.createElement('meta');
    meta.setAttribute('name', 'lockdesk-envelope');
    meta.setAttribute('content', `${keys.key}:${keys.iv}`);
    document.head.append(meta);
    try {
      let sent = '';
      http.defaults.adapter = async (config) => {
        sent = JSON.parse(config.data as string).data;
        const sealed = encryptEnvelope({ errno: 0, errmsg: '', data: { rooms: 3 } }, keys);
        if (!sealed.ok) throw new Error('cannot seal');
        return { data: { data: sealed.value }, status: 200, statusText: 'OK', headers: {}, config };
      };
      await expect(callManage('room/listNew', { page: 1 }, { silent: true })).resolves.toEqual({ rooms: 3 });
      const opened = decryptEnvelope<Record<string, unknown>>(sent, keys);
      expect(opened.ok && opened.value).toMatchObject({ page: 1, action: 'manage' });
      expect(decryptEnvelope(sent).ok).toBe(false);
      // Read once: a tag changed later (nothing does) is not looked at again.
      meta.setAttribute('content', 'abcdefgh:12345678');
      expect(envelopeKeys()).toEqual(keys);
    } finally {
      meta.remove();
    }
  });
});
