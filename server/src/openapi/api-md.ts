/**
 * server/API.md read as the descriptions of the /manage calls: each call's `### \`path\`` heading gives its summary
 * and area (the `## N. Title` section it is in), the text under the heading (down to the next heading of the same or
 * a higher level) its description. API.md sits beside src/ and dist/ in the server package, so the running server
 * reads it from disk once; without it (a copy of dist alone) the reference still lists every call, with the
 * summaries the calls declare.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface CallDoc {
  /** The `## N. Title` section the heading is in. */
  section: { number: number; title: string };
  /** The heading's own words: after its ' — ', else the heading without backticks. */
  summary: string;
  /** The markdown under the heading. */
  description: string;
}

/** Where API.md is, relative to this module in src/openapi/ and in dist/openapi/ alike. */
export const API_MD_URL = new URL('../../API.md', import.meta.url);

/** API.md's text, or null when the file is not there. */
export function readApiMd(url: URL = API_MD_URL): string | null {
  try {
    return readFileSync(fileURLToPath(url), 'utf8');
  } catch {
    return null;
  }
}

/** The heading's summary: what follows ' — ', else the heading with its backticks removed. */
function summaryOf(heading: string): string {
  const dash = heading.indexOf(' — ');
  const text = dash >= 0 ? heading.slice(dash + 3) : heading.replaceAll('`', '');
  const trimmed = text.trim();
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
}

/**
 * The documentation of each call API.md has a heading for, by lower-cased path. A backticked word of a heading is
 * taken as a call when `isCall` says so (e.g. the server has it), so headings like `### Unlock records` or words in
 * backticks that are fields are not mistaken for calls. The first heading naming a call wins.
 */
export function callDocs(text: string, isCall: (word: string) => boolean): Map<string, CallDoc> {
  const docs = new Map<string, CallDoc>();
  const lines = text.split('\n');
  let section = { number: 0, title: '' };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const top = /^## (\d+)\. (.+)$/.exec(line);
    if (top) {
      section = { number: Number(top[1]), title: (top[2] as string).trim() };
      continue;
    }
    const heading = /^(#{3,6}) (.+)$/.exec(line);
    if (!heading) continue;
    const level = (heading[1] as string).length;
    const words = [...(heading[2] as string).matchAll(/`([^`\s]+)`/g)].map((m) => m[1] as string);
    const calls = words.filter(isCall);
    if (calls.length === 0) continue;
    const body: string[] = [];
    for (let j = i + 1; j < lines.length; j++) {
      const next = /^(#{1,6}) /.exec(lines[j] as string);
      if (next && (next[1] as string).length <= level) break;
      body.push(lines[j] as string);
    }
    while (body.length > 0 && /^\s*(---)?\s*$/.test(body.at(-1) as string)) body.pop();
    const doc: CallDoc = {
      section,
      summary: summaryOf(heading[2] as string),
      description: body.join('\n').trim(),
    };
    for (const call of calls) if (!docs.has(call.toLowerCase())) docs.set(call.toLowerCase(), doc);
  }
  return docs;
}
