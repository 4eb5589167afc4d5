import { encodeResponse } from '@lockdesk/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EncoderService } from '../encoder/service.js';
import { silentLogger } from '../log.js';
import { type HidDevice, type HidModule, HidTransport } from './hid.js';
import { TransportError } from './types.js';

/**
 * A stand-in for node-hid: one encoder that can be plugged and unplugged, whose reads honour the timeout on the
 * (fake) clock, and which records every report written to it.
 */
class FakeHid implements HidModule {
  plugged = true;
  opens = 0;
  enumerations = 0;
  written: number[][] = [];
  device: FakeDevice | undefined;
  /** When set, the next write never completes (a wedged USB stack). */
  hangWrites = false;
  readonly HIDAsync = {
    open: async (..._args: [string] | [number, number]): Promise<HidDevice> => {
      if (!this.plugged) throw new Error('cannot open device');
      this.opens++;
      this.device = new FakeDevice(this);
      return this.device;
    },
  };
  async devicesAsync(vendorId: number, productId: number) {
    this.enumerations++;
    return this.plugged && vendorId === 1047 && productId === 32800 ? [{ path: '/dev/hidraw3' }] : [];
  }
  unplug(): void {
    this.plugged = false;
    this.device?.fail(new Error('could not read from HID device'));
  }
}

class FakeDevice implements HidDevice {
  private queue: Uint8Array[] = [];
  private waiting: ((value: Uint8Array | undefined) => void) | undefined;
  private failing: ((error: Error) => void) | undefined;
  closed = false;
  constructor(private readonly hid: FakeHid) {}
  /** The device sends a report (as many bytes as given: short reads included). */
  push(report: Uint8Array): void {
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = undefined;
      this.failing = undefined;
      resolve(report);
    } else {
      this.queue.push(report);
    }
  }
  fail(error: Error): void {
    const reject = this.failing;
    this.waiting = undefined;
    this.failing = undefined;
    reject?.(error);
  }
  read(timeoutMs?: number): Promise<Uint8Array | undefined> {
    if (!this.hid.plugged) return Promise.reject(new Error('could not read from HID device'));
    const next = this.queue.shift();
    if (next) return Promise.resolve(next);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting = undefined;
        this.failing = undefined;
        resolve(undefined);
      }, timeoutMs ?? 0);
      this.waiting = (value) => {
        clearTimeout(timer);
        resolve(value);
      };
      this.failing = (error) => {
        clearTimeout(timer);
        reject(error);
      };
    });
  }
  async write(values: number[] | Uint8Array): Promise<number> {
    if (!this.hid.plugged) throw new Error('could not write to HID device');
    if (this.hid.hangWrites) return new Promise(() => {});
    this.hid.written.push([...values]);
    return values.length;
  }
  async close(): Promise<void> {
    this.closed = true;
  }
}

function cardAnswer(cardNumber = 'DEADBEEF'): Uint8Array {
  const frame = encodeResponse({
    layout: 'card',
    type: 2,
    command: 0x10,
    status: 0,
    cardType: 8,
    cardNumber,
  });
  if (!frame.ok) throw new Error(frame.detail);
  return frame.value;
}

describe('HID transport over a stand-in for node-hid', () => {
  let hid: FakeHid;
  let transport: HidTransport;

  beforeEach(() => {
    vi.useFakeTimers();
    hid = new FakeHid();
    transport = new HidTransport({ loadHid: async () => hid, reopenDelaysMs: [500, 1_000, 2_000] });
  });
  afterEach(async () => {
    await transport.close();
    vi.useRealTimers();
  });

  it('opens the encoder by vendor and product id and reports it up', async () => {
    const up = vi.fn();
    transport.on('up', up);
    await transport.open();
    expect(transport.isUp).toBe(true);
    expect(up).toHaveBeenCalledOnce();
    expect(hid.opens).toBe(1);
  });

  it('writes each frame as a 65-byte report behind a 0x00 report id', async () => {
    await transport.open();
    await transport.write(Uint8Array.of(0xa5, 0x04, 0x10, 0xb1));
    expect(hid.written).toHaveLength(1);
    const report = hid.written[0]!;
    expect(report).toHaveLength(65);
    expect(report.slice(0, 5)).toEqual([0x00, 0xa5, 0x04, 0x10, 0xb1]);
    expect(report.slice(5).every((b) => b === 0)).toBe(true);
  });

  it('keeps running when the encoder is unplugged, reports it down, and reopens it with growing pauses', async () => {
    const events: string[] = [];
    transport.on('up', () => events.push('up'));
    transport.on('down', () => events.push('down'));
    await transport.open();
    hid.unplug();
    await vi.advanceTimersByTimeAsync(0);
    expect(events).toEqual(['up', 'down']);
    expect(transport.isUp).toBe(false);
    await expect(transport.write(Uint8Array.of(1))).rejects.toBeInstanceOf(TransportError);

    // Backoff: 500 ms, then 1000 ms, then 2000 ms between attempts — no busy loop.
    const before = hid.enumerations;
    await vi.advanceTimersByTimeAsync(499);
    expect(hid.enumerations).toBe(before);
    await vi.advanceTimersByTimeAsync(1);
    expect(hid.enumerations).toBe(before + 1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(hid.enumerations).toBe(before + 2);
    await vi.advanceTimersByTimeAsync(2_000);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(hid.enumerations).toBe(before + 4);

    hid.plugged = true;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(events).toEqual(['up', 'down', 'up']);
    expect(transport.isUp).toBe(true);
  });

  it('keeps backing off from an encoder that opens and then fails at once, and starts over after a stable run', async () => {
    await transport.open();
    const flap = async () => {
      hid.device?.fail(new Error('could not read from HID device'));
      await vi.advanceTimersByTimeAsync(0);
      expect(transport.isUp).toBe(false);
    };
    // Opens fine, fails the first read: the pauses grow (500, 1000, 2000 ms) instead of 500 ms every time.
    await flap();
    await vi.advanceTimersByTimeAsync(500);
    expect(transport.isUp).toBe(true);
    await flap();
    await vi.advanceTimersByTimeAsync(500);
    expect(transport.isUp).toBe(false);
    await vi.advanceTimersByTimeAsync(500);
    expect(transport.isUp).toBe(true);
    await flap();
    await vi.advanceTimersByTimeAsync(1_999);
    expect(transport.isUp).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(transport.isUp).toBe(true);
    // Connected for a while, then lost: the next reopen comes after the shortest pause again.
    await vi.advanceTimersByTimeAsync(30_000);
    await flap();
    await vi.advanceTimersByTimeAsync(500);
    expect(transport.isUp).toBe(true);
  });

  it('starts even when no encoder is attached, and opens it when it is plugged in later', async () => {
    hid.plugged = false;
    await transport.open();
    expect(transport.isUp).toBe(false);
    hid.plugged = true;
    await vi.advanceTimersByTimeAsync(500);
    expect(transport.isUp).toBe(true);
  });

  it('polls reads with the 2000 ms timeout and delivers reports as they come', async () => {
    const data: Uint8Array[] = [];
    transport.on('data', (bytes) => data.push(bytes));
    await transport.open();
    await vi.advanceTimersByTimeAsync(2_000 * 3);
    expect(data).toHaveLength(0);
    hid.device!.push(Uint8Array.of(1, 2, 3));
    await vi.advanceTimersByTimeAsync(0);
    expect(data).toEqual([Uint8Array.of(1, 2, 3)]);
  });

  it('gives up a write after 5000 ms and treats the encoder as gone', async () => {
    const down = vi.fn();
    transport.on('down', down);
    await transport.open();
    hid.hangWrites = true;
    const write = transport.write(Uint8Array.of(0xa5, 0x04, 0x10, 0xb1));
    const settled = expect(write).rejects.toMatchObject({ kind: 'write-timeout' });
    await vi.advanceTimersByTimeAsync(5_000);
    await settled;
    expect(down).toHaveBeenCalledOnce();
  });

  it('stops reading within one read period once closed', async () => {
    await transport.open();
    const device = hid.device!;
    await transport.close();
    expect(device.closed).toBe(true);
    expect(transport.isUp).toBe(false);
  });
});

describe('encoder service over the HID transport', () => {
  let hid: FakeHid;
  let service: EncoderService;

  beforeEach(async () => {
    vi.useFakeTimers();
    hid = new FakeHid();
    const transport = new HidTransport({ loadHid: async () => hid, reopenDelaysMs: [500] });
    service = new EncoderService({ transport, logger: silentLogger() });
    await service.start();
  });
  afterEach(async () => {
    await service.stop();
    vi.useRealTimers();
  });

  it('reads an answer padded to a 64-byte report', async () => {
    const pending = service.run({ name: 'findCard' });
    await vi.advanceTimersByTimeAsync(0);
    const report = new Uint8Array(64);
    report.set(cardAnswer(), 0);
    hid.device!.push(report);
    await expect(pending).resolves.toMatchObject({
      ok: true,
      value: { layout: 'card', cardNumber: 'DEADBEEF' },
    });
  });

  it('joins an answer split over short reads', async () => {
    const pending = service.run({ name: 'findCard' });
    await vi.advanceTimersByTimeAsync(0);
    const answer = cardAnswer('01020304');
    hid.device!.push(answer.slice(0, 3));
    await vi.advanceTimersByTimeAsync(0);
    hid.device!.push(answer.slice(3));
    await expect(pending).resolves.toMatchObject({ ok: true, value: { cardNumber: '01020304' } });
  });

  it('skips a leading report-id byte on reads', async () => {
    const pending = service.run({ name: 'findCard' });
    await vi.advanceTimersByTimeAsync(0);
    const report = new Uint8Array(65);
    report.set(cardAnswer('0A0B0C0D'), 1);
    hid.device!.push(report);
    await expect(pending).resolves.toMatchObject({ ok: true, value: { cardNumber: '0A0B0C0D' } });
  });

  it('answers DEVICE_NOT_FOUND when the encoder is unplugged while a command waits', async () => {
    const pending = service.run({ name: 'findCard' });
    await vi.advanceTimersByTimeAsync(0);
    hid.unplug();
    await expect(pending).resolves.toMatchObject({ ok: false, code: 'DEVICE_NOT_FOUND' });
    await expect(service.run({ name: 'findCard' })).resolves.toMatchObject({
      ok: false,
      code: 'DEVICE_NOT_FOUND',
    });
  });
});
