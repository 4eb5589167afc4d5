import type { ErrorCode } from './errors.js';
import type { MifareKeyType } from './mifare.js';

/**
 * The frame tables of the USB card encoder (spec §3 'Device response frame', §4 'Device command'). The spec names
 * the response fields, the checksum rule (XOR of the preceding bytes), the response types 0–5 and 12, and that a
 * type-12 frame of length 0x15 is a successful sector read; the vendor's byte layout is not public. Everything
 * else here (header bytes, command codes, offsets) is LockDesk's choice, documented byte by byte in WIRE.md.
 *
 * The codec in frames.ts reads only these tables, in both directions: to match a capture of a real device, edit a
 * row here (offset, width, code, length) and the encoder, the decoder, the simulated encoder and WIRE.md's
 * checked examples all follow.
 */

/** First byte of every frame the host sends to the encoder. */
export const FRAME_HEADER_COMMAND = 0xa5;
/** First byte of every frame the encoder sends back. */
export const FRAME_HEADER_RESPONSE = 0x5a;

/**
 * The envelope every frame shares: header, total length (all bytes, header and checksum included), then the
 * command code (host → encoder) or the response type (encoder → host); the last byte is the XOR checksum.
 */
export const FRAME_ENVELOPE = { headerOffset: 0, lengthOffset: 1, kindOffset: 2, bodyOffset: 3 } as const;
/** Header, length, kind and checksum: the shortest possible frame. */
export const FRAME_MIN_LENGTH = 4;
/** A frame travels in one 64-byte HID report, so none is longer. */
export const FRAME_MAX_LENGTH = 64;

/**
 * How a field's bytes become a value. `uint` is big-endian unsigned; `hex` is uppercase hex text; `block`,
 * `key` and `blockData` are `uint`/`hex` with the card-reader validation codes of spec §5; `keyType` and
 * `ledColour` are small enumerations.
 */
export type FieldCodecName =
  | 'uint'
  | 'hex'
  | 'block'
  | 'key'
  | 'blockData'
  | 'keyType'
  | 'ledColour'
  | 'fingerStep';

/** One field of a frame layout: where it sits (offset from the frame's first byte), how wide, how it reads. */
export interface FrameField<Name extends string = string> {
  readonly name: Name;
  readonly offset: number;
  readonly width: number;
  readonly codec: FieldCodecName;
}

/** MIFARE key selection, sent as the MIFARE Classic AUTH command byte (NXP MF1S50 §10: 0x60 key A, 0x61 key B). */
export const KEY_TYPE_CODES = { A: 0x60, B: 0x61 } as const satisfies Record<MifareKeyType, number>;

/** The encoder's two-colour LED (spec §4 'Card read flow': green when connected, red 600 ms later). */
export const LED_COLOUR_CODES = { off: 0x00, red: 0x01, green: 0x02 } as const;
export type LedColour = keyof typeof LED_COLOUR_CODES;

/**
 * Where a fingerprint enrolment on the encoder's sensor stands (LockDesk's, the spec has no fingerprint frames):
 * waiting for the first press, waiting for the same finger again, or the template is captured and can be read.
 */
export const FINGER_STEP_CODES = { press: 0x00, pressAgain: 0x01, captured: 0x02 } as const;
export type FingerStep = keyof typeof FINGER_STEP_CODES;

/** A captured template is read in chunks of this many bytes (fingerTemplate), so each answer fits one report. */
export const FINGER_TEMPLATE_CHUNK_BYTES = 32;

/** A command the host sends to the encoder; `name` selects the row of COMMAND_TABLE. */
export type EncoderCommand =
  | { name: 'getVersion' }
  | { name: 'led'; colour: LedColour; durationMs: number }
  | { name: 'beep'; musicId: number; count: number }
  | { name: 'findCard' }
  | { name: 'getUid' }
  | { name: 'authenticate'; block: number; keyType: MifareKeyType; key: string }
  | { name: 'readBlock'; block: number }
  | { name: 'writeBlock'; block: number; data: string }
  | { name: 'readSector'; sector: number; blockIndex: number; keyType: MifareKeyType; key: string }
  | { name: 'halt' }
  | { name: 'requestCard' }
  | { name: 'ejectCard' }
  | { name: 'fingerEnroll' }
  | { name: 'fingerPoll' }
  | { name: 'fingerTemplate'; chunk: number }
  | { name: 'fingerCancel' };
export type CommandName = EncoderCommand['name'];

/**
 * The response types of spec §4 'Device command' (0 to 5 and 12), by what they carry, and LockDesk's own for the
 * fingerprint sensor (0x20, 0x21), kept clear of the spec's range.
 */
export const RESPONSE_TYPE = {
  ack: 0,
  deviceInfo: 1,
  card: 2,
  blockData: 3,
  writeResult: 4,
  sound: 5,
  sectorRead: 12,
  fingerStep: 0x20,
  fingerTemplate: 0x21,
} as const;
export type ResponseType = (typeof RESPONSE_TYPE)[keyof typeof RESPONSE_TYPE];

/** Type 0: a plain acknowledgement of a command (LED, authenticate, halt). */
export interface AckResponse {
  layout: 'ack';
  type: 0;
  command: number;
  status: number;
}
/** Type 1: the encoder's firmware version (high byte major, low byte minor) and its MAC (the broker device id). */
export interface DeviceInfoResponse {
  layout: 'deviceInfo';
  type: 1;
  command: number;
  status: number;
  version: number;
  mac: string;
}
/** Type 2: the card in the field: cardType is its SAK byte, cardNumber its 4-byte UID in hex. */
export interface CardResponse {
  layout: 'card';
  type: 2;
  command: number;
  status: number;
  cardType: number;
  cardNumber: string;
}
/** Type 3: the 16 bytes of one block, first 8 in dataHigh8, last 8 in dataLow8 (hex). */
export interface BlockDataResponse {
  layout: 'blockData';
  type: 3;
  command: number;
  status: number;
  block: number;
  dataHigh8: string;
  dataLow8: string;
}
/** Type 4: the outcome of a block write (block echoed) or of a dispenser move (block 0). */
export interface WriteResultResponse {
  layout: 'writeResult';
  type: 4;
  command: number;
  status: number;
  block: number;
}
/** Type 5: the outcome of a beep, with the tune played. */
export interface SoundResponse {
  layout: 'sound';
  type: 5;
  command: number;
  status: number;
  musicId: number;
}
/** Type 12 of length 0x15: a successful sector read (one block of the sector, authenticated in the same step). */
export interface SectorDataResponse {
  layout: 'sectorData';
  type: 12;
  sector: number;
  dataHigh8: string;
  dataLow8: string;
}
/** Type 12 of any other length: the sector read failed with this status. */
export interface SectorStatusResponse {
  layout: 'sectorStatus';
  type: 12;
  sector: number;
  status: number;
}

/** Type 0x20: where the enrolment stands, the quality (0–100) and the size in bytes of the captured template. */
export interface FingerStepResponse {
  layout: 'fingerStep';
  type: 0x20;
  command: number;
  status: number;
  step: FingerStep;
  quality: number;
  templateBytes: number;
}
/** Type 0x21: one chunk of the captured template (32 bytes; the last one zero-padded past templateBytes). */
export interface FingerTemplateResponse {
  layout: 'fingerTemplate';
  type: 0x21;
  command: number;
  status: number;
  chunk: number;
  data: string;
}

/** A frame the encoder sends back, by layout; `type` is the byte on the wire, `layout` tells type 12 apart. */
export type EncoderResponse =
  | AckResponse
  | DeviceInfoResponse
  | CardResponse
  | BlockDataResponse
  | WriteResultResponse
  | SoundResponse
  | SectorDataResponse
  | SectorStatusResponse
  | FingerStepResponse
  | FingerTemplateResponse;
export type ResponseLayoutName = EncoderResponse['layout'];

/** The envelope fields of a decoded frame (spec §3 names header, length and checksum too). */
export interface FrameEnvelopeFields {
  header: number;
  length: number;
  checksum: number;
}
/** A decoded response with its envelope fields: every field spec §3 names that the frame carries. */
export type ResponseFrame = EncoderResponse & FrameEnvelopeFields;

type CommandOf<N extends CommandName> = Extract<EncoderCommand, { name: N }>;
type ParamName<N extends CommandName> = Exclude<keyof CommandOf<N>, 'name'> & string;
type LayoutOf<L extends ResponseLayoutName> = Extract<EncoderResponse, { layout: L }>;
type BodyName<L extends ResponseLayoutName> = Exclude<keyof LayoutOf<L>, 'layout' | 'type'> & string;

/** A row of COMMAND_TABLE: the code byte, the total frame length, the parameters, what answers it. */
export interface CommandRow<Param extends string = string> {
  readonly code: number;
  readonly length: number;
  readonly params: readonly FrameField<Param>[];
  /** The response type the encoder answers this command with. */
  readonly response: ResponseType;
  /** The catalogue code a non-zero status in that response turns into. */
  readonly failure: ErrorCode;
  /** Statuses that say something more precise than `failure` (status byte → catalogue code). */
  readonly statusFailures?: Readonly<Record<number, ErrorCode>>;
}

/**
 * Card statuses with a meaning of their own. The vendor's status codes are not public (spec §3 names only the
 * status field), so these are LockDesk's, answered by the simulated encoder (gateway/README.md 'Simulated encoder').
 */
export const CARD_STATUS = {
  /** The sector's access bits are invalid (datasheet: the sector is blocked for good); no key opens it. */
  sectorLocked: 0x06,
} as const;

/** A sector whose access bits are invalid answers every key with this status, which is not a wrong key. */
const LOCKED_SECTOR_FAILURES = { [CARD_STATUS.sectorLocked]: 'SECTOR_LOCKED' } as const;

/** A row of RESPONSE_LAYOUTS: the type byte, the total frame length and the body fields. */
export interface ResponseLayout<Field extends string = string, Type extends ResponseType = ResponseType> {
  readonly type: Type;
  readonly length: number;
  readonly fields: readonly FrameField<Field>[];
  /**
   * Also reads a frame of its type whose length matches no other layout of that type, when its fields fit
   * (spec §4: any type-12 frame whose length is not 0x15 is a failed read). `length` is what the encoder writes.
   */
  readonly anyOtherLength?: true;
}

/** Command frames host → encoder: A5 | length | code | params… | checksum. Codes are LockDesk's. */
export const COMMAND_TABLE: { readonly [N in CommandName]: CommandRow<ParamName<N>> } = {
  getVersion: { code: 0x01, length: 4, params: [], response: 1, failure: 'OPERATION_FAILED' },
  led: {
    code: 0x02,
    length: 7,
    params: [
      { name: 'colour', offset: 3, width: 1, codec: 'ledColour' },
      // Milliseconds the colour stays on; 0 keeps it until the next LED command.
      { name: 'durationMs', offset: 4, width: 2, codec: 'uint' },
    ],
    response: 0,
    failure: 'OPERATION_FAILED',
  },
  beep: {
    code: 0x03,
    length: 6,
    params: [
      { name: 'musicId', offset: 3, width: 1, codec: 'uint' },
      { name: 'count', offset: 4, width: 1, codec: 'uint' },
    ],
    response: 5,
    failure: 'OPERATION_FAILED',
  },
  // Request + anticollision + select: the card in the field, or status ≠ 00 when there is none (spec §8 'Device').
  findCard: { code: 0x10, length: 4, params: [], response: 2, failure: 'NO_CARD' },
  // The UID of the card already selected, without a new request.
  getUid: { code: 0x11, length: 4, params: [], response: 2, failure: 'UID_FAILED' },
  authenticate: {
    code: 0x12,
    length: 12,
    params: [
      { name: 'block', offset: 3, width: 1, codec: 'block' },
      { name: 'keyType', offset: 4, width: 1, codec: 'keyType' },
      { name: 'key', offset: 5, width: 6, codec: 'key' },
    ],
    response: 0,
    failure: 'AUTH_FAILED',
    statusFailures: LOCKED_SECTOR_FAILURES,
  },
  readBlock: {
    code: 0x13,
    length: 5,
    params: [{ name: 'block', offset: 3, width: 1, codec: 'block' }],
    response: 3,
    failure: 'READ_FAILED_STATUS',
    statusFailures: LOCKED_SECTOR_FAILURES,
  },
  writeBlock: {
    code: 0x14,
    length: 21,
    params: [
      { name: 'block', offset: 3, width: 1, codec: 'block' },
      { name: 'data', offset: 4, width: 16, codec: 'blockData' },
    ],
    response: 4,
    failure: 'WRITE_CARD_FAILED',
    statusFailures: LOCKED_SECTOR_FAILURES,
  },
  // Authenticate and read in one step (the sector scan of spec §4 reads block 4 × sector, i.e. blockIndex 0).
  readSector: {
    code: 0x15,
    length: 13,
    params: [
      { name: 'sector', offset: 3, width: 1, codec: 'uint' },
      { name: 'blockIndex', offset: 4, width: 1, codec: 'uint' },
      { name: 'keyType', offset: 5, width: 1, codec: 'keyType' },
      { name: 'key', offset: 6, width: 6, codec: 'key' },
    ],
    response: 12,
    failure: 'READ_FAILED_STATUS',
  },
  halt: { code: 0x16, length: 4, params: [], response: 0, failure: 'OPERATION_FAILED' },
  // Card dispenser: move a card from the stack to the encoding position / push it out to the guest.
  requestCard: { code: 0x20, length: 4, params: [], response: 4, failure: 'OPERATION_FAILED' },
  ejectCard: { code: 0x21, length: 4, params: [], response: 4, failure: 'OPERATION_FAILED' },
  // Fingerprint sensor (LockDesk's codes 30–33): start an enrolment, poll its step, read the template, cancel.
  fingerEnroll: { code: 0x30, length: 4, params: [], response: 0, failure: 'FINGER_ENROLL_FAILED' },
  fingerPoll: { code: 0x31, length: 4, params: [], response: 0x20, failure: 'FINGER_ENROLL_FAILED' },
  fingerTemplate: {
    code: 0x32,
    length: 5,
    params: [{ name: 'chunk', offset: 3, width: 1, codec: 'uint' }],
    response: 0x21,
    failure: 'FINGER_ENROLL_FAILED',
  },
  fingerCancel: { code: 0x33, length: 4, params: [], response: 0, failure: 'FINGER_ENROLL_FAILED' },
};

/** Response frames encoder → host: 5A | length | type | fields… | checksum. */
export const RESPONSE_LAYOUTS: {
  readonly [L in ResponseLayoutName]: ResponseLayout<BodyName<L>, LayoutOf<L>['type']>;
} = {
  ack: {
    type: 0,
    length: 6,
    fields: [
      { name: 'command', offset: 3, width: 1, codec: 'uint' },
      { name: 'status', offset: 4, width: 1, codec: 'uint' },
    ],
  },
  deviceInfo: {
    type: 1,
    length: 14,
    fields: [
      { name: 'command', offset: 3, width: 1, codec: 'uint' },
      { name: 'status', offset: 4, width: 1, codec: 'uint' },
      { name: 'version', offset: 5, width: 2, codec: 'uint' },
      { name: 'mac', offset: 7, width: 6, codec: 'hex' },
    ],
  },
  card: {
    type: 2,
    length: 11,
    fields: [
      { name: 'command', offset: 3, width: 1, codec: 'uint' },
      { name: 'status', offset: 4, width: 1, codec: 'uint' },
      { name: 'cardType', offset: 5, width: 1, codec: 'uint' },
      { name: 'cardNumber', offset: 6, width: 4, codec: 'hex' },
    ],
  },
  blockData: {
    type: 3,
    length: 23,
    fields: [
      { name: 'command', offset: 3, width: 1, codec: 'uint' },
      { name: 'status', offset: 4, width: 1, codec: 'uint' },
      { name: 'block', offset: 5, width: 1, codec: 'uint' },
      { name: 'dataHigh8', offset: 6, width: 8, codec: 'hex' },
      { name: 'dataLow8', offset: 14, width: 8, codec: 'hex' },
    ],
  },
  writeResult: {
    type: 4,
    length: 7,
    fields: [
      { name: 'command', offset: 3, width: 1, codec: 'uint' },
      { name: 'status', offset: 4, width: 1, codec: 'uint' },
      { name: 'block', offset: 5, width: 1, codec: 'uint' },
    ],
  },
  sound: {
    type: 5,
    length: 7,
    fields: [
      { name: 'command', offset: 3, width: 1, codec: 'uint' },
      { name: 'status', offset: 4, width: 1, codec: 'uint' },
      { name: 'musicId', offset: 5, width: 1, codec: 'uint' },
    ],
  },
  // Spec §4: type 12 with length 0x15 (21) is a successful sector read.
  sectorData: {
    type: 12,
    length: 0x15,
    fields: [
      { name: 'sector', offset: 3, width: 1, codec: 'uint' },
      { name: 'dataHigh8', offset: 4, width: 8, codec: 'hex' },
      { name: 'dataLow8', offset: 12, width: 8, codec: 'hex' },
    ],
  },
  // Spec §4: any other length is 'read failed, status code {status}'; LockDesk writes 6 bytes, reads any length
  // from 6 to 64 but 0x15 (bytes past the status are ignored).
  sectorStatus: {
    type: 12,
    length: 6,
    anyOtherLength: true,
    fields: [
      { name: 'sector', offset: 3, width: 1, codec: 'uint' },
      { name: 'status', offset: 4, width: 1, codec: 'uint' },
    ],
  },
  fingerStep: {
    type: 0x20,
    length: 10,
    fields: [
      { name: 'command', offset: 3, width: 1, codec: 'uint' },
      { name: 'status', offset: 4, width: 1, codec: 'uint' },
      { name: 'step', offset: 5, width: 1, codec: 'fingerStep' },
      { name: 'quality', offset: 6, width: 1, codec: 'uint' },
      { name: 'templateBytes', offset: 7, width: 2, codec: 'uint' },
    ],
  },
  fingerTemplate: {
    type: 0x21,
    length: 39,
    fields: [
      { name: 'command', offset: 3, width: 1, codec: 'uint' },
      { name: 'status', offset: 4, width: 1, codec: 'uint' },
      { name: 'chunk', offset: 5, width: 1, codec: 'uint' },
      { name: 'data', offset: 6, width: 32, codec: 'hex' },
    ],
  },
};
