import { ENCODER_USB } from './constants.js';
import { parseBlockData, parseHexCommand, parseKey } from './fields.js';
import {
  COMMAND_TABLE,
  type CommandName,
  type CommandRow,
  type EncoderCommand,
  type EncoderResponse,
  FINGER_STEP_CODES,
  type FieldCodecName,
  FRAME_ENVELOPE,
  FRAME_HEADER_COMMAND,
  FRAME_HEADER_RESPONSE,
  FRAME_MAX_LENGTH,
  FRAME_MIN_LENGTH,
  type FrameField,
  KEY_TYPE_CODES,
  LED_COLOUR_CODES,
  RESPONSE_LAYOUTS,
  type ResponseFrame,
  type ResponseLayout,
  type ResponseLayoutName,
  type ResponseType,
} from './frame-tables.js';
import { bytesToHex, byteToHex, hexToBytes, isHex } from './hex.js';
import { type Failure, fail, ok, type Result } from './result.js';

/**
 * The encoder frame codec (spec §4 'Device command'). One generic reader and one generic writer walk the rows of
 * COMMAND_TABLE and RESPONSE_LAYOUTS (frame-tables.ts); nothing here knows a particular offset. Every function
 * returns a Result: a malformed, short or unknown frame is a catalogue code, never an exception.
 */

export * from './frame-tables.js';

type Fields = Record<string, unknown>;

interface FieldCodec {
  read(bytes: Uint8Array, offset: number, width: number, field: string): Result<unknown>;
  /** Writes the value, or returns the refusal; the frame is left half-written then and must be dropped. */
  write(value: unknown, bytes: Uint8Array, offset: number, width: number, field: string): Failure | undefined;
}

function readUint(bytes: Uint8Array, offset: number, width: number): number {
  let value = 0;
  for (let i = 0; i < width; i++) value = value * 256 + bytes[offset + i]!;
  return value;
}

function writeUint(value: number, bytes: Uint8Array, offset: number, width: number): void {
  let rest = value;
  for (let i = width - 1; i >= 0; i--) {
    bytes[offset + i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
}

function writeHex(hex: string, bytes: Uint8Array, offset: number): void {
  const parsed = hexToBytes(hex);
  if (parsed.ok) bytes.set(parsed.value, offset);
}

const readHex = (bytes: Uint8Array, offset: number, width: number) =>
  ok(bytesToHex(bytes, offset, offset + width));

function fitsUint(value: unknown, width: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < 256 ** width;
}

function enumCodec(codes: Readonly<Record<string, number>>): FieldCodec {
  // The reverse map is derived from the forward one, so a code is written down once.
  const names = new Map(Object.entries(codes).map(([name, code]) => [code, name]));
  return {
    read(bytes, offset, width, field) {
      const code = readUint(bytes, offset, width);
      const name = names.get(code);
      return name === undefined
        ? fail('FRAME_MALFORMED', `${field} byte ${byteToHex(code)} is not one of the known codes`, {
            message: `unknown ${field} ${byteToHex(code)}`,
          })
        : ok(name);
    },
    write(value, bytes, offset, width, field) {
      const code = typeof value === 'string' && Object.hasOwn(codes, value) ? codes[value] : undefined;
      if (code === undefined)
        return fail('FIELD_INVALID', `${field} must be one of ${Object.keys(codes).join(', ')}`, { field });
      writeUint(code, bytes, offset, width);
      return undefined;
    },
  };
}

const FIELD_CODECS: Readonly<Record<FieldCodecName, FieldCodec>> = {
  uint: {
    read: (bytes, offset, width) => ok(readUint(bytes, offset, width)),
    write(value, bytes, offset, width, field) {
      if (!fitsUint(value, width))
        return fail('FIELD_INVALID', `${field} must be a whole number from 0 to ${256 ** width - 1}`, {
          field,
        });
      writeUint(value, bytes, offset, width);
      return undefined;
    },
  },
  hex: {
    read: readHex,
    write(value, bytes, offset, width, field) {
      if (typeof value !== 'string' || value.length !== 2 * width || !isHex(value))
        return fail('FIELD_INVALID', `${field} must be ${2 * width} hex characters`, { field });
      writeHex(value, bytes, offset);
      return undefined;
    },
  },
  block: {
    read: (bytes, offset, width) => ok(readUint(bytes, offset, width)),
    write(value, bytes, offset, width, field) {
      if (value === undefined || value === null) return fail('BLOCK_REQUIRED', `${field} is missing`);
      if (!fitsUint(value, width))
        return fail('BLOCK_OUT_OF_RANGE', `${field} must be a whole number from 0 to ${256 ** width - 1}`, {
          block: String(value),
        });
      writeUint(value, bytes, offset, width);
      return undefined;
    },
  },
  key: {
    read: readHex,
    write(value, bytes, offset) {
      const key = parseKey(value);
      if (!key.ok) return key;
      writeHex(key.value, bytes, offset);
      return undefined;
    },
  },
  blockData: {
    read: readHex,
    write(value, bytes, offset) {
      const data = parseBlockData(value);
      if (!data.ok) return data;
      writeHex(data.value, bytes, offset);
      return undefined;
    },
  },
  keyType: enumCodec(KEY_TYPE_CODES),
  ledColour: enumCodec(LED_COLOUR_CODES),
  fingerStep: enumCodec(FINGER_STEP_CODES),
};

// Reverse maps, derived from the tables once.
const COMMAND_NAMES = Object.keys(COMMAND_TABLE) as CommandName[];
const COMMAND_BY_CODE: ReadonlyMap<number, CommandName> = new Map(
  COMMAND_NAMES.map((name) => [COMMAND_TABLE[name].code, name]),
);
const LAYOUT_NAMES = Object.keys(RESPONSE_LAYOUTS) as ResponseLayoutName[];
const LAYOUTS_BY_TYPE: ReadonlyMap<number, readonly ResponseLayoutName[]> = LAYOUT_NAMES.reduce(
  (byType, name) =>
    byType.set(RESPONSE_LAYOUTS[name].type, [...(byType.get(RESPONSE_LAYOUTS[name].type) ?? []), name]),
  new Map<number, ResponseLayoutName[]>(),
);

/** XOR of every byte given (the frame checksum is this over all bytes before the checksum byte). */
export function xorChecksum(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let sum = 0;
  for (let i = start; i < end; i++) sum ^= bytes[i]!;
  return sum;
}

function writeFrame(
  header: number,
  kind: number,
  length: number,
  fields: readonly FrameField[],
  source: object,
): Result<Uint8Array> {
  const frame = new Uint8Array(length);
  frame[FRAME_ENVELOPE.headerOffset] = header;
  frame[FRAME_ENVELOPE.lengthOffset] = length;
  frame[FRAME_ENVELOPE.kindOffset] = kind;
  for (const field of fields) {
    const refused = FIELD_CODECS[field.codec].write(
      (source as Fields)[field.name],
      frame,
      field.offset,
      field.width,
      field.name,
    );
    if (refused) return refused;
  }
  frame[length - 1] = xorChecksum(frame, 0, length - 1);
  return ok(frame);
}

function readFields(bytes: Uint8Array, fields: readonly FrameField[], into: Fields): Failure | undefined {
  for (const field of fields) {
    const value = FIELD_CODECS[field.codec].read(bytes, field.offset, field.width, field.name);
    if (!value.ok) return value;
    into[field.name] = value.value;
  }
  return undefined;
}

/** Checks the envelope every frame shares: size, header, length byte, checksum. */
function openFrame(bytes: unknown, header: number): Failure | undefined {
  if (!(bytes instanceof Uint8Array)) return malformed('a frame is a Uint8Array');
  if (bytes.length < FRAME_MIN_LENGTH)
    return malformed(`${bytes.length} bytes, the shortest frame is ${FRAME_MIN_LENGTH}`);
  const first = bytes[FRAME_ENVELOPE.headerOffset]!;
  if (first !== header) return malformed(`header ${byteToHex(first)}, expected ${byteToHex(header)}`);
  const declared = bytes[FRAME_ENVELOPE.lengthOffset]!;
  if (declared !== bytes.length)
    return malformed(`length byte says ${declared}, the frame has ${bytes.length} bytes`);
  const expected = xorChecksum(bytes, 0, bytes.length - 1);
  const actual = bytes[bytes.length - 1]!;
  if (expected !== actual)
    return fail(
      // The words name the frame that was damaged: a command refused before it reached the encoder is not an
      // answer of the encoder.
      header === FRAME_HEADER_COMMAND ? 'BAD_COMMAND_CHECKSUM' : 'BAD_CHECKSUM',
      `checksum byte ${byteToHex(actual)}, the XOR of the frame is ${byteToHex(expected)}`,
    );
  return undefined;
}

function malformed(message: string): Failure {
  return fail('FRAME_MALFORMED', message, { message });
}

/** Builds the frame of a command (host → encoder); bad parameters get their validation code. */
export function encodeCommand(command: EncoderCommand): Result<Uint8Array> {
  const name = (command as { name?: unknown } | null)?.name;
  if (typeof name !== 'string' || !Object.hasOwn(COMMAND_TABLE, name))
    return fail('UNKNOWN_FRAME_TYPE', `no command named ${String(name)}`, { type: String(name) });
  const row: CommandRow = COMMAND_TABLE[name as CommandName];
  return writeFrame(FRAME_HEADER_COMMAND, row.code, row.length, row.params, command);
}

/** Reads a command frame (what the simulated encoder receives). */
export function decodeCommand(bytes: Uint8Array): Result<EncoderCommand> {
  const bad = openFrame(bytes, FRAME_HEADER_COMMAND);
  if (bad) return bad;
  const code = bytes[FRAME_ENVELOPE.kindOffset]!;
  const name = COMMAND_BY_CODE.get(code);
  if (name === undefined)
    return fail('UNKNOWN_FRAME_TYPE', `no command has code ${byteToHex(code)}`, {
      type: `0x${byteToHex(code)}`,
    });
  const row: CommandRow = COMMAND_TABLE[name];
  if (bytes.length !== row.length)
    return malformed(`${name} frame is ${bytes.length} bytes, expected ${row.length}`);
  const command: Fields = { name };
  const refused = readFields(bytes, row.params, command);
  return refused ?? ok(command as EncoderCommand);
}

/** Builds the frame of a response (encoder → host), as the simulated encoder sends it. */
export function encodeResponse(response: EncoderResponse): Result<Uint8Array> {
  const layoutName = (response as { layout?: unknown } | null)?.layout;
  if (typeof layoutName !== 'string' || !Object.hasOwn(RESPONSE_LAYOUTS, layoutName))
    return fail('UNKNOWN_FRAME_TYPE', `no response layout named ${String(layoutName)}`, {
      type: String(layoutName),
    });
  const layout: ResponseLayout = RESPONSE_LAYOUTS[layoutName as ResponseLayoutName];
  if (response.type !== layout.type)
    return malformed(`a ${layoutName} response is type ${layout.type}, not ${String(response.type)}`);
  return writeFrame(FRAME_HEADER_RESPONSE, layout.type, layout.length, layout.fields, response);
}

/**
 * Reads a response frame as it is, whatever its status: envelope (FRAME_MALFORMED, BAD_CHECKSUM), type
 * (UNKNOWN_FRAME_TYPE) and layout are checked, the device's status is not (see checkResponseStatus).
 */
export function decodeResponseFrame(bytes: Uint8Array): Result<ResponseFrame> {
  const bad = openFrame(bytes, FRAME_HEADER_RESPONSE);
  if (bad) return bad;
  const type = bytes[FRAME_ENVELOPE.kindOffset]!;
  const candidates = LAYOUTS_BY_TYPE.get(type);
  if (candidates === undefined)
    return fail('UNKNOWN_FRAME_TYPE', `response type ${type} is not 0–5, 12, 0x20 or 0x21`, { type });
  const layoutName = layoutFor(candidates, bytes.length);
  if (layoutName === undefined) return malformed(`a type ${type} frame is not ${bytes.length} bytes long`);
  const layout: ResponseLayout = RESPONSE_LAYOUTS[layoutName];
  const response: Fields = {
    layout: layoutName,
    type,
    header: bytes[FRAME_ENVELOPE.headerOffset],
    length: bytes.length,
    checksum: bytes[bytes.length - 1],
  };
  const refused = readFields(bytes, layout.fields, response);
  return refused ?? ok(response as unknown as ResponseFrame);
}

function layoutFor(
  candidates: readonly ResponseLayoutName[],
  length: number,
): ResponseLayoutName | undefined {
  // Spec §4: type 12 is a success only at length 0x15 (sectorData); any other length long enough to carry a
  // status is the failure layout (sectorStatus, marked anyOtherLength in the table).
  const exact = candidates.find((name) => RESPONSE_LAYOUTS[name].length === length);
  if (exact !== undefined) return exact;
  return candidates.find((name) => {
    const layout: ResponseLayout = RESPONSE_LAYOUTS[name];
    return layout.anyOtherLength === true && layout.fields.every((f) => f.offset + f.width < length);
  });
}

/**
 * Turns a device status into the spec's outcome: type 12 other than length 0x15 → READ_FAILED_STATUS, find-card
 * status ≠ 00 → NO_CARD, and any other non-zero status → the failure code of the command that was answered.
 */
export function checkResponseStatus<R extends EncoderResponse>(response: R): Result<R> {
  if (response.layout === 'sectorStatus')
    return statusFailure('READ_FAILED_STATUS', 'readSector', response.status);
  if (!('status' in response) || response.status === 0) return ok(response);
  const name = COMMAND_BY_CODE.get(response.command);
  const row: CommandRow | undefined = name === undefined ? undefined : COMMAND_TABLE[name];
  const code = row?.statusFailures?.[response.status] ?? row?.failure ?? 'OPERATION_FAILED';
  return statusFailure(code, name ?? `command ${byteToHex(response.command)}`, response.status);
}

function statusFailure(code: CommandRow['failure'], what: string, status: number): Failure {
  const hex = byteToHex(status);
  return fail(code, `${what} answered status ${hex}`, { status: hex, message: `${what} status ${hex}` });
}

/** Reads a response frame and applies the device status rules: only a successful answer is a value. */
export function decodeResponse(bytes: Uint8Array): Result<ResponseFrame> {
  const frame = decodeResponseFrame(bytes);
  return frame.ok ? checkResponseStatus(frame.value) : frame;
}

/** The command frame as the hex text the broker carries (spec §7 'Message broker'). */
export function encodeCommandHex(command: EncoderCommand): Result<string> {
  const frame = encodeCommand(command);
  return frame.ok ? ok(bytesToHex(frame.value)) : frame;
}

/** Reads a hex reply from the broker: BROKER_INVALID_HEX for bad hex, then as decodeResponse. */
export function decodeResponseHex(hex: string): Result<ResponseFrame> {
  const checked = parseHexCommand(hex);
  if (!checked.ok) return checked;
  const bytes = hexToBytes(checked.value);
  return bytes.ok ? decodeResponse(bytes.value) : bytes;
}

/** The response type the encoder answers a command with. */
export function responseTypeOf(name: CommandName): ResponseType {
  return COMMAND_TABLE[name].response;
}

/** The command a response answers, from its command byte (type 12 answers readSector). */
export function commandOfResponse(response: EncoderResponse): CommandName | undefined {
  return 'command' in response ? COMMAND_BY_CODE.get(response.command) : 'readSector';
}

/** The code byte of a command. */
export function commandCode(name: CommandName): number {
  return COMMAND_TABLE[name].code;
}

/** The 16 bytes of a block read, as 32 hex characters (dataHigh8 then dataLow8). */
export function blockDataOf(response: { dataHigh8: string; dataLow8: string }): string {
  return response.dataHigh8 + response.dataLow8;
}

/** The declared total length of the frame starting at bytesSoFar[0], or undefined until the length byte arrived. */
export function frameLength(bytesSoFar: Uint8Array): number | undefined {
  return bytesSoFar.length > FRAME_ENVELOPE.lengthOffset
    ? bytesSoFar[FRAME_ENVELOPE.lengthOffset]
    : undefined;
}

/** Whole frames pulled out of a byte stream, the unfinished tail to keep, and how many bytes were skipped. */
export interface SplitFrames {
  frames: Uint8Array[];
  rest: Uint8Array;
  skipped: number;
}

/**
 * Pulls whole frames out of a byte stream (HID reports with zero padding, partial reads): bytes before a header
 * are skipped, a header whose length byte is impossible is skipped, a frame not yet complete stays in `rest`.
 * Frames are cut by their length byte only; their checksum is left to the decoder so a damaged frame becomes
 * BAD_CHECKSUM for the waiting command rather than silence. Pure: the caller keeps `rest` for the next chunk.
 */
export function splitFrames(buffer: Uint8Array, header: number = FRAME_HEADER_RESPONSE): SplitFrames {
  const frames: Uint8Array[] = [];
  let skipped = 0;
  let i = 0;
  while (i < buffer.length) {
    if (buffer[i] !== header) {
      i++;
      skipped++;
      continue;
    }
    if (i + 1 >= buffer.length) break;
    const length = buffer[i + 1]!;
    if (length < FRAME_MIN_LENGTH || length > FRAME_MAX_LENGTH) {
      i++;
      skipped++;
      continue;
    }
    if (i + length > buffer.length) break;
    // A plain copy, not a view: a Node Buffer's slice() would alias the caller's read buffer.
    frames.push(new Uint8Array(buffer.subarray(i, i + length)));
    i += length;
  }
  return { frames, rest: new Uint8Array(buffer.subarray(i)), skipped };
}

/** Joins the kept tail of a stream and a new chunk (for splitFrames). */
export function concatBytes(first: Uint8Array, second: Uint8Array): Uint8Array {
  const joined = new Uint8Array(first.length + second.length);
  joined.set(first, 0);
  joined.set(second, first.length);
  return joined;
}

/**
 * The HID output report carrying a frame: report id 0x00 first (node-hid's convention for devices without
 * numbered reports), then the frame, zero-padded to the 64-byte report size: 65 bytes in all.
 */
export function hidReportOf(frame: Uint8Array): Result<Uint8Array> {
  if (frame.length > ENCODER_USB.reportSize)
    return malformed(`a ${frame.length}-byte frame does not fit a ${ENCODER_USB.reportSize}-byte report`);
  const report = new Uint8Array(ENCODER_USB.reportSize + 1);
  report.set(frame, 1);
  return ok(report);
}
