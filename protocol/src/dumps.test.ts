import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type DumpFormat,
  type DumpTextLayout,
  detectDumpFormat,
  dumpFormatOfFileName,
  exportDump,
  type ImportedDump,
  type ImportOptions,
  importDump,
} from './dumps.js';
import {
  hexBytes,
  MCT_PARTIAL,
  proxmarkV3Json,
  sample1KBlocks,
  sample4KBlocks,
} from './fixtures/dumps/samples.js';
import { blankCard, checkCard, isBlockKnown, type MifareCard } from './mifare.js';
import type { Result } from './result.js';

const toHex = (bytes: Uint8Array) =>
  Array.from(bytes, (byte) => byte.toString(16).toUpperCase().padStart(2, '0')).join('');
const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${result.code}: ${result.detail}`);
  return result.value;
}

function refusal(result: Result<unknown>): { code: string; detail: string } {
  if (result.ok) throw new Error('expected a refusal, got success');
  return { code: result.code, detail: result.detail };
}

function cardOf(blocks: string[]): MifareCard {
  return { size: blocks.length === 64 ? '1K' : '4K', blocks: blocks.map(hexBytes) };
}

function binOf(blocks: string[]): Uint8Array {
  return hexBytes(blocks.join(''));
}

/** bin → eml → json → mct → bin, each step through importDump with detection. */
function roundTrip(bin: Uint8Array): Uint8Array {
  const fromBin = value(importDump(bin));
  expect(fromBin.format).toBe('bin');
  const eml = value(exportDump(fromBin.card, 'eml'));
  const fromEml = value(importDump(eml));
  expect(fromEml.format).toBe('eml');
  const json = value(exportDump(fromEml.card, 'json'));
  const fromJson = value(importDump(json));
  expect(fromJson.format).toBe('json');
  const mct = value(exportDump(fromJson.card, 'mct'));
  const fromMct = value(importDump(mct));
  expect(fromMct.format).toBe('mct');
  return value(exportDump(fromMct.card, 'bin'));
}

describe('round trips', () => {
  it('brings a 1K and a 4K dump back byte-identical through every format', () => {
    for (const blocks of [sample1KBlocks(), sample4KBlocks()]) {
      const bin = binOf(blocks);
      expect(toHex(roundTrip(bin))).toBe(toHex(bin));
    }
  });

  it('brings random 1K and 4K cards back byte-identical through every format', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.uint8Array({ minLength: 1024, maxLength: 1024 }),
          fc.uint8Array({ minLength: 4096, maxLength: 4096 }),
        ),
        (bin) => {
          expect(toHex(roundTrip(bin))).toBe(toHex(bin));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('keeps unknown bytes through MCT and writes them as 00 elsewhere', () => {
    const imported = value(importDump(MCT_PARTIAL));
    const { card } = imported;
    expect(card.size).toBe('1K');
    expect(card.unknownMask?.[0]).toBe(0);
    expect(card.unknownMask?.[2]).toBe(0xffff);
    expect(card.unknownMask?.[3]).toBe(0x003f); // key A unknown
    expect(card.unknownMask?.[7]).toBe(0xfc00); // key B unknown
    expect([8, 9, 10, 11].map((b) => card.unknownMask?.[b])).toEqual([0xffff, 0xffff, 0xffff, 0xffff]);
    expect(card.unknownMask?.[12]).toBe(0);
    expect(card.unknownMask?.[16]).toBe(0xffff); // sector 4 absent
    expect(isBlockKnown(card, 1)).toBe(true);
    expect(isBlockKnown(card, 3)).toBe(false);
    const again = value(exportDump(card, 'mct'));
    expect(value(importDump(again)).card).toEqual(card);
    expect(again.split('\n').slice(0, 5)).toEqual([
      '+Sector: 0',
      '11223344440804006263646566676869',
      '00000000000000000000000000000000',
      '--------------------------------',
      '------------FF078069FFFFFFFFFFFF',
    ]);
    const eml = value(exportDump(card, 'eml')).split('\n');
    expect(eml[3]).toBe('000000000000FF078069FFFFFFFFFFFF');
    expect(eml[8]).toBe('0'.repeat(32));
  });

  it('round-trips random unknown-byte masks through MCT', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1024, maxLength: 1024 }),
        fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 64, maxLength: 64 }),
        (bytes, unknownMask) => {
          const blocks = Array.from({ length: 64 }, (_, b) => {
            const block = bytes.slice(b * 16, b * 16 + 16);
            for (let i = 0; i < 16; i++) if ((unknownMask[b] ?? 0) & (1 << i)) block[i] = 0;
            return block;
          });
          const card: MifareCard = { size: '1K', blocks, unknownMask };
          const back = value(importDump(value(exportDump(card, 'mct')), 'mct')).card;
          expect(back.blocks.map(toHex)).toEqual(blocks.map(toHex));
          expect(back.unknownMask ?? new Array(64).fill(0)).toEqual(unknownMask);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('an unchanged import exported again is byte-identical', () => {
  /** Text as the bytes a file holds (dumps are ASCII; a byte-order mark as its UTF-8 bytes). */
  const fileBytes = (text: string) => Uint8Array.from(Buffer.from(text, 'utf8'));

  /** Imports a file's bytes and exports the card in the same format with the layout the import found. */
  function again(file: Uint8Array): Uint8Array {
    const imported = value(importDump(file));
    const exported = value(
      exportDump(imported.card, imported.format, imported.layout ? { layout: imported.layout } : {}),
    );
    return typeof exported === 'string' ? fileBytes(exported) : exported;
  }

  // Real shapes: the Proxmark3 (RRG) client writes .eml in upper case with no newline after the last block;
  // older clients wrote lower case with one; a file that went through a Windows editor has CRLF line ends.
  const emlFiles: Array<[string, string]> = [
    ['Proxmark3 RRG 1K, no final newline', sample1KBlocks().join('\n')],
    ['Proxmark3 RRG 4K, no final newline', sample4KBlocks().join('\n')],
    ['older client, lower case, final newline', `${sample1KBlocks().join('\n').toLowerCase()}\n`],
    ['Windows editor, CRLF, final CRLF', `${sample1KBlocks().join('\r\n')}\r\n`],
    ['Windows editor, CRLF, no final CRLF', sample4KBlocks().join('\r\n')],
    ['with a byte-order mark', `\uFEFF${sample1KBlocks().join('\n')}\n`],
  ];
  it.each(emlFiles)('.eml: %s', (_name, text) => {
    const file = fileBytes(text);
    expect(value(importDump(file)).format).toBe('eml');
    expect(toHex(again(file))).toBe(toHex(file));
  });

  it('.eml given as text keeps its layout too', () => {
    for (const [, text] of emlFiles) {
      const imported = value(importDump(text));
      expect(value(exportDump(imported.card, 'eml', { layout: imported.layout! }))).toBe(text);
    }
  });

  it('.bin: 1K and 4K images, and random ones', () => {
    for (const blocks of [sample1KBlocks(), sample4KBlocks()]) {
      const file = binOf(blocks);
      expect(toHex(again(file))).toBe(toHex(file));
    }
    fc.assert(
      fc.property(
        fc.oneof(
          fc.uint8Array({ minLength: 1024, maxLength: 1024 }),
          fc.uint8Array({ minLength: 4096, maxLength: 4096 }),
        ),
        (file) => {
          const imported = value(importDump(file, 'bin'));
          expect(toHex(value(exportDump(imported.card, 'bin')))).toBe(toHex(file));
        },
      ),
      { numRuns: 100 },
    );
  });

  it('MCT of a whole card: line ends, final newline and case as the file had them', () => {
    const whole = (blocks: string[], eol: string) => {
      const lines: string[] = [];
      for (let sector = 0; sector < 16; sector++)
        lines.push(`+Sector: ${sector}`, ...blocks.slice(sector * 4, sector * 4 + 4));
      return lines.join(eol);
    };
    for (const text of [
      whole(sample1KBlocks(), '\n'),
      `${whole(sample1KBlocks(), '\r\n')}\r\n`,
      whole(sample1KBlocks(), '\n').toLowerCase().replaceAll('+sector', '+Sector'),
    ]) {
      const file = fileBytes(text);
      expect(value(importDump(file)).format).toBe('mct');
      expect(toHex(again(file))).toBe(toHex(file));
    }
  });

  it('without a layout an export keeps its fixed shape (upper case, LF, a final newline)', () => {
    const imported = value(importDump(sample1KBlocks().join('\r\n').toLowerCase()));
    const fixed = `${sample1KBlocks().join('\n')}\n`;
    expect(value(exportDump(imported.card, 'eml'))).toBe(fixed);
    // A layout that is not one takes the fixed shape's parts instead of throwing.
    const odd = { lineEnding: 42, hexCase: 'shouting' } as unknown as DumpTextLayout;
    expect(value(exportDump(imported.card, 'eml', { layout: odd }))).toBe(fixed);
  });

  it('JSON keeps every block; the fields it rewrites are the documented ones', () => {
    const original = proxmarkV3Json();
    const imported = value(importDump(original));
    const rewritten = JSON.parse(value(exportDump(imported.card, 'json')));
    const source = JSON.parse(original);
    expect(rewritten.blocks).toEqual(source.blocks);
    // Rewritten (gateway/README.md 'Card dumps'): Created, FileType, Card (UID, ATQA, SAK from block 0 only),
    // SectorKeys (from the trailers), and the layout (2 spaces, upper-case hex, LF, final newline).
    expect(rewritten.Created).toBe('LockDesk');
    expect(rewritten.FileType).toBe('mfc v2');
    expect(Object.keys(rewritten)).toEqual(['Created', 'FileType', 'Card', 'blocks', 'SectorKeys']);
    expect(rewritten.Card).toEqual({ UID: '11223344', ATQA: '0400', SAK: '08' });
    expect(value(importDump(JSON.stringify(rewritten))).card).toEqual(imported.card);
  });
});

describe('formats as written', () => {
  const card = cardOf(sample1KBlocks());

  it('writes .eml as 64 lines of upper-case hex', () => {
    const eml = value(exportDump(card, 'eml'));
    const lines = eml.split('\n');
    expect(lines).toHaveLength(65);
    expect(lines[0]).toBe('11223344440804006263646566676869');
    expect(lines[64]).toBe('');
  });

  it('writes Proxmark3 "mfc v2" JSON with Card, blocks and SectorKeys', () => {
    const json = JSON.parse(value(exportDump(card, 'json')));
    expect(json.FileType).toBe('mfc v2');
    expect(json.Card).toEqual({ UID: '11223344', ATQA: '0400', SAK: '08' });
    expect(Object.keys(json.blocks)).toHaveLength(64);
    expect(json.blocks['4']).toBe('87D612007829EDFF87D6120011EE11EE');
    expect(json.SectorKeys['1']).toEqual({
      KeyA: 'A0A1A2A3A4A5',
      KeyB: 'B0B1B2B3B4B5',
      AccessConditions: '787788C1',
      AccessConditionsText: {
        block4: 'read AB; write B',
        block5: 'read AB; write B',
        block6: 'read AB; write B',
        block7: 'write A by B; read ACCESS by AB; write ACCESS by B; write B by B',
        UserData: 'C1',
      },
    });
    expect(Object.keys(json.SectorKeys)).toHaveLength(16);
  });

  it('labels 4K 16-block sectors in SectorKeys as the Proxmark3 client does', () => {
    const json = JSON.parse(value(exportDump(cardOf(sample4KBlocks()), 'json')));
    expect(Object.keys(json.SectorKeys)).toHaveLength(40);
    expect(Object.keys(json.SectorKeys['32'].AccessConditionsText)).toEqual([
      'block140',
      'block141',
      'block142',
      'block143',
      'UserData',
    ]);
    expect(json.Card).toEqual({ UID: 'DEADBEEF', ATQA: '0200', SAK: '18' });
  });

  it('writes MCT with a header per sector and 16 lines for 4K sectors 32-39', () => {
    const lines = value(exportDump(cardOf(sample4KBlocks()), 'mct'))
      .trimEnd()
      .split('\n');
    expect(lines.filter((line) => line.startsWith('+Sector: '))).toHaveLength(40);
    expect(lines).toHaveLength(40 + 256);
    const at32 = lines.indexOf('+Sector: 32');
    expect(lines[at32 + 17]).toBe('+Sector: 33');
  });

  it('writes a 7-byte UID card with its full UID in the JSON Card', () => {
    const seven = value(blankCard('1K', '04112233445566'));
    const json = value(exportDump(seven, 'json'));
    expect(JSON.parse(json).Card).toEqual({ UID: '04112233445566', ATQA: '0400', SAK: '08' });
    const back = value(importDump(json));
    expect(back.card.uidLength).toBe(7);
    expect(back.warnings).toEqual([]);
  });
});

describe('reading', () => {
  it('detects every format from text and from bytes', () => {
    const card = cardOf(sample1KBlocks());
    for (const format of ['eml', 'json', 'mct'] as const) {
      const text = value(exportDump(card, format));
      expect(detectDumpFormat(text)).toBe(format);
      expect(detectDumpFormat(ascii(text))).toBe(format);
      const fromBytes = value(importDump(Uint8Array.of(0xef, 0xbb, 0xbf, ...ascii(text))));
      expect(fromBytes.format).toBe(format);
      expect(fromBytes.card.blocks.map(toHex)).toEqual(sample1KBlocks());
    }
    expect(detectDumpFormat(binOf(sample1KBlocks()))).toBe('bin');
    // A text dump that happens to be 1024 bytes long is still text; printable bytes that are no dump are binary.
    const mct1024 = `+Sector: 0\n${`${'0'.repeat(32)}\n`.repeat(4)}`.padEnd(1024, '\n');
    expect(detectDumpFormat(ascii(mct1024))).toBe('mct');
    expect(value(importDump(ascii(mct1024))).format).toBe('mct');
    expect(detectDumpFormat(ascii('z'.repeat(1024)))).toBe('bin');
    expect(detectDumpFormat('hello')).toBeUndefined();
    expect(detectDumpFormat(Uint8Array.of(0, 1, 2))).toBeUndefined();
  });

  it('names formats by file extension', () => {
    const names: [string, DumpFormat | undefined][] = [
      ['card.mfd', 'bin'],
      ['card.BIN', 'bin'],
      ['hf-mf-11223344-dump.eml', 'eml'],
      ['hf-mf-11223344-dump.json', 'json'],
      ['room101.mct', 'mct'],
      ['photo.png', undefined],
    ];
    for (const [name, format] of names) expect(dumpFormatOfFileName(name), name).toBe(format);
  });

  it('reads Proxmark3 "mfc v3" and legacy "mfcard" JSON, CRLF eml and MCT', () => {
    for (const fileType of ['mfc v3', 'mfcard', 'mfc v2']) {
      const imported: ImportedDump = value(importDump(proxmarkV3Json(fileType)));
      expect(imported.fileType).toBe(fileType);
      expect(imported.created).toBe('proxmark3');
      expect(imported.card.blocks.map(toHex)).toEqual(sample1KBlocks());
    }
    const crlf = `${sample1KBlocks().join('\r\n')}\r\n`;
    expect(value(importDump(crlf)).card.blocks.map(toHex)).toEqual(sample1KBlocks());
    expect(
      value(importDump(sample1KBlocks().join('\n').toLowerCase(), 'eml')).card.blocks.map(toHex),
    ).toEqual(sample1KBlocks());
  });

  it('warns about a locked sector and about JSON fields that disagree with the blocks', () => {
    const warnings = value(importDump(proxmarkV3Json())).warnings;
    expect(warnings).toEqual(['sector 14: invalid access bits in block 59 (sector locked)']);
    const odd = JSON.parse(proxmarkV3Json());
    odd.Card.UID = '01020304';
    odd.Card.SAK = '18';
    odd.SectorKeys['0'].KeyA = '000000000000';
    const oddWarnings = value(importDump(JSON.stringify(odd))).warnings;
    expect(oddWarnings).toContain('Card.UID 01020304 differs from block 0');
    expect(oddWarnings).toContain('Card.SAK 18 differs from block 0');
    expect(oddWarnings).toContain('SectorKeys.0.KeyA 000000000000 differs from block 3');
  });

  it('sizes MCT dumps by their highest sector unless told', () => {
    const low = '+Sector: 0\n' + sample1KBlocks().slice(0, 4).join('\n');
    expect(value(importDump(low)).card.size).toBe('1K');
    expect(value(importDump(low, 'mct', { size: '4K' })).card.size).toBe('4K');
    const high = `+Sector: 16\n${`${'0'.repeat(32)}\n`.repeat(4)}`;
    expect(value(importDump(high)).card.size).toBe('4K');
    const sector39 = `+Sector: 39\n${`${'0'.repeat(32)}\n`.repeat(16)}`;
    const card = value(importDump(sector39)).card;
    expect(card.size).toBe('4K');
    expect(isBlockKnown(card, 255)).toBe(true);
    expect(isBlockKnown(card, 239)).toBe(false);
  });
});

describe('refusals (DUMP_MALFORMED with where and what)', () => {
  const eml = sample1KBlocks();
  const cases: [string, string | Uint8Array, DumpFormat | undefined, string][] = [
    [
      'a short .eml line',
      eml.map((line, i) => (i === 11 ? line.slice(0, 30) : line)).join('\n'),
      undefined,
      'line 12 (block 11): expected 32 hex characters, found 30',
    ],
    [
      'a non-hex .eml character',
      eml.map((line, i) => (i === 2 ? `0000G${line.slice(5)}` : line)).join('\n'),
      undefined,
      "line 3 (block 2): 'G' at column 5 is not a hex digit",
    ],
    [
      'an .eml with 63 blocks',
      eml.slice(1).join('\n'),
      'eml',
      'found 63 blocks; an .eml dump holds 64 (1K) or 256 (4K)',
    ],
    [
      'an .eml with 257 blocks',
      [...sample4KBlocks(), eml[0]].join('\n'),
      'eml',
      'line 257 (block 256): more than 256 blocks',
    ],
    ['broken JSON', '{"FileType": "mfc v2", }', undefined, 'not valid JSON'],
    ['a JSON array', '[1]', 'json', 'the JSON root must be an object'],
    [
      'a JSON raw dump',
      '{"FileType": "raw", "raw": "00"}',
      undefined,
      'FileType "raw" is not a MIFARE Classic dump',
    ],
    ['JSON without FileType', '{"blocks": {}}', undefined, 'FileType missing is not a MIFARE Classic dump'],
    ['JSON without blocks', '{"FileType": "mfc v2"}', undefined, '"blocks" must be an object'],
    [
      'JSON with a missing block',
      JSON.stringify({
        FileType: 'mfc v2',
        blocks: Object.fromEntries(eml.map((b, i) => [i === 5 ? 'x' : String(i), b])),
      }),
      undefined,
      'blocks.5 is missing ("blocks" has key "x")',
    ],
    [
      'JSON with a short block',
      JSON.stringify({
        FileType: 'mfc v2',
        blocks: Object.fromEntries(eml.map((b, i) => [String(i), i === 12 ? b.slice(2) : b])),
      }),
      undefined,
      'blocks.12: expected 32 hex characters, found 30',
    ],
    [
      'JSON with a number as block',
      JSON.stringify({
        FileType: 'mfc v2',
        blocks: Object.fromEntries(eml.map((b, i) => [String(i), i === 3 ? 3 : b])),
      }),
      undefined,
      'blocks.3: expected a hex string, found number',
    ],
    [
      'JSON with a bad Card.UID',
      JSON.stringify({
        FileType: 'mfc v2',
        Card: { UID: '112233' },
        blocks: Object.fromEntries(eml.map((b, i) => [String(i), b])),
      }),
      undefined,
      'Card.UID: expected 8 or 14 or 20 hex characters, found 6',
    ],
    [
      'JSON with 1 block',
      JSON.stringify({ FileType: 'mfc v2', blocks: { 0: eml[0] } }),
      undefined,
      '"blocks" holds 1 blocks',
    ],
    ['an MCT bad header', '+Sectr: 1\n', 'mct', "line 1: '+Sectr: 1' is not a sector header '+Sector: N'"],
    [
      'an MCT block before a header',
      `${eml[0]}\n+Sector: 0\n`,
      'mct',
      "line 1: a block before any '+Sector: N' header",
    ],
    [
      'an MCT sector twice',
      `+Sector: 0\n${eml.slice(0, 4).join('\n')}\n+Sector: 0\n`,
      undefined,
      'line 6: sector 0 appears twice',
    ],
    ['an MCT sector 40', '+Sector: 40\n', undefined, 'line 1: sector 40 is out of range (0-39)'],
    [
      'an MCT short sector',
      `+Sector: 1\n${eml.slice(0, 3).join('\n')}\n`,
      undefined,
      'sector 1 (line 1): expected 4 blocks, found 3',
    ],
    [
      'an MCT long sector',
      `+Sector: 1\n${eml.slice(0, 5).join('\n')}\n`,
      undefined,
      "line 6 (block 8): sector 1 has only 4 blocks; expected a '+Sector: N' header",
    ],
    [
      'an MCT half-unknown byte',
      `+Sector: 0\n${eml[0]}\n0-${'0'.repeat(30)}\n`,
      undefined,
      "line 3 (block 1): '-' at column 2 must cover a whole byte (two characters)",
    ],
    [
      'an MCT odd character',
      `+Sector: 0\n${eml[0]?.slice(0, 31)}x\n`,
      undefined,
      "line 2 (block 0): 'x' at column 32 is not a hex digit or -",
    ],
    [
      'an MCT short line',
      `+Sector: 0\n${eml[0]?.slice(0, 31)}\n`,
      undefined,
      "line 2 (block 0): expected 32 hex characters or '-', found 31",
    ],
    [
      'an MCT misplaced note',
      `+Sector: 0\n${eml[0]}\n*dead\n`,
      undefined,
      "line 3: a '*' note must follow the header of sector 0",
    ],
    ['an empty MCT', '\n\n', 'mct', "no '+Sector: N' header found"],
    [
      'a binary dump of the wrong length',
      new Uint8Array(1000),
      undefined,
      'a binary dump is 1024 (1K) or 4096 (4K) bytes, found 1000',
    ],
    [
      'a binary dump given as text',
      'FF'.repeat(1024),
      'bin',
      'a binary dump must be given as bytes, not text',
    ],
    ['nothing at all', '', undefined, 'not a known dump format'],
    ['plain prose', 'room 101 key card', undefined, 'not a known dump format'],
    ['an unknown format name', 'x', 'nfc' as DumpFormat, 'unknown dump format "nfc"'],
  ];

  it.each(cases)('refuses %s', (_name, input, format, detail) => {
    const result = refusal(importDump(input, format));
    expect(result.code).toBe('DUMP_MALFORMED');
    expect(result.detail).toContain(detail);
  });

  it('refuses a dump of the wrong size when a size is required', () => {
    expect(refusal(importDump(eml.join('\n'), 'eml', { size: '4K' })).detail).toBe(
      'the dump holds a 1K card, not 4K',
    );
    expect(refusal(importDump(MCT_PARTIAL, 'mct', { size: '2K' as '1K' })).code).toBe('DUMP_MALFORMED');
    expect(refusal(importDump('+Sector: 16\n*dead\n', 'mct', { size: '1K' })).detail).toBe(
      'sector 16 does not exist on a 1K card',
    );
    expect(value(importDump(MCT_PARTIAL, 'mct', { size: '1K' })).card.size).toBe('1K');
  });

  it('refuses to export a malformed card or an unknown format', () => {
    const card = cardOf(sample1KBlocks());
    expect(refusal(exportDump({ ...card, blocks: card.blocks.slice(2) }, 'eml')).code).toBe('FIELD_INVALID');
    expect(refusal(exportDump(card, 'nfc' as DumpFormat)).code).toBe('FIELD_INVALID');
  });
});

describe('robustness', () => {
  it('refuses deeply nested and huge JSON values without throwing, naming them briefly', () => {
    const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    for (const depth of [10_000, 200_000]) {
      const nested = refusal(importDump(`{"FileType": ${deep(depth)}}`));
      expect(nested.code).toBe('DUMP_MALFORMED');
      expect(nested.detail).toBe('FileType an array is not a MIFARE Classic dump (mfcard, mfc v2, mfc v3)');
      for (const field of ['blocks', 'Card', 'SectorKeys']) {
        const json = `{"FileType": "mfc v2", "${field}": {"0": ${deep(depth)}}}`;
        expect(refusal(importDump(json)).code, field).toBe('DUMP_MALFORMED');
      }
    }
    const long = refusal(importDump(`{"FileType": "${'x'.repeat(1_000_000)}"}`));
    expect(long.detail).toBe(
      `FileType "${'x'.repeat(40)}…" is not a MIFARE Classic dump (mfcard, mfc v2, mfc v3)`,
    );
  });

  it('refuses bad arguments without throwing', () => {
    expect(refusal(importDump(null as unknown as string)).code).toBe('DUMP_MALFORMED');
    expect(refusal(importDump('x', { toJSON: () => 1 } as unknown as DumpFormat)).detail).toBe(
      'unknown dump format an object (bin, eml, json, mct)',
    );
    expect(
      value(importDump(sample1KBlocks().join('\n'), 'eml', null as unknown as ImportOptions)).card.size,
    ).toBe('1K');
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    expect(refusal(importDump('x', undefined, { size: cyclic as unknown as '1K' })).code).toBe(
      'DUMP_MALFORMED',
    );
  });

  /** Applies small random edits to a dump: replace, insert or delete a character, cut the tail, repeat a slice. */
  function mutate(dump: string, edits: [number, number, number][]): string {
    const alphabet = '09AFa-+*\n\r"{}:, ';
    let text = dump;
    for (const [kind, at, pick] of edits) {
      const position = text.length === 0 ? 0 : at % text.length;
      const unit = pick < alphabet.length ? alphabet.charAt(pick) : String.fromCharCode(pick);
      const before = text.slice(0, position);
      if (kind === 0) text = before + unit + text.slice(position + 1);
      else if (kind === 1) text = before + unit + text.slice(position);
      else if (kind === 2) text = before + text.slice(position + 1);
      else if (kind === 3) text = before;
      else text = before + text.slice(position, position + (pick % 64)) + text.slice(position);
    }
    return text;
  }

  /** The same edits on bytes (each byte one character). */
  function mutateBytes(dump: Uint8Array, edits: [number, number, number][]): Uint8Array {
    let text = '';
    for (const byte of dump) text += String.fromCharCode(byte);
    return Uint8Array.from(mutate(text, edits), (c) => c.charCodeAt(0) & 0xff);
  }

  it('never throws on at least 100,000 generated inputs', () => {
    let inputs = 0;
    // Plain checks in the hot loop (expect() per input would dominate the run); a throw fails fc.assert at once.
    const oddities: string[] = [];
    const check = (input: string | Uint8Array, format?: DumpFormat) => {
      inputs++;
      const result = importDump(input, format);
      const fine = result.ok
        ? checkCard(result.value.card).ok
        : result.code === 'DUMP_MALFORMED' && result.detail.length > 0;
      if (!fine && oddities.length < 5) oddities.push(JSON.stringify(result).slice(0, 200));
    };
    const card1K = cardOf(sample1KBlocks());
    const card4K = cardOf(sample4KBlocks());
    const texts = [
      value(exportDump(card1K, 'eml')),
      value(exportDump(card4K, 'eml')),
      value(exportDump(card1K, 'json')),
      proxmarkV3Json(),
      value(exportDump(card1K, 'mct')),
      value(exportDump(card4K, 'mct')),
      MCT_PARTIAL,
    ];
    const bins = [binOf(sample1KBlocks()), binOf(sample4KBlocks())];
    const format = fc.option(fc.constantFrom<DumpFormat>('bin', 'eml', 'json', 'mct'), { nil: undefined });
    const edits = fc.array(
      fc.tuple(fc.integer({ min: 0, max: 4 }), fc.nat(), fc.integer({ min: 0, max: 255 })),
      { minLength: 1, maxLength: 6 },
    );

    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), format, (text, f) => check(text, f)),
      { numRuns: 25_000 },
    );
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom(...'0123456789abcdefABCDEF-+*{}":,[] \n\rSectorblksFileType'),
          maxLength: 400,
        }),
        format,
        (text, f) => check(text, f),
      ),
      { numRuns: 15_000 },
    );
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 5000 }), format, (bytes, f) => check(bytes, f)),
      { numRuns: 15_000 },
    );
    fc.assert(
      fc.property(fc.constantFrom(...texts), edits, format, (text, e, f) => check(mutate(text, e), f)),
      { numRuns: 35_000 },
    );
    fc.assert(
      fc.property(fc.constantFrom(...texts), edits, (text, e) => check(ascii(mutate(text, e)))),
      { numRuns: 5_000 },
    );
    fc.assert(
      fc.property(fc.constantFrom(...bins), edits, format, (bytes, e, f) => check(mutateBytes(bytes, e), f)),
      { numRuns: 5_000 },
    );
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (json) => {
        check(JSON.stringify(json) ?? '', 'json');
        check(JSON.stringify({ FileType: 'mfc v2', blocks: json, Card: json, SectorKeys: json }), 'json');
      }),
      { numRuns: 2_500 },
    );
    expect(oddities).toEqual([]);
    expect(inputs).toBeGreaterThanOrEqual(100_000);
  }, 600_000);
});
