/** API.md as the call-coverage tests read it (issue9-calls, issue10-calls). */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The text of server/API.md. */
export const apiDocText = (): string =>
  readFileSync(fileURLToPath(new URL('../API.md', import.meta.url)), 'utf8');

export interface ApiSection {
  number: number;
  title: string;
  /** The calls named in backticks in the section's headings (### and deeper). */
  calls: Set<string>;
}

/** API.md's `## N. Title` sections and the calls each documents under a heading of its own. */
export function apiSections(text: string): ApiSection[] {
  const sections: ApiSection[] = [];
  for (const line of text.split('\n')) {
    const top = /^## (\d+)\. (.+)$/.exec(line);
    if (top) {
      sections.push({ number: Number(top[1]), title: top[2] as string, calls: new Set() });
      continue;
    }
    const current = sections.at(-1);
    if (current && /^#{3,6} /.test(line))
      for (const m of line.matchAll(/`([A-Za-z][A-Za-z0-9]*\/[A-Za-z0-9/]+)`/g))
        current.calls.add(m[1] as string);
  }
  return sections;
}
