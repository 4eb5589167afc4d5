import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, errorText } from './errors.js';
import { COMMAND_FIXTURES, RESPONSE_FIXTURES } from './fixtures/frames.js';
import {
  blockDataOf,
  COMMAND_TABLE,
  type CommandName,
  commandCode,
  commandOfResponse,
  concatBytes,
  decodeCommand,
  decodeResponse,
  decodeResponseFrame,
  decodeResponseHex,
  type EncoderCommand,
  type EncoderResponse,
  encodeCommand,
  encodeCommandHex,
  encodeResponse,
  FINGER_STEP_CODES,
  FRAME_HEADER_COMMAND,
  FRAME_HEADER_RESPONSE,
  type FrameField,
  frameLength,
  hidReportOf,
  KEY_TYPE_CODES,
  LED_COLOUR_CODES,
  RESPONSE_LAYOUTS,
  RESPONSE_TYPE,
  type ResponseLayoutName,
  responseTypeOf,
  splitFrames,
  xorChecksum,
} from './frames.js';
import { bytesToHex, hexToBytes } from './hex.js';
import type { Result } from './result.js';

const COMMAND_NAMES = Object.keys(COMMAND_TABLE) as CommandName[];
const LAYOUT_NAMES = Object.keys(RESPONSE_LAYOUTS) as ResponseLayoutName[];

function bytes(hex: string): Uint8Array {
  const parsed = hexToBytes(hex.replace(/\s+/g, ''));
  if (!parsed.ok) throw new Error(`bad test hex ${hex}`);
  return parsed.value;
}

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected a value, got ${result.code}: ${result.detail}`);
  return result.value;
}

/** A frame with its checksum recomputed, so a test reaches the checks behind the checksum. */
function sealed(frame: Uint8Array): Uint8Array {
  const copy = frame.slice();
  copy[copy.length - 1] = xorChecksum(copy, 0, copy.length - 1);
  return copy;
}

// Arbitraries built from the tables themselves, so a row added to a table is covered without touching the test.
function fieldArbitrary(field: FrameField): fc.Arbitrary<unknown> {
  switch (field.codec) {
    case 'uint':
    case 'block':
      return fc.integer({ min: 0, max: 256 ** field.width - 1 });
    case 'hex':
    case 'key':
    case 'blockData':
      return fc.uint8Array({ minLength: field.width, maxLength: field.width }).map((b) => bytesToHex(b));
    case 'keyType':
      return fc.constantFrom(...Object.keys(KEY_TYPE_CODES));
    case 'ledColour':
      return fc.constantFrom(...Object.keys(LED_COLOUR_CODES));
    case 'fingerStep':
      return fc.constantFrom(...Object.keys(FINGER_STEP_CODES));
  }
}

function recordOf<T>(base: Record<string, unknown>, fields: readonly FrameField[]): fc.Arbitrary<T> {
  return fc
    .record(Object.fromEntries(fields.map((f) => [f.name, fieldArbitrary(f)])))
    .map((v) => ({ ...base, ...v }) as T);
}

const anyCommand: fc.Arbitrary<EncoderCommand> = fc.oneof(
  ...COMMAND_NAMES.map((name) => recordOf<EncoderCommand>({ name }, COMMAND_TABLE[name].params)),
);
const anyResponse: fc.Arbitrary<EncoderResponse> = fc.oneof(
  ...LAYOUT_NAMES.map((layout) =>
    recordOf<EncoderResponse>(
      { layout, type: RESPONSE_LAYOUTS[layout].type },
      RESPONSE_LAYOUTS[layout].fields,
    ),
  ),
);

describe('xorChecksum', () => {
  it('is the XOR of every byte given', () => {
    expect(xorChecksum(bytes('A5 04 01'))).toBe(0xa0);
    expect(xorChecksum(new Uint8Array(0))).toBe(0);
    expect(xorChecksum(bytes('FF FF 0F'))).toBe(0x0f);
    expect(xorChecksum(bytes('A5 04 01 A0'), 0, 3)).toBe(0xa0);
  });
});

describe.each(COMMAND_FIXTURES)('command fixture: $title', ({ groups, command }) => {
  const frame = bytes(groups.join(''));
  it('decodes', () => {
    expect(decodeCommand(frame)).toEqual({ ok: true, value: command });
  });
  it('encodes', () => {
    expect(bytesToHex(value(encodeCommand(command)))).toBe(groups.join(''));
  });
  it('round trips', () => {
    expect(value(encodeCommand(value(decodeCommand(frame))))).toEqual(frame);
  });
});

describe.each(RESPONSE_FIXTURES)('response fixture: $title', ({ groups, response, outcome }) => {
  const frame = bytes(groups.join(''));
  const envelope = { header: frame[0], length: frame.length, checksum: frame[frame.length - 1] };
  it('decodes', () => {
    expect(decodeResponseFrame(frame)).toEqual({ ok: true, value: { ...response, ...envelope } });
  });
  it('encodes', () => {
    expect(bytesToHex(value(encodeResponse(response)))).toBe(groups.join(''));
  });
  it('round trips', () => {
    expect(value(encodeResponse(value(decodeResponseFrame(frame))))).toEqual(frame);
  });
  it('has the outcome of its status', () => {
    const result = decodeResponse(frame);
    if (outcome.ok) expect(result).toEqual({ ok: true, value: { ...response, ...envelope } });
    else expect(result).toMatchObject({ ok: false, code: outcome.code, params: outcome.params });
  });
});

describe('the tables', () => {
  it('have a fixture for every command and every response layout', () => {
    expect(new Set(COMMAND_FIXTURES.map((f) => f.command.name))).toEqual(new Set(COMMAND_NAMES));
    expect(new Set(RESPONSE_FIXTURES.map((f) => f.response.layout))).toEqual(new Set(LAYOUT_NAMES));
  });

  it('lay every field inside its frame, between the kind byte and the checksum, without overlap', () => {
    const rows: [string, number, readonly FrameField[]][] = [
      ...COMMAND_NAMES.map((n): [string, number, readonly FrameField[]] => [
        n,
        COMMAND_TABLE[n].length,
        COMMAND_TABLE[n].params,
      ]),
      ...LAYOUT_NAMES.map((n): [string, number, readonly FrameField[]] => [
        n,
        RESPONSE_LAYOUTS[n].length,
        RESPONSE_LAYOUTS[n].fields,
      ]),
    ];
    for (const [name, length, fields] of rows) {
      const used = new Set<number>();
      expect(length, name).toBeGreaterThanOrEqual(4);
      expect(length, name).toBeLessThanOrEqual(64);
      for (const field of fields) {
        expect(field.width, `${name}.${field.name}`).toBeGreaterThan(0);
        for (let i = field.offset; i < field.offset + field.width; i++) {
          expect(i, `${name}.${field.name}`).toBeGreaterThanOrEqual(3);
          expect(i, `${name}.${field.name}`).toBeLessThan(length - 1);
          expect(used.has(i), `${name}.${field.name} overlaps at ${i}`).toBe(false);
          used.add(i);
        }
      }
    }
  });

  it('give each command a distinct code and a response type that has a layout', () => {
    const codes = COMMAND_NAMES.map(commandCode);
    expect(new Set(codes).size).toBe(codes.length);
    const types = new Set(LAYOUT_NAMES.map((n) => RESPONSE_LAYOUTS[n].type));
    for (const name of COMMAND_NAMES) expect(types.has(responseTypeOf(name)), name).toBe(true);
  });

  it("cover the response types 0–5 and 12 of the spec and LockDesk's 0x20–0x21, each (type, length) once", () => {
    expect(new Set(LAYOUT_NAMES.map((n) => RESPONSE_LAYOUTS[n].type))).toEqual(
      new Set(Object.values(RESPONSE_TYPE)),
    );
    const keys = LAYOUT_NAMES.map((n) => `${RESPONSE_LAYOUTS[n].type}/${RESPONSE_LAYOUTS[n].length}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(RESPONSE_LAYOUTS.sectorData).toMatchObject({ type: 12, length: 0x15 });
  });

  it('keep the headers apart so a stream of one direction never syncs on the other', () => {
    expect(FRAME_HEADER_COMMAND).toBe(0xa5);
    expect(FRAME_HEADER_RESPONSE).toBe(0x5a);
  });
});

describe('response helpers', () => {
  it('name the command a response answers and join block data', () => {
    expect(commandOfResponse({ layout: 'ack', type: 0, command: 0x12, status: 0 })).toBe('authenticate');
    expect(commandOfResponse({ layout: 'ack', type: 0, command: 0x7f, status: 0 })).toBeUndefined();
    expect(commandOfResponse({ layout: 'sectorStatus', type: 12, sector: 1, status: 4 })).toBe('readSector');
    expect(blockDataOf({ dataHigh8: '0011223344556677', dataLow8: '8899AABBCCDDEEFF' })).toBe(
      '00112233445566778899AABBCCDDEEFF',
    );
  });

  it('carry frames as hex on the broker', () => {
    expect(encodeCommandHex({ name: 'findCard' })).toEqual({ ok: true, value: 'A50410B1' });
    expect(decodeResponseHex('5a0b02100008112233440f')).toMatchObject({
      ok: true,
      value: { layout: 'card', cardNumber: '11223344' },
    });
    expect(encodeCommandHex({ name: 'readBlock', block: 300 })).toMatchObject({
      ok: false,
      code: 'BLOCK_OUT_OF_RANGE',
    });
  });
});

describe('error codes', () => {
  it('FRAME_MALFORMED for a frame too short, a wrong header, a length byte that lies, a wrong type length', () => {
    for (const frame of [
      new Uint8Array(0),
      bytes('5A 03 00'),
      bytes('A5 06 00 12 00 E9'),
      bytes('5A 07 00 12 00 4E'),
    ]) {
      expect(decodeResponse(frame)).toMatchObject({ ok: false, code: 'FRAME_MALFORMED' });
    }
    // A valid checksum over a type-0 frame one byte too long: the layout, not the envelope, refuses it.
    expect(decodeResponse(sealed(bytes('5A 07 00 12 00 00 00')))).toMatchObject({
      ok: false,
      code: 'FRAME_MALFORMED',
      params: { message: 'a type 0 frame is not 7 bytes long' },
    });
    expect(decodeResponse('5A' as unknown as Uint8Array)).toMatchObject({
      ok: false,
      code: 'FRAME_MALFORMED',
    });
    expect(decodeCommand(sealed(bytes('A5 06 10 00 00 00')))).toMatchObject({
      ok: false,
      code: 'FRAME_MALFORMED',
    });
    // An enumeration byte the table does not know (key type 0x62).
    expect(decodeCommand(sealed(bytes('A5 0C 12 36 62 FFFFFFFFFFFF 00')))).toMatchObject({
      ok: false,
      code: 'FRAME_MALFORMED',
    });
    expect(
      encodeResponse({ layout: 'ack', type: 3, command: 1, status: 0 } as unknown as EncoderResponse),
    ).toMatchObject({
      ok: false,
      code: 'FRAME_MALFORMED',
    });
  });

  it('READ_FAILED_STATUS for a type-12 frame of any length but 0x15 that carries a status (spec §4)', () => {
    for (let length = 6; length <= 64; length++) {
      if (length === 0x15) continue;
      const frame = new Uint8Array(length);
      frame.set([0x5a, length, 0x0c, 0x0d, 0x2b]);
      expect(decodeResponse(sealed(frame)), `length ${length}`).toMatchObject({
        ok: false,
        code: 'READ_FAILED_STATUS',
        params: { status: '2B' },
      });
    }
    // Length 0x15 is always the success layout, whatever the bytes after the sector.
    expect(decodeResponse(sealed(bytes(`5A 15 0C 0D ${'2B'.repeat(16)} 00`)))).toMatchObject({
      ok: true,
      value: { layout: 'sectorData', sector: 13, dataHigh8: '2B'.repeat(8) },
    });
  });

  it('FRAME_MALFORMED for a type-12 frame too short to carry a status', () => {
    expect(decodeResponse(sealed(bytes('5A 05 0C 0D 00')))).toMatchObject({
      ok: false,
      code: 'FRAME_MALFORMED',
    });
  });

  it('BAD_CHECKSUM when the last byte is not the XOR of the others: no result', () => {
    const damaged = bytes('5A 06 00 12 00 4F');
    expect(decodeResponse(damaged)).toEqual({
      ok: false,
      code: 'BAD_CHECKSUM',
      detail: 'checksum byte 4F, the XOR of the frame is 4E',
    });
  });

  it('BAD_COMMAND_CHECKSUM when a command frame is damaged: the words name the command, not a response', () => {
    expect(decodeCommand(bytes('A5 04 01 A1'))).toEqual({
      ok: false,
      code: 'BAD_COMMAND_CHECKSUM',
      detail: 'checksum byte A1, the XOR of the frame is A0',
    });
    expect(errorText('BAD_COMMAND_CHECKSUM')).toBe('command checksum mismatch');
    expect(errorText('BAD_CHECKSUM')).toBe('response checksum mismatch');
  });

  it('UNKNOWN_FRAME_TYPE for a type outside 0–5, 12 and 0x20–0x21, an unknown command code or name', () => {
    expect(decodeResponse(sealed(bytes('5A 06 06 12 00 00')))).toMatchObject({
      ok: false,
      code: 'UNKNOWN_FRAME_TYPE',
      params: { type: 6 },
    });
    expect(decodeResponse(sealed(bytes('5A 0A 22 31 00 00 00 00 00 00')))).toMatchObject({
      ok: false,
      code: 'UNKNOWN_FRAME_TYPE',
      params: { type: 0x22 },
    });
    expect(decodeCommand(sealed(bytes('A5 04 7F 00')))).toMatchObject({
      ok: false,
      code: 'UNKNOWN_FRAME_TYPE',
    });
    expect(encodeCommand({ name: 'openDoor' } as unknown as EncoderCommand)).toMatchObject({
      ok: false,
      code: 'UNKNOWN_FRAME_TYPE',
    });
    expect(encodeResponse({ layout: 'nope', type: 0 } as unknown as EncoderResponse)).toMatchObject({
      ok: false,
      code: 'UNKNOWN_FRAME_TYPE',
    });
  });

  it('FRAME_MALFORMED for a finger step byte the table does not know; FINGER_ENROLL_FAILED by status', () => {
    expect(decodeResponseFrame(sealed(bytes('5A 0A 20 31 00 03 00 00 00 00')))).toMatchObject({
      ok: false,
      code: 'FRAME_MALFORMED',
      params: { message: 'unknown step 03' },
    });
    // A template chunk refused (no template captured yet), and a start refused (no sensor).
    expect(decodeResponse(sealed(bytes(`5A 27 21 32 0C 00 ${'00'.repeat(32)} 00`)))).toMatchObject({
      ok: false,
      code: 'FINGER_ENROLL_FAILED',
      params: { status: '0C', message: 'fingerTemplate status 0C' },
    });
    expect(decodeResponse(bytes('5A 06 00 30 0E 62'))).toMatchObject({
      ok: false,
      code: 'FINGER_ENROLL_FAILED',
      params: { status: '0E', message: 'fingerEnroll status 0E' },
    });
    expect(encodeCommand({ name: 'fingerTemplate', chunk: 256 })).toMatchObject({
      ok: false,
      code: 'FIELD_INVALID',
      params: { field: 'chunk' },
    });
  });

  it('READ_FAILED_STATUS for a type-12 failure and a failed block read, status as two hex digits', () => {
    expect(decodeResponse(bytes('5A 06 0C 0D 04 59'))).toMatchObject({
      ok: false,
      code: 'READ_FAILED_STATUS',
      params: { status: '04' },
    });
    const failedRead = value(
      encodeResponse({
        layout: 'blockData',
        type: 3,
        command: 0x13,
        status: 0x1a,
        block: 54,
        dataHigh8: '0000000000000000',
        dataLow8: '0000000000000000',
      }),
    );
    expect(decodeResponse(failedRead)).toMatchObject({
      ok: false,
      code: 'READ_FAILED_STATUS',
      params: { status: '1A' },
    });
  });

  it('NO_CARD, UID_FAILED, AUTH_FAILED, WRITE_CARD_FAILED, OPERATION_FAILED by the command answered', () => {
    const answer = (response: EncoderResponse) => decodeResponse(value(encodeResponse(response)));
    expect(
      answer({ layout: 'card', type: 2, command: 0x10, status: 2, cardType: 0, cardNumber: '00000000' }),
    ).toMatchObject({ code: 'NO_CARD' });
    expect(
      answer({ layout: 'card', type: 2, command: 0x11, status: 2, cardType: 0, cardNumber: '00000000' }),
    ).toMatchObject({ code: 'UID_FAILED' });
    expect(answer({ layout: 'ack', type: 0, command: 0x12, status: 1 })).toMatchObject({
      code: 'AUTH_FAILED',
    });
    expect(answer({ layout: 'writeResult', type: 4, command: 0x14, status: 1, block: 4 })).toMatchObject({
      code: 'WRITE_CARD_FAILED',
    });
    expect(answer({ layout: 'writeResult', type: 4, command: 0x20, status: 9, block: 0 })).toMatchObject({
      code: 'OPERATION_FAILED',
      params: { message: 'requestCard status 09' },
    });
    expect(answer({ layout: 'ack', type: 0, command: 0x7f, status: 1 })).toMatchObject({
      code: 'OPERATION_FAILED',
      params: { message: 'command 7F status 01' },
    });
  });

  it('SECTOR_LOCKED for status 06 answering authenticate, readBlock or writeBlock: a locked sector, not a wrong key', () => {
    const answer = (response: EncoderResponse) => decodeResponse(value(encodeResponse(response)));
    expect(answer({ layout: 'ack', type: 0, command: 0x12, status: 0x06 })).toEqual({
      ok: false,
      code: 'SECTOR_LOCKED',
      detail: 'authenticate answered status 06',
      params: { status: '06', message: 'authenticate status 06' },
    });
    expect(
      answer({
        layout: 'blockData',
        type: 3,
        command: 0x13,
        status: 0x06,
        block: 4,
        dataHigh8: '0000000000000000',
        dataLow8: '0000000000000000',
      }),
    ).toMatchObject({ code: 'SECTOR_LOCKED' });
    expect(answer({ layout: 'writeResult', type: 4, command: 0x14, status: 0x06, block: 4 })).toMatchObject({
      code: 'SECTOR_LOCKED',
    });
    // Other commands keep their own failure for status 06.
    expect(answer({ layout: 'writeResult', type: 4, command: 0x20, status: 0x06, block: 0 })).toMatchObject({
      code: 'OPERATION_FAILED',
    });
    expect(errorText('SECTOR_LOCKED')).not.toBe(errorText('AUTH_FAILED'));
  });

  it('FIELD_INVALID for a parameter outside its field', () => {
    expect(
      encodeCommand({ name: 'led', colour: 'blue', durationMs: 0 } as unknown as EncoderCommand),
    ).toMatchObject({
      code: 'FIELD_INVALID',
      params: { field: 'colour' },
    });
    expect(encodeCommand({ name: 'led', colour: 'red', durationMs: 70_000 })).toMatchObject({
      code: 'FIELD_INVALID',
      params: { field: 'durationMs' },
    });
    expect(encodeCommand({ name: 'beep', musicId: 1.5, count: 1 })).toMatchObject({ code: 'FIELD_INVALID' });
    expect(
      encodeResponse({ layout: 'card', type: 2, command: 0x10, status: 0, cardType: 8, cardNumber: '1122' }),
    ).toMatchObject({
      code: 'FIELD_INVALID',
      params: { field: 'cardNumber' },
    });
    expect(encodeCommand(null as unknown as EncoderCommand)).toMatchObject({ code: 'UNKNOWN_FRAME_TYPE' });
  });

  it('BLOCK_REQUIRED, BLOCK_OUT_OF_RANGE, KEY_REQUIRED, KEY_INVALID, WRITE_DATA_REQUIRED, WRITE_DATA_INVALID', () => {
    const encode = (command: unknown) => encodeCommand(command as EncoderCommand);
    expect(encode({ name: 'readBlock' })).toMatchObject({ code: 'BLOCK_REQUIRED' });
    expect(encode({ name: 'readBlock', block: 256 })).toMatchObject({ code: 'BLOCK_OUT_OF_RANGE' });
    expect(encode({ name: 'authenticate', block: 4, keyType: 'A', key: '' })).toMatchObject({
      code: 'KEY_REQUIRED',
    });
    expect(encode({ name: 'authenticate', block: 4, keyType: 'A', key: 'FFFF' })).toMatchObject({
      code: 'KEY_INVALID',
    });
    expect(encode({ name: 'writeBlock', block: 4 })).toMatchObject({ code: 'WRITE_DATA_REQUIRED' });
    expect(encode({ name: 'writeBlock', block: 4, data: 'FF' })).toMatchObject({
      code: 'WRITE_DATA_INVALID',
    });
  });

  it('BROKER_INVALID_HEX for a reply that is not hex', () => {
    expect(decodeResponseHex('5A 06')).toMatchObject({ ok: false, code: 'BROKER_INVALID_HEX' });
    expect(decodeResponseHex('')).toMatchObject({ ok: false, code: 'BROKER_INVALID_HEX' });
  });
});

describe('properties', () => {
  it('decodeResponse never throws: 100,000 random inputs and mutated valid frames', () => {
    const mutated = fc
      .tuple(
        anyResponse,
        fc.integer({ min: 0, max: 63 }),
        fc.integer({ min: 0, max: 255 }),
        fc.nat(4),
        fc.boolean(),
      )
      .map(([response, at, byte, how, reseal]) => {
        let frame = value(encodeResponse(response));
        if (how === 0) frame[at % frame.length] = byte;
        else if (how === 1) frame = frame.slice(0, at % frame.length);
        else if (how === 2) frame = concatBytes(frame, Uint8Array.of(byte));
        else if (how === 3) frame[1] = byte;
        else frame[2] = byte & 0x0f;
        return reseal && frame.length >= 2 ? sealed(frame) : frame;
      });
    const input = fc.oneof(fc.uint8Array({ maxLength: 32 }), mutated);
    const codes = new Set<string>(ERROR_CODES);
    const seen = new Set<string>();
    const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);
    // Plain boolean checks: expect() in a 100,000-run loop would cost more than the decoding it checks.
    fc.assert(
      fc.property(input, (frame) => {
        const result = decodeResponse(frame);
        seen.add(result.ok ? 'ok' : result.code);
        // Whatever the decoder accepts, the encoder writes back byte for byte.
        const responseOk = result.ok
          ? (() => {
              const again = encodeResponse(result.value);
              return again.ok && same(again.value, frame);
            })()
          : codes.has(result.code);
        const command = decodeCommand(frame);
        return responseOk && (command.ok || codes.has(command.code));
      }),
      { numRuns: 100_000 },
    );
    // The inputs reach every branch: accepted frames, each envelope refusal and each status outcome.
    for (const outcome of [
      'ok',
      'BAD_CHECKSUM',
      'FRAME_MALFORMED',
      'UNKNOWN_FRAME_TYPE',
      'NO_CARD',
      'READ_FAILED_STATUS',
    ])
      expect(seen).toContain(outcome);
  });

  it('every response layout round-trips (encode → decode → encode)', () => {
    fc.assert(
      fc.property(anyResponse, (response) => {
        const frame = value(encodeResponse(response));
        const decoded = value(decodeResponseFrame(frame));
        expect(decoded).toMatchObject(response);
        expect(value(encodeResponse(decoded))).toEqual(frame);
      }),
      { numRuns: 5_000 },
    );
  });

  it('every command round-trips (encode → decode → encode)', () => {
    fc.assert(
      fc.property(anyCommand, (command) => {
        const frame = value(encodeCommand(command));
        expect(frame[1]).toBe(frame.length);
        const decoded = value(decodeCommand(frame));
        expect(decoded).toEqual(command);
        expect(value(encodeCommand(decoded))).toEqual(frame);
      }),
      { numRuns: 5_000 },
    );
  });
});

describe('splitFrames', () => {
  const card = bytes('5A 0B 02 10 00 08 11223344 0F');
  const ack = bytes('5A 06 00 12 00 4E');

  it('pulls frames out of zero-padded 64-byte reports', () => {
    const report = new Uint8Array(64);
    report.set(card, 0);
    const { frames, rest, skipped } = splitFrames(report);
    expect(frames).toEqual([card]);
    expect(rest).toEqual(new Uint8Array(0));
    expect(skipped).toBe(64 - card.length);
  });

  it('keeps a partial frame and completes it with the next chunk', () => {
    const first = splitFrames(concatBytes(ack, card.slice(0, 4)));
    expect(first.frames).toEqual([ack]);
    expect(first.rest).toEqual(card.slice(0, 4));
    const second = splitFrames(concatBytes(first.rest, card.slice(4)));
    expect(second.frames).toEqual([card]);
    expect(second.rest.length).toBe(0);
    expect(splitFrames(Uint8Array.of(0x5a)).rest).toEqual(Uint8Array.of(0x5a));
  });

  it('skips a header with an impossible length and finds the next frame', () => {
    const { frames, skipped } = splitFrames(concatBytes(Uint8Array.of(0x5a, 0x02, 0x99), ack));
    expect(frames).toEqual([ack]);
    expect(skipped).toBe(3);
  });

  it('copies frames out of a Node Buffer, so the read buffer can be reused', () => {
    const read = Buffer.from(ack);
    const { frames } = splitFrames(read);
    read.fill(0);
    expect(frames).toEqual([ack]);
  });

  it('splits command streams for the simulated encoder', () => {
    const find = value(encodeCommand({ name: 'findCard' }));
    const read = value(encodeCommand({ name: 'readBlock', block: 54 }));
    expect(splitFrames(concatBytes(find, read), FRAME_HEADER_COMMAND).frames).toEqual([find, read]);
  });

  it('never loses a frame however the stream is cut', () => {
    fc.assert(
      fc.property(
        fc.array(anyResponse, { minLength: 1, maxLength: 5 }),
        fc.array(fc.nat(40)),
        (responses, cuts) => {
          const frames = responses.map((r) => value(encodeResponse(r)));
          const stream = frames.reduce(
            (all, f) => concatBytes(concatBytes(all, f), new Uint8Array(3)),
            new Uint8Array(0),
          );
          const got: Uint8Array[] = [];
          let rest: Uint8Array = new Uint8Array(0);
          let at = 0;
          for (const cut of [...cuts, stream.length]) {
            const end = Math.min(stream.length, at + cut);
            const split = splitFrames(concatBytes(rest, stream.slice(at, end)));
            got.push(...split.frames);
            rest = split.rest;
            at = end;
          }
          expect(got).toEqual(frames);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('frameLength reads the length byte once it has arrived', () => {
    expect(frameLength(Uint8Array.of(0x5a))).toBeUndefined();
    expect(frameLength(Uint8Array.of(0x5a, 0x15))).toBe(21);
  });
});

describe('hidReportOf', () => {
  it('puts report id 0x00 first and pads the frame to 64 bytes', () => {
    const frame = value(encodeCommand({ name: 'getVersion' }));
    const report = value(hidReportOf(frame));
    expect(report.length).toBe(65);
    expect(report[0]).toBe(0);
    expect(report.slice(1, 5)).toEqual(frame);
    expect(report.slice(5).every((b) => b === 0)).toBe(true);
    expect(hidReportOf(new Uint8Array(65))).toMatchObject({ ok: false, code: 'FRAME_MALFORMED' });
  });
});

describe('WIRE.md', () => {
  const wire = readFileSync(new URL('../WIRE.md', import.meta.url), 'utf8');
  const lines = wire.split('\n');
  const examples = lines.flatMap((line, i) => {
    const match = /^(command|response) (\w+): ((?:[0-9A-F]{2} ?)+)$/.exec(line.trim());
    return match
      ? [{ direction: match[1]!, name: match[2]!, hex: match[3]!, xor: lines[i + 1]!.trim() }]
      : [];
  });

  it('shows a worked example of every command and every response layout', () => {
    expect(new Set(examples.filter((e) => e.direction === 'command').map((e) => e.name))).toEqual(
      new Set(COMMAND_NAMES),
    );
    expect(new Set(examples.filter((e) => e.direction === 'response').map((e) => e.name))).toEqual(
      new Set(LAYOUT_NAMES),
    );
  });

  it.each(examples)(
    '$direction $name: the codec reads and writes the documented bytes',
    ({ direction, name, hex }) => {
      const frame = bytes(hex);
      if (direction === 'command') {
        const command = value(decodeCommand(frame));
        expect(command.name).toBe(name);
        expect(value(encodeCommand(command))).toEqual(frame);
      } else {
        const response = value(decodeResponseFrame(frame));
        expect(response.layout).toBe(name);
        expect(value(encodeResponse(response))).toEqual(frame);
      }
    },
  );

  it.each(examples)('$direction $name: the checksum is worked out step by step', ({ hex, xor }) => {
    const frame = bytes(hex);
    // "xor: A5 ^ 04 = A1 ^ 01 = A0": each step's arithmetic, over every byte but the last, ending at the checksum.
    const match = /^xor: ([0-9A-F]{2})((?: \^ [0-9A-F]{2} = [0-9A-F]{2})+)$/.exec(xor);
    expect(match, xor).not.toBeNull();
    const operands = [Number.parseInt(match![1]!, 16)];
    let sum = operands[0]!;
    for (const step of match![2]!.matchAll(/\^ ([0-9A-F]{2}) = ([0-9A-F]{2})/g)) {
      const operand = Number.parseInt(step[1]!, 16);
      operands.push(operand);
      sum ^= operand;
      expect(Number.parseInt(step[2]!, 16), step[0]).toBe(sum);
    }
    expect(Uint8Array.from(operands)).toEqual(frame.slice(0, -1));
    expect(sum).toBe(frame[frame.length - 1]);
  });
});
