import { EventEmitter } from 'node:events';
import {
  COMMAND_TABLE,
  concatBytes,
  decodeCommand,
  decodeResponseFrame,
  type EncoderCommand,
  type ErrorCode,
  encodeCommand,
  FRAME_ENVELOPE,
  fail,
  LIMITS,
  ok,
  type ResponseFrame,
  type Result,
  splitFrames,
} from '@lockdesk/protocol';
import type { Logger } from '../log.js';
import { type Transport, TransportError, type TransportKind } from '../transport/types.js';

/** Commands whose answer may take the longer write timeout (spec §9 'Local reader timeout 2000 ms (write 5000 ms)'). */
const SLOW_COMMANDS = new Set<EncoderCommand['name']>(['writeBlock', 'requestCard', 'ejectCard']);

/** Events of the encoder service: the device coming and going. */
export interface EncoderServiceEvents {
  up: [];
  down: [reason: string];
}

export interface EncoderServiceOptions {
  transport: Transport;
  logger: Logger;
  /** How long a command waits for the device's answer (spec §9: 2000 ms). */
  responseTimeoutMs?: number;
  /** The same for writes and dispenser moves (spec §9: 5000 ms). */
  writeResponseTimeoutMs?: number;
  /** Calls that may wait for the device at once; more are refused (a flood must not grow memory without end). */
  maxQueue?: number;
}

/** A device exchange with the lock held: every command of one reader call runs inside one of these. */
export interface DeviceSession {
  /** Sends a command and returns the decoded answer, whatever its status; failures are transport-level only. */
  run(command: EncoderCommand): Promise<Result<ResponseFrame>>;
  /** Sends a raw frame and returns the raw answer frame (checksum not checked), for the raw service and the bridge. */
  exchange(frame: Uint8Array, timeoutMs?: number): Promise<Result<Uint8Array>>;
}

interface Waiter {
  /** Answer frames of this kind and command byte are the awaited answer; others are strays. */
  accepts(frame: Uint8Array): boolean;
  resolve(result: Result<Uint8Array>): void;
}

/**
 * The one door to the encoder (STYLE.md 'gateway/'): it turns commands into frames, sends one at a time, cuts the
 * answers out of the device's byte stream, times them out, and tracks whether the device is there. The HTTP,
 * WebSocket and MQTT sides talk only to this service.
 */
export class EncoderService extends EventEmitter<EncoderServiceEvents> {
  readonly transport: Transport;
  private readonly logger: Logger;
  private readonly responseTimeoutMs: number;
  private readonly writeResponseTimeoutMs: number;
  private readonly maxQueue: number;
  private tail: Promise<unknown> = Promise.resolve();
  private busy = 0;
  private pending: Uint8Array = new Uint8Array(0);
  private waiter: Waiter | undefined;
  private readonly session: DeviceSession;
  private readonly onData = (bytes: Uint8Array) => this.receive(bytes);
  private readonly onUp = () => this.emit('up');
  private readonly onDown = (reason: string) => {
    this.pending = new Uint8Array(0);
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.resolve(
      fail('DEVICE_NOT_FOUND', `the encoder was disconnected while the command ran (${reason})`),
    );
    this.emit('down', reason);
  };
  /** Frames that arrived with nobody waiting (late answers after a timeout); counted for /health. */
  strayFrames = 0;

  constructor(options: EncoderServiceOptions) {
    super();
    this.transport = options.transport;
    this.logger = options.logger;
    this.responseTimeoutMs = options.responseTimeoutMs ?? LIMITS.localReaderTimeoutMs;
    this.writeResponseTimeoutMs = options.writeResponseTimeoutMs ?? LIMITS.localReaderWriteTimeoutMs;
    this.maxQueue = options.maxQueue ?? 64;
    this.transport.on('data', this.onData);
    this.transport.on('up', this.onUp);
    this.transport.on('down', this.onDown);
    this.session = {
      run: (command) => this.runCommand(command),
      exchange: (frame, timeoutMs) => this.exchangeFrame(frame, timeoutMs),
    };
  }

  get online(): boolean {
    return this.transport.isUp;
  }

  get kind(): TransportKind {
    return this.transport.kind;
  }

  /** True while a reader call holds the device. */
  get isBusy(): boolean {
    return this.busy > 0;
  }

  /** True when as many calls wait for the device as it will queue: new ones are refused (TOO_MANY_ATTEMPTS). */
  get isSaturated(): boolean {
    return this.busy >= this.maxQueue;
  }

  async start(): Promise<void> {
    await this.transport.open();
  }

  async stop(): Promise<void> {
    this.transport.off('data', this.onData);
    this.transport.off('up', this.onUp);
    this.transport.off('down', this.onDown);
    await this.transport.close();
  }

  /**
   * Runs `work` with the device to itself: calls queue in arrival order, so the commands of one reader call
   * (find, authenticate, read) are never split by another caller's command.
   */
  withDevice<T>(work: (device: DeviceSession) => Promise<T>): Promise<T> {
    this.busy++;
    const run = this.tail.then(() => work(this.session));
    this.tail = run.catch(() => undefined);
    return run.finally(() => {
      this.busy--;
    });
  }

  /** Runs `work` only if the device is idle right now; undefined otherwise (the card watcher must never queue). */
  tryWithDevice<T>(work: (device: DeviceSession) => Promise<T>): Promise<T> | undefined {
    return this.busy > 0 ? undefined : this.withDevice(work);
  }

  /** One command on its own (its own turn at the device). */
  run(command: EncoderCommand): Promise<Result<ResponseFrame>> {
    if (this.isSaturated) return Promise.resolve(saturated());
    return this.withDevice((device) => device.run(command));
  }

  /** One raw frame exchange on its own turn at the device. */
  exchange(frame: Uint8Array, timeoutMs?: number): Promise<Result<Uint8Array>> {
    if (this.isSaturated) return Promise.resolve(saturated());
    return this.withDevice((device) => device.exchange(frame, timeoutMs));
  }

  private async runCommand(command: EncoderCommand): Promise<Result<ResponseFrame>> {
    const frame = encodeCommand(command);
    if (!frame.ok) return frame;
    // The command travels with its frame: its name picks the timeout and the awaited answer without decoding again.
    const answer = await this.sendFrame(frame.value, command.name);
    if (!answer.ok) return answer;
    return decodeResponseFrame(answer.value);
  }

  /** A raw frame from outside (raw service, bridge): decoded only to learn which command it is. */
  private async exchangeFrame(frame: Uint8Array, timeoutMs?: number): Promise<Result<Uint8Array>> {
    const command = decodeCommand(frame);
    if (!command.ok) return command;
    return this.sendFrame(frame, command.value.name, timeoutMs);
  }

  private async sendFrame(
    frame: Uint8Array,
    name: EncoderCommand['name'],
    timeoutMs?: number,
  ): Promise<Result<Uint8Array>> {
    if (!this.transport.isUp) return fail('DEVICE_NOT_FOUND', 'the encoder is not connected');
    const row = COMMAND_TABLE[name];
    const wait =
      timeoutMs ?? (SLOW_COMMANDS.has(name) ? this.writeResponseTimeoutMs : this.responseTimeoutMs);
    // Bytes left from an earlier answer belong to no one now.
    this.pending = new Uint8Array(0);
    const answer = new Promise<Result<Uint8Array>>((resolve) => {
      const timer = setTimeout(() => {
        if (this.waiter !== waiter) return;
        this.waiter = undefined;
        resolve(fail('DEVICE_NOT_RESPONDING', `no answer to ${name} within ${wait} ms`));
      }, wait);
      const waiter: Waiter = {
        accepts: (bytes) => answers(bytes, row.response, row.code),
        resolve: (result) => {
          clearTimeout(timer);
          resolve(result);
        },
      };
      this.waiter = waiter;
    });
    try {
      await this.transport.write(frame);
    } catch (error) {
      const waiter = this.waiter;
      this.waiter = undefined;
      const failure = transportFailure(error);
      waiter?.resolve(failure);
      return failure;
    }
    return answer;
  }

  private receive(bytes: Uint8Array): void {
    const split = splitFrames(this.pending.length ? concatBytes(this.pending, bytes) : bytes);
    this.pending = split.rest;
    for (const frame of split.frames) {
      const waiter = this.waiter;
      if (waiter?.accepts(frame)) {
        this.waiter = undefined;
        waiter.resolve(ok(frame));
      } else {
        this.strayFrames++;
        this.logger.debug(
          { frame: Buffer.from(frame).toString('hex') },
          'encoder frame with no command waiting',
        );
      }
    }
  }
}

/**
 * Whether a frame answers the command being waited for: same response type and (where the layout has one) the
 * same command byte. A frame whose length byte does not fit is still taken by type, so a damaged answer becomes
 * a clear BAD_CHECKSUM or FRAME_MALFORMED for its command instead of a timeout.
 */
function answers(frame: Uint8Array, responseType: number, commandCode: number): boolean {
  if (frame[FRAME_ENVELOPE.kindOffset] !== responseType) return false;
  // Type 12 (sector read) carries the sector where other layouts carry the command byte.
  if (responseType === 12) return true;
  const echoed = frame[FRAME_ENVELOPE.bodyOffset];
  return echoed === commandCode || decodeResponseFrame(frame).ok === false;
}

function saturated(): Result<never> {
  return fail('TOO_MANY_ATTEMPTS', 'too many calls are waiting for the encoder');
}

function transportFailure(error: unknown): Result<never> {
  if (error instanceof TransportError) {
    const code: ErrorCode = error.kind === 'write-timeout' ? 'DEVICE_NOT_RESPONDING' : 'DEVICE_NOT_FOUND';
    return fail(code, error.message);
  }
  return fail('DEVICE_NOT_FOUND', error instanceof Error ? error.message : String(error));
}
