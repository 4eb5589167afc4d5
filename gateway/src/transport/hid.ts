import { EventEmitter } from 'node:events';
import { ENCODER_USB, LIMITS } from '@lockdesk/protocol';
import { type Transport, TransportError, type TransportEvents } from './types.js';

/** The part of an opened node-hid `HIDAsync` device this transport uses. */
export interface HidDevice {
  read(timeoutMs?: number): Promise<Uint8Array | number[] | undefined>;
  write(values: number[] | Uint8Array): Promise<number>;
  close(): Promise<void>;
}

/** The part of the node-hid module this transport uses; tests hand in a stand-in. */
export interface HidModule {
  HIDAsync: {
    open(path: string): Promise<HidDevice>;
    open(vendorId: number, productId: number): Promise<HidDevice>;
  };
  devicesAsync(vendorId: number, productId: number): Promise<Array<{ path?: string | undefined }>>;
}

export interface HidTransportOptions {
  vendorId?: number;
  productId?: number;
  /** A device path (hidraw node on Linux, HID path on Windows); when set it wins over vendor and product id. */
  path?: string | undefined;
  /** HID report size without the report-id byte. */
  reportSize?: number;
  readTimeoutMs?: number;
  writeTimeoutMs?: number;
  /** Pauses between attempts to (re)open the device; the last one repeats. */
  reopenDelaysMs?: readonly number[];
  /** Loads node-hid; injected in tests. Loaded lazily so the simulated encoder runs where libusb is missing. */
  loadHid?: () => Promise<HidModule>;
  onLog?: (level: 'info' | 'warn', message: string) => void;
}

/** Loads the real node-hid module. */
export async function loadNodeHid(): Promise<HidModule> {
  const mod = (await import('node-hid')) as unknown as HidModule & { default?: HidModule };
  return mod.HIDAsync ? mod : (mod.default as HidModule);
}

const DEFAULT_REOPEN_DELAYS_MS = [500, 1_000, 2_000, 4_000, 5_000] as const;
/** How long the encoder must stay connected before a later loss starts the pauses from the shortest again. */
const STABLE_CONNECTION_MS = 30_000;

/**
 * The USB encoder through node-hid. Writes go out as 64-byte reports behind a 0x00 report-id byte; reads are polled
 * with a timeout so a closed transport stops within one read period. When the encoder is unplugged the transport
 * reports `down` and keeps trying to reopen it with growing pauses, never a busy loop.
 */
export class HidTransport extends EventEmitter<TransportEvents> implements Transport {
  readonly kind = 'hid' as const;
  private readonly vendorId: number;
  private readonly productId: number;
  private readonly path: string | undefined;
  private readonly reportSize: number;
  private readonly readTimeoutMs: number;
  private readonly writeTimeoutMs: number;
  private readonly reopenDelaysMs: readonly number[];
  private readonly loadHid: () => Promise<HidModule>;
  private readonly log: (level: 'info' | 'warn', message: string) => void;
  private hid: HidModule | undefined;
  private device: HidDevice | undefined;
  private running = false;
  private attempt = 0;
  /** When the open device came up (epoch ms), to tell a flapping encoder from one that ran for a while. */
  private upSince = 0;
  private reopenTimer: NodeJS.Timeout | undefined;
  private lastFailure = '';

  constructor(options: HidTransportOptions = {}) {
    super();
    this.vendorId = options.vendorId ?? ENCODER_USB.vendorId;
    this.productId = options.productId ?? ENCODER_USB.productId;
    this.path = options.path || undefined;
    this.reportSize = options.reportSize ?? ENCODER_USB.reportSize;
    this.readTimeoutMs = options.readTimeoutMs ?? LIMITS.localReaderTimeoutMs;
    this.writeTimeoutMs = options.writeTimeoutMs ?? LIMITS.localReaderWriteTimeoutMs;
    this.reopenDelaysMs = options.reopenDelaysMs?.length ? options.reopenDelaysMs : DEFAULT_REOPEN_DELAYS_MS;
    this.loadHid = options.loadHid ?? loadNodeHid;
    this.log = options.onLog ?? (() => {});
  }

  get isUp(): boolean {
    return this.device !== undefined;
  }

  get description(): string {
    return this.path ? `HID ${this.path}` : `HID ${this.vendorId}/${this.productId}`;
  }

  async open(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.attempt = 0;
    await this.tryOpen();
  }

  async close(): Promise<void> {
    this.running = false;
    clearTimeout(this.reopenTimer);
    this.reopenTimer = undefined;
    const device = this.device;
    if (device) {
      this.device = undefined;
      await device.close().catch(() => {});
      this.emit('down', 'closed');
    }
  }

  async write(frame: Uint8Array): Promise<void> {
    const device = this.device;
    if (!device) throw new TransportError('not-open', 'the encoder is not connected');
    for (const report of this.toReports(frame)) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () =>
            reject(
              new TransportError('write-timeout', `HID write took longer than ${this.writeTimeoutMs} ms`),
            ),
          this.writeTimeoutMs,
        );
      });
      try {
        const written = await Promise.race([device.write(report), timeout]);
        if (typeof written === 'number' && written < 0) {
          throw new TransportError('write-failed', 'HID write was refused by the device');
        }
      } catch (error) {
        const failure =
          error instanceof TransportError ? error : new TransportError('write-failed', describe(error));
        this.lost(device, `write failed: ${failure.message}`);
        throw failure;
      } finally {
        clearTimeout(timer);
      }
    }
  }

  /** Splits a frame into reports of `reportSize` bytes behind the 0x00 report id, zero-padded. */
  private toReports(frame: Uint8Array): number[][] {
    const reports: number[][] = [];
    for (let start = 0; start < Math.max(frame.length, 1); start += this.reportSize) {
      const report = new Array<number>(this.reportSize + 1).fill(0);
      const chunk = frame.subarray(start, start + this.reportSize);
      for (let i = 0; i < chunk.length; i++) report[i + 1] = chunk[i] ?? 0;
      reports.push(report);
    }
    return reports;
  }

  private async tryOpen(): Promise<void> {
    if (!this.running || this.device) return;
    try {
      this.hid ??= await this.loadHid();
      const device = await this.openDevice(this.hid);
      if (!this.running) {
        await device.close().catch(() => {});
        return;
      }
      this.device = device;
      // The pauses start over only once the encoder has stayed connected (see lost): one that opens and then
      // fails every read would otherwise be reopened every 500 ms, for months.
      this.upSince = Date.now();
      this.lastFailure = '';
      this.log('info', `encoder connected (${this.description})`);
      this.emit('up');
      void this.readLoop(device);
    } catch (error) {
      const reason = describe(error);
      // Log each distinct failure once, so a reader left unplugged for days does not fill the log.
      if (reason !== this.lastFailure)
        this.log('warn', `encoder not available (${this.description}): ${reason}`);
      this.lastFailure = reason;
      this.scheduleReopen();
    }
  }

  private async openDevice(hid: HidModule): Promise<HidDevice> {
    if (this.path) return hid.HIDAsync.open(this.path);
    const found = await hid.devicesAsync(this.vendorId, this.productId);
    const path = found.find((d) => d.path)?.path;
    if (found.length === 0) throw new Error('no device with this vendor and product id is attached');
    return path ? hid.HIDAsync.open(path) : hid.HIDAsync.open(this.vendorId, this.productId);
  }

  private scheduleReopen(): void {
    if (!this.running || this.reopenTimer) return;
    const delays = this.reopenDelaysMs;
    const delay = delays[Math.min(this.attempt, delays.length - 1)] ?? 5_000;
    this.attempt++;
    this.reopenTimer = setTimeout(() => {
      this.reopenTimer = undefined;
      void this.tryOpen();
    }, delay);
  }

  private async readLoop(device: HidDevice): Promise<void> {
    while (this.device === device) {
      let report: Uint8Array | number[] | undefined;
      try {
        report = await device.read(this.readTimeoutMs);
      } catch (error) {
        this.lost(device, `read failed: ${describe(error)}`);
        return;
      }
      if (this.device !== device) return;
      if (report && report.length > 0) this.emit('data', Uint8Array.from(report));
    }
  }

  /** The device stopped answering: drop it, report `down`, and start reopening. */
  private lost(device: HidDevice, reason: string): void {
    if (this.device !== device) return;
    this.device = undefined;
    void device.close().catch(() => {});
    this.log('warn', `encoder disconnected (${this.description}): ${reason}`);
    this.emit('down', reason);
    if (Date.now() - this.upSince >= STABLE_CONNECTION_MS) this.attempt = 0;
    this.scheduleReopen();
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
