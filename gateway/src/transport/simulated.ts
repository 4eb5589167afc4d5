import { EventEmitter } from 'node:events';
import { ENCODER_USB, FRAME_HEADER_COMMAND, hidReportOf, splitFrames } from '@lockdesk/protocol';
import type { SimulatedEncoder } from '../simulator/encoder.js';
import { type Transport, TransportError, type TransportEvents } from './types.js';

export interface SimulatedTransportOptions {
  /** Milliseconds between a command and its answer, as a real encoder takes; 0 answers at once. */
  latencyMs?: number;
}

/**
 * The simulated encoder behind the same contract as the USB one. Answers come back as 64-byte reports padded with
 * zeros, like HID reads, so the daemon's frame cutting is exercised exactly as with the device.
 */
export class SimulatedTransport extends EventEmitter<TransportEvents> implements Transport {
  readonly kind = 'simulated' as const;
  readonly description = 'simulated encoder';
  private opened = false;
  private latencyMs: number;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly onUnplug = () => {
    if (!this.opened) return;
    this.cancelAnswers();
    this.emit('down', 'simulated encoder unplugged');
  };
  private readonly onReplug = () => {
    if (this.opened) this.emit('up');
  };

  constructor(
    readonly encoder: SimulatedEncoder,
    options: SimulatedTransportOptions = {},
  ) {
    super();
    this.latencyMs = options.latencyMs ?? 0;
  }

  get isUp(): boolean {
    return this.opened && this.encoder.isPlugged;
  }

  /** Changes the simulated device latency (the control interface and the benchmark use it). */
  setLatency(ms: number): void {
    this.latencyMs = Math.max(0, ms);
  }

  get latency(): number {
    return this.latencyMs;
  }

  async open(): Promise<void> {
    if (this.opened) return;
    this.opened = true;
    this.encoder.on('unplug', this.onUnplug);
    this.encoder.on('replug', this.onReplug);
    if (this.encoder.isPlugged) this.emit('up');
  }

  async close(): Promise<void> {
    if (!this.opened) return;
    this.cancelAnswers();
    this.encoder.off('unplug', this.onUnplug);
    this.encoder.off('replug', this.onReplug);
    const wasUp = this.isUp;
    this.opened = false;
    if (wasUp) this.emit('down', 'closed');
  }

  async write(frame: Uint8Array): Promise<void> {
    if (!this.isUp) throw new TransportError('not-open', 'the simulated encoder is unplugged');
    // The frame travels as the USB encoder receives it: one 65-byte output report, cut back into frames.
    const report = hidReportOf(frame);
    if (!report.ok) throw new TransportError('write-failed', report.detail);
    for (const received of splitFrames(report.value.subarray(1), FRAME_HEADER_COMMAND).frames) {
      this.answer(received);
    }
  }

  private answer(frame: Uint8Array): void {
    const answer = this.encoder.handle(frame);
    if (answer.unplugAfter) {
      // The device disappears after taking the command, before it answers: the mid-write unplug.
      queueMicrotask(() => this.encoder.unplug());
      return;
    }
    const reply = answer.frame;
    if (!reply) return;
    const report = new Uint8Array(Math.max(ENCODER_USB.reportSize, reply.length));
    report.set(reply, 0);
    const delay = this.latencyMs + answer.delayMs;
    if (delay <= 0) {
      queueMicrotask(() => {
        if (this.isUp) this.emit('data', report);
      });
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (this.isUp) this.emit('data', report);
    }, delay);
    this.timers.add(timer);
  }

  private cancelAnswers(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
