import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import {
  authenticate,
  blankCard,
  blocksInSector,
  bytesToHex,
  CARD_IDENTIFICATION,
  CARD_STATUS,
  COMMAND_TABLE,
  cardUid,
  checkCard,
  type DumpFormat,
  type DumpTextLayout,
  decodeCommand,
  type EncoderCommand,
  type EncoderResponse,
  encodeResponse,
  FINGER_TEMPLATE_CHUNK_BYTES,
  type FingerStep,
  firstBlockOfSector,
  hexToBytes,
  type MifareKeyType as KeyType,
  type LedColour,
  type MifareCard,
  type Result,
  readBlock,
  sectorOfBlock,
  trailerBlockOfSector,
  writeBlock,
} from '@lockdesk/protocol';

/** How the dump a card was placed from was written, so that an export in that format gives the file back. */
export interface DumpOrigin {
  format: DumpFormat;
  layout?: DumpTextLayout;
}

/**
 * Status bytes the simulated encoder answers with. The vendor's codes are not public (spec §3 names only the
 * status field), so these are LockDesk's; 0x00 is success as on every reader of this kind.
 */
export const SIMULATED_STATUS = {
  ok: 0x00,
  noCard: 0x01,
  authFailed: 0x02,
  notAuthenticated: 0x03,
  accessDenied: 0x04,
  blockOutOfRange: 0x05,
  sectorLocked: CARD_STATUS.sectorLocked,
  dispenserEmpty: 0x08,
  positionOccupied: 0x09,
  notSelected: 0x0a,
  /** Fingerprint sensor: a poll or template read with no enrolment running. */
  noEnrolment: 0x0b,
  /** Fingerprint sensor: the template is asked for before it is captured. */
  notCaptured: 0x0c,
} as const;

/** The size of the templates the simulated sensor captures (a real sensor's are a few hundred bytes). */
export const SIMULATED_TEMPLATE_BYTES = 256;

/** Where the simulated sensor's enrolment stands: idle, or one of the protocol's steps. */
export type SimulatedFingerState = 'idle' | FingerStep;

/** Faults the control interface can inject. */
export const FAULT_KINDS = [
  'no-answer',
  'late-answer',
  'bad-checksum',
  'unplugged',
  'unplug-mid-write',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** An injected fault; `remaining` counts the commands it still affects (Infinity until cleared). */
export interface Fault {
  kind: Exclude<FaultKind, 'unplugged'>;
  remaining: number;
  /** For late-answer: how long the answer is held back. */
  delayMs: number;
  /** Only commands of this name are affected (any command when absent). */
  command?: EncoderCommand['name'];
}

/** What the simulated encoder does with one command frame. */
export interface SimulatedAnswer {
  /** The response frame, or null when the encoder stays silent. */
  frame: Uint8Array | null;
  delayMs: number;
  /** The encoder is unplugged right after this command (the unplug-mid-write fault). */
  unplugAfter: boolean;
}

/** What the control interface and the UI show about the simulated encoder. */
export interface SimulatedEncoderState {
  simulated: true;
  plugged: boolean;
  mac: string;
  version: string;
  led: LedColour;
  beeps: number;
  commands: number;
  dispenserStack: number;
  card: null | { uid: string; size: string; sak: number };
  /** The fingerprint sensor: the enrolment's step ('idle' when none runs) and the captured template's quality. */
  finger: { step: SimulatedFingerState; quality: number | null };
  faults: Fault[];
}

interface Session {
  /** A card was selected by findCard (or readSector), and not halted or removed since. */
  selected: boolean;
  auth: { sector: number; keyType: KeyType } | null;
}

/**
 * The simulated card encoder: it speaks the same frames as the USB device (built by @lockdesk/protocol) and holds
 * one virtual MIFARE Classic card that behaves like the NXP datasheet: a wrong key fails authentication and drops
 * the selection, access bits are checked on every read and write, a trailer reads back with key A masked, block 0
 * is read-only, and invalid access bits lock their sector. Faults can be injected to test the daemon.
 */
export class SimulatedEncoder extends EventEmitter<{ unplug: []; replug: []; change: [] }> {
  readonly mac: string;
  readonly version = 0x0102;
  private card: MifareCard | null = null;
  private origin: DumpOrigin | null = null;
  private session: Session = { selected: false, auth: null };
  private faults: Fault[] = [];
  private plugged = true;
  private led: LedColour = 'off';
  private beeps = 0;
  private commands = 0;
  private dispenserStack: number;
  private finger: { step: SimulatedFingerState; template: Uint8Array | null; quality: number } = {
    step: 'idle',
    template: null,
    quality: 0,
  };

  constructor(options: { mac?: string; dispenserStack?: number } = {}) {
    super();
    this.mac = (options.mac ?? '041780200001').toUpperCase();
    this.dispenserStack = options.dispenserStack ?? 20;
  }

  get isPlugged(): boolean {
    return this.plugged;
  }

  /** The card in the field (a copy), or null. */
  get currentCard(): MifareCard | null {
    return this.card ? { ...this.card, blocks: this.card.blocks.map((b) => b.slice()) } : null;
  }

  /** The dump the card in the field was placed from (its format and text layout), or null. */
  get dumpOrigin(): DumpOrigin | null {
    return this.origin;
  }

  /** Places a card in the field, from a dump (`origin`) or not; the previous one, if any, is taken away first. */
  placeCard(card: MifareCard, origin?: DumpOrigin): Result<MifareCard> {
    const checked = checkCard(card);
    if (!checked.ok) return checked;
    this.card = { ...card, blocks: card.blocks.map((b) => b.slice()) };
    this.origin = origin ?? null;
    this.session = { selected: false, auth: null };
    this.emit('change');
    return { ok: true, value: this.card };
  }

  /** Places a blank card (transport configuration) with the given or a random 4-byte UID. */
  placeBlankCard(options: { uid?: string; size?: '1K' | '4K' } = {}): Result<MifareCard> {
    const uid = options.uid ?? randomUid();
    const card = blankCard(options.size ?? '1K', uid);
    return card.ok ? this.placeCard(card.value) : card;
  }

  removeCard(): void {
    this.card = null;
    this.origin = null;
    this.session = { selected: false, auth: null };
    this.emit('change');
  }

  /**
   * Injects a fault; `count` commands are affected (default 1; 0 or Infinity: until cleared), only commands named
   * `command` when given. unplug-mid-write always waits for a block write.
   */
  injectFault(
    kind: FaultKind,
    options: { count?: number; delayMs?: number; command?: EncoderCommand['name'] } = {},
  ): void {
    if (kind === 'unplugged') {
      this.unplug();
      return;
    }
    const count =
      options.count === undefined ? 1 : options.count <= 0 ? Number.POSITIVE_INFINITY : options.count;
    const command = kind === 'unplug-mid-write' ? 'writeBlock' : options.command;
    this.faults.push({
      kind,
      remaining: count,
      delayMs: options.delayMs ?? 3_000,
      ...(command ? { command } : {}),
    });
    this.emit('change');
  }

  clearFaults(): void {
    this.faults = [];
    this.emit('change');
  }

  unplug(): void {
    if (!this.plugged) return;
    this.plugged = false;
    this.session = { selected: false, auth: null };
    this.emit('unplug');
    this.emit('change');
  }

  replug(): void {
    if (this.plugged) return;
    this.plugged = true;
    this.emit('replug');
    this.emit('change');
  }

  /**
   * A finger pressed on the sensor (the simulator page, `POST /sim/finger`, `lockdesk-gateway sim finger`): each
   * press advances the enrolment one step — press → pressAgain → captured, when a random template of the given
   * quality (default 60–99) is made. Refused while no enrolment waits for a finger.
   */
  pressFinger(options: { quality?: number } = {}): Result<SimulatedFingerState> {
    const { step } = this.finger;
    if (step === 'idle' || step === 'captured') {
      return {
        ok: false,
        code: 'FINGER_ENROLL_FAILED',
        detail: 'no enrolment is waiting for a finger',
        params: { message: 'no enrolment is waiting for a finger' },
      };
    }
    if (step === 'press') {
      this.finger = { step: 'pressAgain', template: null, quality: 0 };
    } else {
      const quality = options.quality ?? 60 + (randomBytes(1)[0]! % 40);
      this.finger = { step: 'captured', template: randomBytes(SIMULATED_TEMPLATE_BYTES), quality };
    }
    this.emit('change');
    return { ok: true, value: this.finger.step };
  }

  state(): SimulatedEncoderState {
    const card = this.card;
    return {
      simulated: true,
      plugged: this.plugged,
      mac: this.mac,
      version: `${this.version >> 8}.${this.version & 0xff}`,
      led: this.led,
      beeps: this.beeps,
      commands: this.commands,
      dispenserStack: this.dispenserStack,
      card: card ? { uid: bytesToHex(cardUid(card)), size: card.size, sak: sakOf(card) } : null,
      finger: {
        step: this.finger.step,
        quality: this.finger.step === 'captured' ? this.finger.quality : null,
      },
      faults: this.faults.map((f) => ({ ...f })),
    };
  }

  /** Handles one command frame as the device would; garbage is ignored, as a real encoder does. */
  handle(frame: Uint8Array): SimulatedAnswer {
    const silent: SimulatedAnswer = { frame: null, delayMs: 0, unplugAfter: false };
    if (!this.plugged) return silent;
    this.commands++;
    const command = decodeCommand(frame);
    const fault = this.takeFault(command.ok ? command.value : undefined);
    if (fault?.kind === 'no-answer') return silent;
    if (!command.ok) return silent;
    const response = this.execute(command.value);
    const encoded = encodeResponse(response);
    if (!encoded.ok) return silent;
    const bytes = encoded.value;
    if (fault?.kind === 'bad-checksum') {
      const last = bytes.length - 1;
      bytes[last] = (bytes[last] ?? 0) ^ 0xff;
    }
    if (fault?.kind === 'unplug-mid-write') return { frame: null, delayMs: 0, unplugAfter: true };
    return { frame: bytes, delayMs: fault?.kind === 'late-answer' ? fault.delayMs : 0, unplugAfter: false };
  }

  private takeFault(command: EncoderCommand | undefined): Fault | undefined {
    const index = this.faults.findIndex((f) => f.command === undefined || f.command === command?.name);
    const fault = this.faults[index];
    if (!fault) return undefined;
    fault.remaining--;
    if (fault.remaining <= 0) this.faults.splice(index, 1);
    this.emit('change');
    return fault;
  }

  private execute(command: EncoderCommand): EncoderResponse {
    const code = frameCodeOf(command);
    const ack = (status: number): EncoderResponse => ({ layout: 'ack', type: 0, command: code, status });
    switch (command.name) {
      case 'getVersion':
        return {
          layout: 'deviceInfo',
          type: 1,
          command: code,
          status: 0,
          version: this.version,
          mac: this.mac,
        };
      case 'led':
        this.led = command.colour;
        this.emit('change');
        return ack(SIMULATED_STATUS.ok);
      case 'beep':
        this.beeps += Math.max(1, command.count);
        this.emit('change');
        return { layout: 'sound', type: 5, command: code, status: 0, musicId: command.musicId };
      case 'findCard': {
        if (!this.card) {
          this.session = { selected: false, auth: null };
          return {
            layout: 'card',
            type: 2,
            command: code,
            status: SIMULATED_STATUS.noCard,
            cardType: 0,
            cardNumber: '00000000',
          };
        }
        this.session = { selected: true, auth: null };
        return this.cardAnswer(code);
      }
      case 'getUid':
        if (!this.card)
          return {
            layout: 'card',
            type: 2,
            command: code,
            status: SIMULATED_STATUS.noCard,
            cardType: 0,
            cardNumber: '00000000',
          };
        if (!this.session.selected) {
          return {
            layout: 'card',
            type: 2,
            command: code,
            status: SIMULATED_STATUS.notSelected,
            cardType: 0,
            cardNumber: '00000000',
          };
        }
        return this.cardAnswer(code);
      case 'authenticate':
        return ack(this.authenticate(command.block, command.keyType, command.key));
      case 'readBlock': {
        const read = this.read(command.block);
        const data = typeof read === 'number' ? '0'.repeat(32) : read;
        return {
          layout: 'blockData',
          type: 3,
          command: code,
          status: typeof read === 'number' ? read : 0,
          block: command.block,
          dataHigh8: data.slice(0, 16),
          dataLow8: data.slice(16),
        };
      }
      case 'writeBlock':
        return {
          layout: 'writeResult',
          type: 4,
          command: code,
          status: this.write(command.block, command.data),
          block: command.block,
        };
      case 'readSector': {
        if (!this.card)
          return {
            layout: 'sectorStatus',
            type: 12,
            sector: command.sector,
            status: SIMULATED_STATUS.noCard,
          };
        this.session = { selected: true, auth: null };
        const first = firstBlockOfSector(command.sector, this.card.size);
        const count = blocksInSector(command.sector, this.card.size);
        if (!first.ok || !count.ok || command.blockIndex >= count.value) {
          return {
            layout: 'sectorStatus',
            type: 12,
            sector: command.sector,
            status: SIMULATED_STATUS.blockOutOfRange,
          };
        }
        const block = first.value + command.blockIndex;
        const status = this.authenticate(block, command.keyType, command.key);
        if (status !== 0) return { layout: 'sectorStatus', type: 12, sector: command.sector, status };
        const read = this.read(block);
        if (typeof read === 'number')
          return { layout: 'sectorStatus', type: 12, sector: command.sector, status: read };
        return {
          layout: 'sectorData',
          type: 12,
          sector: command.sector,
          dataHigh8: read.slice(0, 16),
          dataLow8: read.slice(16),
        };
      }
      case 'halt':
        this.session = { selected: false, auth: null };
        return ack(this.card ? SIMULATED_STATUS.ok : SIMULATED_STATUS.noCard);
      case 'requestCard': {
        if (this.card)
          return {
            layout: 'writeResult',
            type: 4,
            command: code,
            status: SIMULATED_STATUS.positionOccupied,
            block: 0,
          };
        if (this.dispenserStack <= 0) {
          return {
            layout: 'writeResult',
            type: 4,
            command: code,
            status: SIMULATED_STATUS.dispenserEmpty,
            block: 0,
          };
        }
        this.dispenserStack--;
        this.placeBlankCard();
        return { layout: 'writeResult', type: 4, command: code, status: 0, block: 0 };
      }
      case 'ejectCard': {
        if (!this.card)
          return { layout: 'writeResult', type: 4, command: code, status: SIMULATED_STATUS.noCard, block: 0 };
        this.removeCard();
        return { layout: 'writeResult', type: 4, command: code, status: 0, block: 0 };
      }
      case 'fingerEnroll':
        // A new enrolment forgets any earlier template.
        this.finger = { step: 'press', template: null, quality: 0 };
        this.emit('change');
        return ack(SIMULATED_STATUS.ok);
      case 'fingerPoll': {
        const { step, template, quality } = this.finger;
        return {
          layout: 'fingerStep',
          type: 0x20,
          command: code,
          status: step === 'idle' ? SIMULATED_STATUS.noEnrolment : SIMULATED_STATUS.ok,
          step: step === 'idle' ? 'press' : step,
          quality: step === 'captured' ? quality : 0,
          templateBytes: template?.length ?? 0,
        };
      }
      case 'fingerTemplate': {
        const { step, template } = this.finger;
        const chunk = (status: number, data = '00'.repeat(FINGER_TEMPLATE_CHUNK_BYTES)): EncoderResponse => ({
          layout: 'fingerTemplate',
          type: 0x21,
          command: code,
          status,
          chunk: command.chunk,
          data,
        });
        if (step === 'idle') return chunk(SIMULATED_STATUS.noEnrolment);
        if (step !== 'captured' || !template) return chunk(SIMULATED_STATUS.notCaptured);
        const start = command.chunk * FINGER_TEMPLATE_CHUNK_BYTES;
        if (start >= template.length) return chunk(SIMULATED_STATUS.blockOutOfRange);
        const bytes = new Uint8Array(FINGER_TEMPLATE_CHUNK_BYTES);
        bytes.set(template.subarray(start, start + FINGER_TEMPLATE_CHUNK_BYTES));
        return chunk(SIMULATED_STATUS.ok, bytesToHex(bytes));
      }
      case 'fingerCancel':
        this.finger = { step: 'idle', template: null, quality: 0 };
        this.emit('change');
        return ack(SIMULATED_STATUS.ok);
    }
  }

  private cardAnswer(code: number): EncoderResponse {
    const card = this.card!;
    const uid = bytesToHex(cardUid(card)).slice(0, 8);
    return { layout: 'card', type: 2, command: code, status: 0, cardType: sakOf(card), cardNumber: uid };
  }

  private authenticate(block: number, keyType: KeyType, keyHex: string): number {
    const card = this.card;
    if (!card) return SIMULATED_STATUS.noCard;
    if (!this.session.selected) return SIMULATED_STATUS.notSelected;
    const sector = sectorOfBlock(block, card.size);
    if (!sector.ok) return SIMULATED_STATUS.blockOutOfRange;
    const key = hexToBytes(keyHex);
    if (!key.ok) return SIMULATED_STATUS.authFailed;
    const result = authenticate(card, sector.value, keyType, key.value);
    if (!result.ok) {
      // A failed authentication halts the card (datasheet §10.1): it must be selected again.
      this.session = { selected: false, auth: null };
      return result.code === 'ACCESS_BITS_INVALID'
        ? SIMULATED_STATUS.sectorLocked
        : SIMULATED_STATUS.authFailed;
    }
    this.session.auth = { sector: sector.value, keyType };
    return SIMULATED_STATUS.ok;
  }

  /** The block as hex, or the failure status. */
  private read(block: number): string | number {
    const card = this.card;
    if (!card) return SIMULATED_STATUS.noCard;
    const allowed = this.authorised(card, block);
    if (allowed !== SIMULATED_STATUS.ok) return allowed;
    const data = readBlock(card, block, this.session.auth!.keyType);
    if (!data.ok) return statusOfFailure(data.code);
    return bytesToHex(data.value);
  }

  private write(block: number, dataHex: string): number {
    const card = this.card;
    if (!card) return SIMULATED_STATUS.noCard;
    const allowed = this.authorised(card, block);
    if (allowed !== SIMULATED_STATUS.ok) return allowed;
    const data = hexToBytes(dataHex);
    if (!data.ok) return SIMULATED_STATUS.accessDenied;
    const next = writeBlock(card, block, data.value, this.session.auth!.keyType);
    if (!next.ok) return statusOfFailure(next.code);
    this.card = next.value;
    this.emit('change');
    return SIMULATED_STATUS.ok;
  }

  private authorised(card: MifareCard, block: number): number {
    const sector = sectorOfBlock(block, card.size);
    if (!sector.ok) return SIMULATED_STATUS.blockOutOfRange;
    if (!this.session.selected) return SIMULATED_STATUS.notSelected;
    if (this.session.auth?.sector !== sector.value) return SIMULATED_STATUS.notAuthenticated;
    const trailer = trailerBlockOfSector(sector.value, card.size);
    return trailer.ok ? SIMULATED_STATUS.ok : SIMULATED_STATUS.blockOutOfRange;
  }
}

function statusOfFailure(code: string): number {
  if (code === 'ACCESS_BITS_INVALID') return SIMULATED_STATUS.sectorLocked;
  if (code === 'BLOCK_OUT_OF_RANGE') return SIMULATED_STATUS.blockOutOfRange;
  return SIMULATED_STATUS.accessDenied;
}

/** The SAK the chip answers with: it comes from the chip, not from block 0 (which only records it). */
function sakOf(card: MifareCard): number {
  return CARD_IDENTIFICATION[card.size].sak;
}

/** The command byte an answer echoes, from the protocol's command table. */
function frameCodeOf(command: EncoderCommand): number {
  return COMMAND_CODES[command.name];
}

const COMMAND_CODES = Object.fromEntries(
  Object.entries(COMMAND_TABLE).map(([name, row]) => [name, row.code]),
) as Record<EncoderCommand['name'], number>;

function randomUid(): string {
  const uid = randomBytes(4);
  // 0x88 as first byte is the cascade tag of 7-byte UIDs; a 4-byte UID never starts with it.
  if (uid[0] === 0x88) uid[0] = 0x08;
  return uid.toString('hex').toUpperCase();
}
