/** API.md as the call-coverage tests read it (spec-calls, issue9-calls, issue10-calls), and the spec rows they share. */
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

/** The calls of spec §7's Cards row, in the spec's order: spec-calls lists them among all calls, issue9-calls as its
 * card calls. */
export const SPEC_CARD_CALLS: readonly string[] = [
  'room/cardAdd',
  'room/delcard',
  'room/cardEncryption',
  'room/cardEncryptionList',
  'room/deleteCardEncryption',
  'room/sendCardEncryptionSyntony',
  'room/sendCardDecodeSyntony',
  'room/getUserCardNum',
  'room/cardList',
  'room/getCheckData',
  'room/sendCardCheck',
  'room/addCardMark',
  'room/manageCardSyncDataList',
  'room/resetCardSyncData',
  'room/addCardStepTwoNew',
  'room/sendCard',
  'room/sendCardEncryption',
  'lock/noteCardList',
  'passenger/deleteCardByCardId',
  'passenger/getCardFunction',
  'passenger/getRoomInfo',
];
