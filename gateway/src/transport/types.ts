import type { EventEmitter } from 'node:events';

/** What a transport reports: raw bytes from the encoder, and the encoder coming and going. */
export interface TransportEvents {
  /** Bytes as the device sent them (one HID report, or one simulated answer); frames are cut by the encoder service. */
  data: [bytes: Uint8Array];
  /** The device is attached and open. */
  up: [];
  /** The device went away (unplugged, closed, failed); the transport keeps trying to reopen it unless closed. */
  down: [reason: string];
}

/** Which implementation carries the frames: the real USB encoder, or the simulated one. */
export type TransportKind = 'hid' | 'simulated';

/**
 * The device contract (STYLE.md 'gateway/'): open, close, write one frame; events data, up, down.
 * `open` starts the transport and keeps it trying to reach the device; it resolves once the first attempt is done,
 * whether the device was found or not. `write` rejects with a `TransportError` when the device cannot take the frame.
 */
export interface Transport extends EventEmitter<TransportEvents> {
  readonly kind: TransportKind;
  /** True while the device is attached and open. */
  readonly isUp: boolean;
  /** A short description of the device for logs and /health (path, vendor and product id, or "simulated"). */
  readonly description: string;
  open(): Promise<void>;
  close(): Promise<void>;
  write(frame: Uint8Array): Promise<void>;
}

/** Why a transport refused a frame. */
export type TransportErrorKind = 'not-open' | 'write-failed' | 'write-timeout';

/** A transport failure the encoder service maps to a catalogue code. */
export class TransportError extends Error {
  constructor(
    readonly kind: TransportErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}
