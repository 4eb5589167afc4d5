import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { EnvelopeKeys } from '@lockdesk/protocol';

/** The meta tag's name; web/src/api/envelopeKeys.ts reads it. */
export const ENVELOPE_META_NAME = 'lockdesk-envelope';

const ATTRIBUTE_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '"': '&quot;',
  "'": '&#39;',
  '<': '&lt;',
  '>': '&gt;',
};

function escapeAttribute(text: string): string {
  return text.replace(/[&"'<>]/g, (c) => ATTRIBUTE_ESCAPES[c] ?? c);
}

/** The meta tag that tells the console the deployment's envelope pair, as `<key>:<iv>`. */
export function envelopeMeta(keys: EnvelopeKeys): string {
  return `<meta name="${ENVELOPE_META_NAME}" content="${escapeAttribute(`${keys.key}:${keys.iv}`)}" />`;
}

/**
 * The page with the meta tag first in <head>. A page without <head> (a bare test page) gets it after the doctype,
 * where the parser opens the implied head; never before the doctype, which would switch the page to quirks mode.
 */
export function withEnvelopeMeta(html: string, keys: EnvelopeKeys): string {
  const meta = envelopeMeta(keys);
  const at = /<head(?:\s[^>]*)?>/i.exec(html) ?? /<!doctype[^>]*>/i.exec(html);
  if (!at) return meta + html;
  const end = at.index + at[0].length;
  return html.slice(0, end) + meta + html.slice(end);
}

/**
 * The console's index.html as served: rewritten with the deployment's envelope pair, kept per file version
 * (inode, size, mtime in ns) and looked up per request, so a console rebuilt under a running server is served at
 * once. Resolves null when the file is gone.
 */
export function consolePage(webDist: string, keys: EnvelopeKeys): () => Promise<Buffer | null> {
  const file = join(webDist, 'index.html');
  let kept: { version: string; page: Buffer } | null = null;
  return async () => {
    let version: string;
    try {
      const s = await stat(file, { bigint: true });
      version = `${s.ino}:${s.size}:${s.mtimeNs}`;
    } catch {
      return null;
    }
    if (kept?.version === version) return kept.page;
    let html: string;
    try {
      html = await readFile(file, 'utf8');
    } catch {
      return null;
    }
    // Kept under the version seen before reading: a file replaced in between is read again on the next request.
    kept = { version, page: Buffer.from(withEnvelopeMeta(html, keys)) };
    return kept.page;
  };
}
