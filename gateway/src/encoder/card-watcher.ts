import { EventEmitter } from 'node:events';
import type { EncoderService } from './service.js';

/** A card that came into or left the encoder's field. */
export interface CardPresence {
  uid: string;
  cardType: number;
}

/**
 * Watches the encoder's field for cards by asking it now and then, while someone listens (WebSocket clients).
 * It only asks when the device is idle, so a reader call never waits behind it.
 */
export class CardWatcher extends EventEmitter<{ placed: [CardPresence]; removed: [CardPresence] }> {
  private timer: NodeJS.Timeout | undefined;
  private current: CardPresence | null = null;
  private checking = false;

  constructor(
    private readonly encoder: EncoderService,
    private readonly intervalMs: number,
  ) {
    super();
  }

  /** The card in the field at the last look, if any. */
  get card(): CardPresence | null {
    return this.current;
  }

  start(): void {
    if (this.timer || this.intervalMs <= 0) return;
    this.timer = setInterval(() => void this.check(), this.intervalMs);
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One look at the field; exported for tests. */
  async check(): Promise<void> {
    if (this.checking || !this.encoder.online) {
      if (!this.encoder.online) this.settle(null);
      return;
    }
    this.checking = true;
    try {
      const answer = await this.encoder.tryWithDevice((device) => device.run({ name: 'findCard' }));
      if (!answer?.ok) return;
      const frame = answer.value;
      if (frame.layout !== 'card') return;
      this.settle(frame.status === 0 ? { uid: frame.cardNumber, cardType: frame.cardType } : null);
    } finally {
      this.checking = false;
    }
  }

  private settle(next: CardPresence | null): void {
    const previous = this.current;
    if (previous?.uid === next?.uid) return;
    this.current = next;
    if (previous) this.emit('removed', previous);
    if (next) this.emit('placed', next);
  }
}
