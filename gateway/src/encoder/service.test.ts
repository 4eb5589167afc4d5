import { encodeCommand, encodeResponse } from '@lockdesk/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { simulatedRig } from '../../test/helpers.js';
import { CardWatcher } from './card-watcher.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('encoder service', () => {
  it('turns a command into a frame and decodes the answer', async () => {
    const { device, service } = await simulatedRig();
    device.placeBlankCard({ uid: 'CAFEF00D' });
    const answer = await service.run({ name: 'findCard' });
    expect(answer).toMatchObject({ ok: true, value: { layout: 'card', status: 0, cardNumber: 'CAFEF00D' } });
  });

  it('runs one command at a time, in arrival order, and keeps a reader call together', async () => {
    const { device, service } = await simulatedRig({ latencyMs: 50 });
    vi.useFakeTimers();
    device.placeBlankCard();
    const order: string[] = [];
    const first = service.withDevice(async (session) => {
      order.push('first:find');
      await session.run({ name: 'findCard' });
      order.push('first:auth');
      await session.run({ name: 'authenticate', block: 4, keyType: 'A', key: 'FFFFFFFFFFFF' });
      order.push('first:read');
      return session.run({ name: 'readBlock', block: 4 });
    });
    const second = service.withDevice(async (session) => {
      order.push('second:find');
      return session.run({ name: 'findCard' });
    });
    expect(service.isBusy).toBe(true);
    await vi.advanceTimersByTimeAsync(200);
    await expect(first).resolves.toMatchObject({ ok: true, value: { layout: 'blockData', status: 0 } });
    await expect(second).resolves.toMatchObject({ ok: true });
    expect(order).toEqual(['first:find', 'first:auth', 'first:read', 'second:find']);
    expect(service.isBusy).toBe(false);
  });

  it('gives up after 2000 ms without an answer: DEVICE_NOT_RESPONDING', async () => {
    const { device, service } = await simulatedRig();
    vi.useFakeTimers();
    device.injectFault('no-answer');
    const pending = service.run({ name: 'findCard' });
    await vi.advanceTimersByTimeAsync(1_999);
    expect(service.isBusy).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toMatchObject({ ok: false, code: 'DEVICE_NOT_RESPONDING' });
  });

  it('waits 5000 ms for a write', async () => {
    const { device, service } = await simulatedRig();
    vi.useFakeTimers();
    device.placeBlankCard();
    device.injectFault('late-answer', { delayMs: 4_000 });
    const pending = service.run({ name: 'writeBlock', block: 4, data: '00'.repeat(16) });
    await vi.advanceTimersByTimeAsync(4_000);
    // The card was not selected, so the write is refused by the card, but the answer did arrive in time.
    await expect(pending).resolves.toMatchObject({ ok: true, value: { layout: 'writeResult' } });
  });

  it('drops a late answer that arrives after its command timed out', async () => {
    const { device, service } = await simulatedRig();
    vi.useFakeTimers();
    device.placeBlankCard({ uid: '01020304' });
    device.injectFault('late-answer', { delayMs: 3_000 });
    const late = service.run({ name: 'getVersion' });
    await vi.advanceTimersByTimeAsync(2_000);
    await expect(late).resolves.toMatchObject({ ok: false, code: 'DEVICE_NOT_RESPONDING' });
    const next = service.run({ name: 'findCard' });
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(next).resolves.toMatchObject({
      ok: true,
      value: { layout: 'card', cardNumber: '01020304' },
    });
    expect(service.strayFrames).toBe(1);
  });

  it('hands a damaged answer to its command as BAD_CHECKSUM', async () => {
    const { device, service } = await simulatedRig();
    device.placeBlankCard();
    device.injectFault('bad-checksum');
    await expect(service.run({ name: 'findCard' })).resolves.toMatchObject({
      ok: false,
      code: 'BAD_CHECKSUM',
    });
    await expect(service.run({ name: 'findCard' })).resolves.toMatchObject({ ok: true });
  });

  it('answers DEVICE_NOT_FOUND while the encoder is unplugged, and serves again once replugged', async () => {
    const { device, service } = await simulatedRig();
    const events: string[] = [];
    service.on('up', () => events.push('up'));
    service.on('down', () => events.push('down'));
    device.unplug();
    expect(service.online).toBe(false);
    await expect(service.run({ name: 'findCard' })).resolves.toMatchObject({
      ok: false,
      code: 'DEVICE_NOT_FOUND',
    });
    device.replug();
    await expect(service.run({ name: 'getVersion' })).resolves.toMatchObject({ ok: true });
    expect(events).toEqual(['down', 'up']);
  });

  it('refuses a raw frame that is not a command frame, before it reaches the device', async () => {
    const { device, service } = await simulatedRig();
    const bad = Uint8Array.of(0xa5, 0x04, 0x10, 0x00);
    await expect(service.exchange(bad)).resolves.toMatchObject({ ok: false, code: 'BAD_COMMAND_CHECKSUM' });
    await expect(service.exchange(Uint8Array.of(0x01, 0x02))).resolves.toMatchObject({
      ok: false,
      code: 'FRAME_MALFORMED',
    });
    // A well-formed frame with a command code the table does not know.
    const unknown = Uint8Array.of(0xa5, 0x04, 0x7f, 0xa5 ^ 0x04 ^ 0x7f);
    await expect(service.exchange(unknown)).resolves.toMatchObject({ ok: false, code: 'UNKNOWN_FRAME_TYPE' });
    expect(device.state().commands).toBe(0);
    const frame = encodeCommand({ name: 'getVersion' });
    if (!frame.ok) throw new Error(frame.detail);
    const answer = await service.exchange(frame.value);
    const expected = encodeResponse({
      layout: 'deviceInfo',
      type: 1,
      command: 1,
      status: 0,
      version: 0x0102,
      mac: device.mac,
    });
    expect(answer).toEqual(expected);
  });
});

describe('encoder queue limit', () => {
  it('refuses calls beyond the queue limit with TOO_MANY_ATTEMPTS, and takes them again once it drains', async () => {
    const { device, service } = await simulatedRig();
    let release: () => void = () => {};
    const held = service.withDevice(() => new Promise<void>((resolve) => (release = resolve)));
    const queued = Array.from({ length: 63 }, () => service.run({ name: 'getVersion' }));
    expect(service.isSaturated).toBe(true);
    await expect(service.run({ name: 'getVersion' })).resolves.toMatchObject({
      ok: false,
      code: 'TOO_MANY_ATTEMPTS',
    });
    await expect(service.exchange(Uint8Array.of(1))).resolves.toMatchObject({
      ok: false,
      code: 'TOO_MANY_ATTEMPTS',
    });
    release();
    await held;
    const answers = await Promise.all(queued);
    expect(answers.every((a) => a.ok)).toBe(true);
    expect(device.state().commands).toBe(63);
    await expect(service.run({ name: 'getVersion' })).resolves.toMatchObject({ ok: true });
  });
});

describe('card watcher', () => {
  it('reports a card placed and removed, and looks only while the device is idle', async () => {
    const { device, service } = await simulatedRig();
    vi.useFakeTimers();
    const watcher = new CardWatcher(service, 500);
    const events: string[] = [];
    watcher.on('placed', (card) => events.push(`placed ${card.uid}`));
    watcher.on('removed', (card) => events.push(`removed ${card.uid}`));
    watcher.start();
    await vi.advanceTimersByTimeAsync(500);
    device.placeBlankCard({ uid: 'AABBCCDD' });
    await vi.advanceTimersByTimeAsync(500);
    await vi.advanceTimersByTimeAsync(500);
    device.removeCard();
    await vi.advanceTimersByTimeAsync(500);
    expect(events).toEqual(['placed AABBCCDD', 'removed AABBCCDD']);

    const before = device.state().commands;
    const hold = service.withDevice(() => new Promise((resolve) => setTimeout(resolve, 2_000)));
    await vi.advanceTimersByTimeAsync(2_000);
    await hold;
    expect(device.state().commands).toBe(before);
    watcher.stop();
  });
});
