import { CARD_READ_MAX_RETRIES, cardReadRetrySchedule, decodeCommand, errorText } from '@lockdesk/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { simulatedRig } from '../../test/helpers.js';
import { cardOfRequest } from '../simulator/control.js';
import { SIMULATED_STATUS } from '../simulator/encoder.js';
import { callReader, type ReaderReply } from './functions.js';

afterEach(() => {
  vi.useRealTimers();
});

const GUEST = {
  hotelId: 42,
  cardNumber: 90017,
  type: 4 as const,
  mac_id: 'A1B2C3D4E5F6',
  start_time: 1_700_000_000,
  end_time: 1_700_086_400,
};

async function call(rig: Awaited<ReturnType<typeof simulatedRig>>, func: string, parameters?: unknown) {
  return callReader({ func, cbdata: { n: 1 }, parameters }, rig.context());
}

describe('reader functions: the reply shape and refusals', () => {
  it('echoes func and cbdata; code 1 and retval 0 on success', async () => {
    const rig = await simulatedRig();
    const reply = await call(rig, 'status');
    expect(reply).toMatchObject({ func: 'status', cbdata: { n: 1 }, code: 1, retval: 0, msg: 'success' });
    expect(reply.data).toMatchObject({ online: true, opened: true, simulated: true });
  });

  it('refuses an unknown function and a missing func with code 0', async () => {
    const rig = await simulatedRig();
    expect(await call(rig, 'formatDisk')).toMatchObject({ code: 0, msg: 'unknown function: formatDisk' });
    const missing = await callReader({ func: undefined as unknown as string }, rig.context());
    expect(missing).toMatchObject({ code: 0, error: 'FIELD_REQUIRED', msg: 'func is required' });
    expect(await call(rig, 'findCard', [1, 2])).toMatchObject({ code: 0, error: 'FIELD_INVALID' });
  });

  it('checks parameters with the messages of spec §5', async () => {
    const rig = await simulatedRig();
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['readBlock', { key: 'FFFFFFFFFFFF' }, 'BLOCK_REQUIRED'],
      ['readBlock', { block: 4 }, 'KEY_REQUIRED'],
      ['readBlock', { block: 4, key: 'FFFF' }, 'KEY_INVALID'],
      ['readBlock', { block: 4, key: 'GGGGGGGGGGGG' }, 'KEY_INVALID'],
      ['writeBlock', { block: 4, key: 'FFFFFFFFFFFF' }, 'WRITE_DATA_REQUIRED'],
      ['writeBlock', { block: 4, key: 'FFFFFFFFFFFF', data: 'ABCD' }, 'WRITE_DATA_INVALID'],
      ['requestCard', {}, 'SENDER_NUMBER_REQUIRED'],
      ['ejectCard', { sender: '' }, 'SENDER_NUMBER_REQUIRED'],
      ['readBlock', { block: 300, key: 'FFFFFFFFFFFF' }, 'BLOCK_OUT_OF_RANGE'],
    ];
    for (const [func, parameters, code] of cases) {
      const reply = await call(rig, func, parameters);
      expect(reply, `${func} ${JSON.stringify(parameters)}`).toMatchObject({
        code: 0,
        error: code,
        msg: errorText(code as never),
      });
    }
    expect(errorText('BLOCK_REQUIRED')).toBe('Block number is required');
    expect(rig.device.state().commands).toBe(0);
  });

  it('refuses device calls until the reader is opened, and after it is closed', async () => {
    const rig = await simulatedRig();
    rig.reader.opened = false;
    expect(await call(rig, 'findCard')).toMatchObject({
      code: 0,
      error: 'DEVICE_NOT_OPEN',
      msg: 'Device not turned on',
    });
    const opened = await call(rig, 'open');
    expect(opened).toMatchObject({ code: 1, retval: 0, data: { mac: rig.device.mac, version: '1.2' } });
    expect(await call(rig, 'findCard')).toMatchObject({ code: 1 });
    await call(rig, 'close');
    expect(await call(rig, 'findCard')).toMatchObject({ code: 0, error: 'DEVICE_NOT_OPEN' });
  });

  it('refuses to open an unplugged encoder, and answers DEVICE_NOT_FOUND to device calls', async () => {
    const rig = await simulatedRig();
    rig.device.unplug();
    expect(await call(rig, 'open')).toMatchObject({
      code: 0,
      error: 'READER_OPEN_FAILED',
      msg: 'Failed to open card reader',
    });
    expect(await call(rig, 'findCard')).toMatchObject({
      code: 0,
      error: 'DEVICE_NOT_FOUND',
      msg: 'Operation failed! Device not found',
    });
  });
});

describe('reader functions on the simulated encoder', () => {
  it('findCard: retval is the device status, NO_CARD when the field is empty', async () => {
    const rig = await simulatedRig();
    const none = await call(rig, 'findCard');
    expect(none).toMatchObject({
      code: 1,
      retval: SIMULATED_STATUS.noCard,
      error: 'NO_CARD',
      msg: 'No card detected!',
    });
    rig.device.placeBlankCard({ uid: '12345678' });
    expect(await call(rig, 'findCard')).toMatchObject({
      code: 1,
      retval: 0,
      data: { uid: '12345678', size: '1K' },
    });
    expect(await call(rig, 'getUid')).toMatchObject({ code: 1, retval: 0, data: { uid: '12345678' } });
  });

  it('readBlock and writeBlock with a key; a wrong key gives AUTH_FAILED with the device status', async () => {
    const rig = await simulatedRig();
    rig.device.placeBlankCard({ uid: '12345678' });
    const data = '000102030405060708090A0B0C0D0E0F';
    expect(await call(rig, 'writeBlock', { block: 8, key: 'ffffffffffff', data })).toMatchObject({
      code: 1,
      retval: 0,
    });
    expect(await call(rig, 'readBlock', { block: '8', key: 'FFFFFFFFFFFF' })).toMatchObject({
      code: 1,
      data: { data },
    });
    const wrong = await call(rig, 'readBlock', { block: 8, key: '000000000000' });
    expect(wrong).toMatchObject({ code: 1, retval: SIMULATED_STATUS.authFailed, error: 'AUTH_FAILED' });
  });

  it('a read refused by the access bits is READ_FAILED_STATUS with the status in the message', async () => {
    const rig = await simulatedRig();
    rig.device.placeBlankCard();
    // Write the sector 2 trailer so key A may no longer read its data blocks (conditions 011, key B FFFF..).
    await call(rig, 'writeBlock', {
      block: 11,
      key: 'FFFFFFFFFFFF',
      data: 'FFFFFFFFFFFF0F00FF69FFFFFFFFFFFF',
    });
    const reply = await call(rig, 'readBlock', { block: 8, key: 'FFFFFFFFFFFF' });
    expect(reply).toMatchObject({
      code: 1,
      retval: SIMULATED_STATUS.accessDenied,
      error: 'READ_FAILED_STATUS',
    });
    expect(reply.msg).toBe('read failed, status code 04');
    expect(await call(rig, 'readBlock', { block: 8, key: 'FFFFFFFFFFFF', keyType: 'B' })).toMatchObject({
      retval: 0,
    });
  });

  it('a write refused by the card is WRITE_CARD_FAILED (block 0 is read-only)', async () => {
    const rig = await simulatedRig();
    rig.device.placeBlankCard();
    const reply = await call(rig, 'writeBlock', { block: 0, key: 'FFFFFFFFFFFF', data: '00'.repeat(16) });
    expect(reply).toMatchObject({
      code: 1,
      retval: SIMULATED_STATUS.accessDenied,
      error: 'WRITE_CARD_FAILED',
    });
  });

  it('writeGuestCard then readGuestCard: the decoded content with Asia/Shanghai times', async () => {
    const rig = await simulatedRig();
    rig.device.placeBlankCard({ uid: '0A0B0C0D' });
    const written = await call(rig, 'writeGuestCard', { card: GUEST });
    expect(written).toMatchObject({
      code: 1,
      retval: 0,
      data: { uid: '0A0B0C0D', written: [4, 5, 6, 54], card_id: '90017' },
    });
    const read = await call(rig, 'readGuestCard');
    expect(read).toMatchObject({
      code: 1,
      retval: 0,
      data: {
        card_id: '90017',
        mac_id: 'A1B2C3D4E5F6',
        formattedStartTime: '2023-11-15 06:13:20',
        formattedEndTime: '2023-11-16 06:13:20',
        is_write: false,
      },
    });
  });

  it('readGuestCard on a blank card: an empty card that may be written', async () => {
    const rig = await simulatedRig();
    rig.device.placeBlankCard();
    const read = await call(rig, 'readGuestCard', { key: 'FFFFFFFFFFFF' });
    expect(read).toMatchObject({ code: 1, data: { isEmpty: true, is_write: true } });
  });

  it('writeGuestCard refuses content the guest-card layout refuses, before touching the card', async () => {
    const rig = await simulatedRig();
    rig.device.placeBlankCard();
    const reply = await call(rig, 'writeGuestCard', { card: { ...GUEST, end_time: GUEST.start_time - 1 } });
    expect(reply).toMatchObject({ code: 0, error: 'END_BEFORE_START' });
    expect(await call(rig, 'writeGuestCard', {})).toMatchObject({ code: 0, error: 'FIELD_REQUIRED' });
    expect(rig.device.state().commands).toBe(0);
  });

  it('requestCard and ejectCard drive the dispenser', async () => {
    const rig = await simulatedRig();
    expect(await call(rig, 'requestCard', { sender: '1' })).toMatchObject({ code: 1, retval: 0 });
    expect(rig.device.state().card).not.toBeNull();
    expect(await call(rig, 'ejectCard', { sender: '1' })).toMatchObject({ code: 1, retval: 0 });
    const empty = await call(rig, 'ejectCard', { sender: '1' });
    expect(empty).toMatchObject({ code: 1, retval: SIMULATED_STATUS.noCard, error: 'OPERATION_FAILED' });
  });

  it('led and beep', async () => {
    const rig = await simulatedRig();
    expect(await call(rig, 'led', { color: 'red' })).toMatchObject({ code: 1 });
    expect(rig.device.state().led).toBe('red');
    expect(await call(rig, 'led', { color: 'purple' })).toMatchObject({ code: 0, error: 'FIELD_INVALID' });
    expect(await call(rig, 'beep', { count: 2 })).toMatchObject({ code: 1 });
    expect(rig.device.state().beeps).toBe(2);
  });

  it('a damaged answer is BAD_CHECKSUM; a silent device is DEVICE_NOT_RESPONDING', async () => {
    const rig = await simulatedRig();
    rig.device.placeBlankCard();
    rig.device.injectFault('bad-checksum');
    expect(await call(rig, 'findCard')).toMatchObject({
      code: 0,
      error: 'BAD_CHECKSUM',
      msg: 'response checksum mismatch',
    });
    vi.useFakeTimers();
    rig.device.injectFault('no-answer');
    const pending = call(rig, 'findCard');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await pending).toMatchObject({
      code: 0,
      error: 'DEVICE_NOT_RESPONDING',
      msg: 'device not responding, check connection',
    });
  });

  it('a locked sector (access bytes no key can pass) answers status 06 and says the sector is locked', async () => {
    // Access bytes 6–8 that fail the datasheet's inverted-copy check lock the sector: two of the invalid examples
    // of the MIFARE reference (protocol/src/fixtures/reference/mifare-reference.json), and all zeros.
    for (const access of ['797788', '786788', '000000']) {
      const rig = await simulatedRig();
      const card = cardOfRequest({ uid: '11223344' });
      if (!card.ok) throw new Error(card.detail);
      card.value.card.blocks[7] = Uint8Array.from(Buffer.from(`FFFFFFFFFFFF${access}69FFFFFFFFFFFF`, 'hex'));
      rig.device.placeCard(card.value.card);
      for (const keyType of ['A', 'B']) {
        const read = await call(rig, 'readBlock', { block: 4, key: 'FFFFFFFFFFFF', keyType });
        expect(read, `${access} read ${keyType}`).toMatchObject({
          code: 1,
          retval: SIMULATED_STATUS.sectorLocked,
          error: 'SECTOR_LOCKED',
          msg: errorText('SECTOR_LOCKED'),
        });
        const write = await call(rig, 'writeBlock', {
          block: 5,
          key: 'FFFFFFFFFFFF',
          keyType,
          data: '00'.repeat(16),
        });
        expect(write, `${access} write ${keyType}`).toMatchObject({
          code: 1,
          retval: 6,
          error: 'SECTOR_LOCKED',
        });
      }
      // A wrong key on a sector that is not locked is still an authentication failure.
      expect(await call(rig, 'readBlock', { block: 8, key: 'A0A1A2A3A4A5' })).toMatchObject({
        retval: SIMULATED_STATUS.authFailed,
        error: 'AUTH_FAILED',
      });
    }
  });

  it('an encoder unplugged in the middle of a write: a clear error, and the block holds the new data', async () => {
    const rig = await simulatedRig();
    rig.device.placeBlankCard();
    rig.device.injectFault('unplug-mid-write');
    const data = 'CAFE'.repeat(8);
    const reply = await call(rig, 'writeBlock', { block: 9, key: 'FFFFFFFFFFFF', data });
    expect(reply).toMatchObject({
      code: 0,
      error: 'DEVICE_NOT_FOUND',
      data: { block: 9, written: 'unknown' },
    });
    rig.device.replug();
    expect(await call(rig, 'readBlock', { block: 9, key: 'FFFFFFFFFFFF' })).toMatchObject({ data: { data } });
  });
});

describe('scanSectors', () => {
  it('reads block 4 × sector of sectors 1–15 with the default key, 100 ms apart', async () => {
    const rig = await simulatedRig();
    const card = cardOfRequest({ uid: '11223344' });
    if (!card.ok) throw new Error(card.detail);
    // Sector 3 carries another key: it fails and is listed as failed.
    card.value.card.blocks[15] = Uint8Array.from(Buffer.from('A0A1A2A3A4A5FF078069A0A1A2A3A4A5', 'hex'));
    rig.device.placeCard(card.value.card);
    vi.useFakeTimers();
    const pending = callReader({ func: 'scanSectors' }, rig.context());
    await vi.advanceTimersByTimeAsync(100 * 13);
    expect(rig.device.state().commands).toBe(1 + 14);
    await vi.advanceTimersByTimeAsync(100);
    const reply = (await pending) as ReaderReply & { data: { sectors: unknown[]; failedSectors: unknown[] } };
    expect(reply).toMatchObject({ code: 1, retval: 0 });
    expect(reply.data.sectors).toHaveLength(14);
    expect(reply.data.sectors[0]).toEqual({
      sector: 1,
      block: 4,
      key: 'FFFFFFFFFFFF',
      keyName: 'default key A',
      data: '00'.repeat(16),
    });
    expect(reply.data.failedSectors).toEqual([
      { sector: 3, block: 12, error: 'read failed, status code 02' },
    ]);
  });

  it('stops with OPERATION_CANCELLED when cancelled', async () => {
    const rig = await simulatedRig();
    rig.device.placeBlankCard();
    vi.useFakeTimers();
    const controller = new AbortController();
    const pending = callReader({ func: 'scanSectors' }, rig.context({}, controller.signal));
    await vi.advanceTimersByTimeAsync(250);
    controller.abort();
    expect(await pending).toMatchObject({
      code: 0,
      error: 'OPERATION_CANCELLED',
      msg: 'operation cancelled',
    });
  });
});

describe('readSector: one sector per call, the pause kept at the device', () => {
  it('reads block 4 × sector with one device command, and refuses a missing sector', async () => {
    const rig = await simulatedRig();
    rig.device.placeBlankCard();
    const before = rig.device.state().commands;
    const reply = await call(rig, 'readSector', { sector: 2, key: 'FFFFFFFFFFFF' });
    expect(reply).toMatchObject({ code: 1, retval: 0, data: { sector: 2, block: 8, data: '00'.repeat(16) } });
    expect(rig.device.state().commands - before).toBe(1);
    expect(await call(rig, 'readSector', { key: 'FFFFFFFFFFFF' })).toMatchObject({
      code: 0,
      error: 'FIELD_INVALID',
    });
  });

  it('with pauseMs, waits until that long after the previous read ended — never less — then reads', async () => {
    const rig = await simulatedRig();
    rig.device.placeBlankCard();
    vi.useFakeTimers();
    const first = callReader({ func: 'readSector', parameters: { sector: 1 } }, rig.context());
    await vi.advanceTimersByTimeAsync(0);
    expect(await first).toMatchObject({ code: 1 });
    const afterFirst = rig.device.state().commands;
    // The caller's round trip took 30 ms: the next read waits the remaining 70 ms of the 100 ms pause.
    await vi.advanceTimersByTimeAsync(30);
    const second = callReader({ func: 'readSector', parameters: { sector: 2, pauseMs: 100 } }, rig.context());
    await vi.advanceTimersByTimeAsync(69);
    expect(rig.device.state().commands).toBe(afterFirst);
    await vi.advanceTimersByTimeAsync(1);
    expect(await second).toMatchObject({ code: 1, data: { sector: 2 } });
    expect(rig.device.state().commands).toBe(afterFirst + 1);
    // A caller slower than the pause does not wait again.
    await vi.advanceTimersByTimeAsync(150);
    const third = callReader({ func: 'readSector', parameters: { sector: 3, pauseMs: 100 } }, rig.context());
    await vi.advanceTimersByTimeAsync(0);
    expect(await third).toMatchObject({ code: 1, data: { sector: 3 } });
  });

  it('a refused key is a device failure of that sector', async () => {
    const rig = await simulatedRig();
    rig.device.placeBlankCard();
    expect(await call(rig, 'readSector', { sector: 3, key: 'A0A1A2A3A4A5' })).toMatchObject({
      error: expect.any(String),
      data: { sector: 3, block: 12 },
    });
  });
});

describe('goReadCard: the card read flow and its timing', () => {
  it('lights green, red 600 ms later, polls every 200 ms from 200 ms after ready, reads block 54 and beeps', async () => {
    const rig = await simulatedRig();
    const guest = cardOfRequest({ uid: '0A0B0C0D', guest: GUEST });
    if (!guest.ok) throw new Error(guest.detail);
    vi.useFakeTimers();
    const leds: string[] = [];
    rig.device.on('change', () => {
      const led = rig.device.state().led;
      if (leds.at(-1) !== led) leds.push(led);
    });
    const pending = callReader({ func: 'goReadCard', cbdata: 'x' }, rig.context());
    await vi.advanceTimersByTimeAsync(0);
    expect(leds).toEqual(['green']);
    await vi.advanceTimersByTimeAsync(599);
    expect(leds).toEqual(['green']);
    await vi.advanceTimersByTimeAsync(1);
    expect(leds).toEqual(['green', 'red']);
    const commandsAtReady = rig.device.state().commands;
    await vi.advanceTimersByTimeAsync(199);
    expect(rig.device.state().commands).toBe(commandsAtReady);
    await vi.advanceTimersByTimeAsync(1);
    expect(rig.device.state().commands).toBe(commandsAtReady + 1);
    // No card yet: one find-card every 200 ms.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(rig.device.state().commands).toBe(commandsAtReady + 6);
    rig.device.placeCard(guest.value.card);
    await vi.advanceTimersByTimeAsync(200);
    // Found; the read starts 1 s later (spec §9 'find-card then read after 1 s').
    const found = rig.device.state().commands;
    await vi.advanceTimersByTimeAsync(999);
    expect(rig.device.state().commands).toBe(found);
    await vi.advanceTimersByTimeAsync(1);
    const reply = await pending;
    expect(reply).toMatchObject({
      func: 'goReadCard',
      cbdata: 'x',
      code: 1,
      retval: 0,
      data: { uid: '0A0B0C0D', card_id: '90017', cardNumber: 90017, type: 4, isLockDesk: true, attempts: 1 },
    });
    expect(rig.device.state().beeps).toBe(1);
  });

  it('walks the retry schedule: pauses 300/500/800 ms, then the next variant after three failed tries', async () => {
    const rig = await simulatedRig();
    rig.device.placeBlankCard({ uid: '01020304' });
    expect(
      cardReadRetrySchedule()
        .slice(0, 5)
        .map((a) => a.pauseBeforeMs),
    ).toEqual([0, 300, 500, 800, 300]);
    // The first three authentications get no answer: variant 1 (key A) fails three times on timeouts. Variant 2
    // (key B) is refused by the card three times: in the transport configuration key B is readable, so it may not
    // be used for data (datasheet §8.7.3). Variant 3 (the combined sector read with key A) reads at attempt 7.
    rig.device.injectFault('no-answer', { count: 3, command: 'authenticate' });
    vi.useFakeTimers();
    const commands = () => rig.device.state().commands;
    let settled = false;
    const pending = callReader(
      { func: 'goReadCard' },
      rig.context({ ledRedAfterMs: 0, readAfterReadyMs: 0, findThenReadMs: 0 }),
    ).finally(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(commands()).toBe(4); // LED green, LED red, find-card, authenticate (silent)
    await vi.advanceTimersByTimeAsync(2_000 + 299);
    expect(commands()).toBe(4);
    await vi.advanceTimersByTimeAsync(1);
    expect(commands()).toBe(6); // try 2: find-card, authenticate (silent)
    await vi.advanceTimersByTimeAsync(2_000 + 499);
    expect(commands()).toBe(6);
    await vi.advanceTimersByTimeAsync(1);
    expect(commands()).toBe(8); // try 3
    await vi.advanceTimersByTimeAsync(2_000 + 799);
    expect(commands()).toBe(8);
    await vi.advanceTimersByTimeAsync(1);
    expect(commands()).toBe(11); // variant 2, try 1: find-card, authenticate B, read (refused)
    await vi.advanceTimersByTimeAsync(300 + 500 + 799);
    expect(commands()).toBe(17);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const reply = await pending;
    expect(reply).toMatchObject({
      code: 1,
      retval: 0,
      data: { uid: '01020304', attempts: 7, isLockDesk: false, card_id: '' },
    });
    expect(commands()).toBe(20); // variant 3: find-card, sector read; then the beep
  });

  it('gives up with MAX_RETRIES_REACHED after the 24 attempts of the schedule', async () => {
    const rig = await simulatedRig();
    rig.device.placeBlankCard();
    // Block 54's sector (13) gets another key: every variant with the default key fails.
    const card = rig.device.currentCard!;
    card.blocks[55] = Uint8Array.from(Buffer.from('A0A1A2A3A4A5FF078069A0A1A2A3A4A5', 'hex'));
    rig.device.placeCard(card);
    vi.useFakeTimers();
    const pending = callReader(
      { func: 'goReadCard' },
      rig.context({ ledRedAfterMs: 0, readAfterReadyMs: 0, findThenReadMs: 0 }),
    );
    const totalPauses = cardReadRetrySchedule().reduce((sum, a) => sum + a.pauseBeforeMs, 0);
    expect(totalPauses).toBe(12_000);
    await vi.advanceTimersByTimeAsync(totalPauses - 1);
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    await vi.advanceTimersByTimeAsync(1);
    const reply = await pending;
    expect(reply).toMatchObject({
      code: 0,
      error: 'MAX_RETRIES_REACHED',
      msg: `Card reading failed, maximum retries reached (${CARD_READ_MAX_RETRIES})`,
    });
  });

  it('times out with TIMEOUT_RETRY when no card comes within 15 s', async () => {
    const rig = await simulatedRig();
    vi.useFakeTimers();
    const pending = callReader({ func: 'goReadCard' }, rig.context());
    await vi.advanceTimersByTimeAsync(800 + 15_000);
    expect(await pending).toMatchObject({ code: 0, error: 'TIMEOUT_RETRY', msg: 'Timeout, please retry' });
  });

  it('cannot start on an unplugged encoder: READER_START_FAILED', async () => {
    const rig = await simulatedRig();
    rig.device.unplug();
    const reply = await callReader({ func: 'goReadCard' }, rig.context());
    expect(reply).toMatchObject({
      code: 0,
      error: 'READER_START_FAILED',
      msg: 'Failed to start card reader, check connection',
    });
  });

  it('an external card (foreign data in block 54) is refused with EXTERNAL_CARD', async () => {
    const rig = await simulatedRig();
    rig.device.placeBlankCard();
    const card = rig.device.currentCard!;
    card.blocks[54] = Uint8Array.from(Buffer.from('1234567890ABCDEF1234567890ABCDEF', 'hex'));
    rig.device.placeCard(card);
    vi.useFakeTimers();
    const pending = callReader({ func: 'goReadCard' }, rig.context());
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await pending).toMatchObject({
      code: 0,
      error: 'EXTERNAL_CARD',
      msg: 'External card cannot be used',
    });
  });

  it('is cancelled with the reason the caller gives', async () => {
    const rig = await simulatedRig();
    vi.useFakeTimers();
    const controller = new AbortController();
    const pending = callReader({ func: 'goReadCard' }, rig.context({}, controller.signal));
    await vi.advanceTimersByTimeAsync(1_000);
    controller.abort('READ_CARD_CANCELLED');
    expect(await pending).toMatchObject({
      code: 0,
      error: 'READ_CARD_CANCELLED',
      msg: 'read card operation cancelled',
    });
  });
});

describe('goReadCard cancelled while it reads the card', () => {
  it('does not beep or answer with the card once cancelled, even if the last read step succeeds', async () => {
    const rig = await simulatedRig();
    const guest = cardOfRequest({ uid: '0A0B0C0D', guest: GUEST });
    if (!guest.ok) throw new Error(guest.detail);
    rig.device.placeCard(guest.value.card);
    const controller = new AbortController();
    // The caller cancels (or a newer read replaces this one) while the device reads block 54.
    const handle = rig.device.handle.bind(rig.device);
    rig.device.handle = (frame) => {
      const command = decodeCommand(frame);
      if (command.ok && command.value.name !== 'led' && command.value.name !== 'findCard')
        controller.abort('CARD_READ_CANCELLED');
      return handle(frame);
    };
    const reply = await callReader(
      { func: 'goReadCard' },
      rig.context(
        { ledRedAfterMs: 1, readAfterReadyMs: 1, pollIntervalMs: 1, findThenReadMs: 1 },
        controller.signal,
      ),
    );
    expect(controller.signal.aborted).toBe(true);
    expect(reply).toMatchObject({ code: 0, error: 'CARD_READ_CANCELLED' });
    expect(rig.device.state().beeps).toBe(0);
  });
});

describe('a flood of calls', () => {
  it('is refused with TOO_MANY_ATTEMPTS once 64 calls wait for the encoder', async () => {
    const rig = await simulatedRig();
    let release: () => void = () => {};
    const held = rig.service.withDevice(() => new Promise<void>((resolve) => (release = resolve)));
    const waiting = Array.from({ length: 63 }, () => call(rig, 'findCard'));
    expect(await call(rig, 'findCard')).toMatchObject({
      code: 0,
      error: 'TOO_MANY_ATTEMPTS',
      msg: 'too many attempts, please try again later',
    });
    release();
    await held;
    expect((await Promise.all(waiting)).every((reply) => reply.code === 1)).toBe(true);
  });
});

describe('enrollFinger: fingerprint enrolment on the encoder', () => {
  /** A rig whose pushes are collected, as the WebSocket service would broadcast them. */
  async function fingerRig(signal?: AbortSignal) {
    const rig = await simulatedRig();
    const pushes: Array<{ step: string; cbdata: unknown }> = [];
    const context = {
      ...rig.context({}, signal),
      push: (e: { step: string; cbdata: unknown }) => pushes.push(e),
    };
    const enrol = (parameters?: unknown) =>
      callReader({ func: 'enrollFinger', cbdata: 'f1', parameters }, context);
    return { ...rig, pushes, enrol };
  }

  it('pushes press, pressAgain and captured as the finger is pressed, polling every 200 ms, and answers the template', async () => {
    const rig = await fingerRig();
    vi.useFakeTimers();
    const pending = rig.enrol();
    await vi.advanceTimersByTimeAsync(0);
    expect(rig.device.state().finger.step).toBe('press');
    expect(rig.pushes).toEqual([{ event: 'fingerStep', step: 'press', cbdata: 'f1' }]);
    // Nobody presses: one poll every 200 ms, nothing new pushed.
    const started = rig.device.state().commands;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(rig.device.state().commands).toBe(started + 5);
    expect(rig.pushes).toHaveLength(1);
    rig.device.pressFinger();
    await vi.advanceTimersByTimeAsync(199);
    expect(rig.pushes).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(rig.pushes.map((p) => p.step)).toEqual(['press', 'pressAgain']);
    rig.device.pressFinger({ quality: 83 });
    await vi.advanceTimersByTimeAsync(200);
    const reply = await pending;
    expect(rig.pushes.map((p) => p.step)).toEqual(['press', 'pressAgain', 'captured']);
    expect(reply).toMatchObject({ func: 'enrollFinger', cbdata: 'f1', code: 1, retval: 0, msg: 'success' });
    const data = reply.data as { template: string; quality: number; bytes: number };
    expect(data.quality).toBe(83);
    expect(data.bytes).toBe(256);
    expect(data.template).toMatch(/^[0-9A-F]{512}$/);
    // The sensor was told to forget the template once it was read.
    expect(rig.device.state().finger.step).toBe('idle');
  });

  it('still tells pressAgain when both presses fall between two polls', async () => {
    const rig = await fingerRig();
    vi.useFakeTimers();
    const pending = rig.enrol();
    await vi.advanceTimersByTimeAsync(0);
    rig.device.pressFinger();
    rig.device.pressFinger();
    await vi.advanceTimersByTimeAsync(200);
    expect((await pending).code).toBe(1);
    expect(rig.pushes.map((p) => p.step)).toEqual(['press', 'pressAgain', 'captured']);
  });

  it('answers FINGER_TIMEOUT when no finger comes within the timeout, and stops the sensor', async () => {
    const rig = await fingerRig();
    vi.useFakeTimers();
    const pending = rig.enrol({ timeout: 3_000 });
    await vi.advanceTimersByTimeAsync(2_900);
    expect(rig.device.state().finger.step).toBe('press');
    await vi.advanceTimersByTimeAsync(200);
    expect(await pending).toMatchObject({
      code: 0,
      error: 'FINGER_TIMEOUT',
      msg: 'No finger was pressed in time, please try again',
    });
    expect(rig.device.state().finger.step).toBe('idle');
  });

  it('waits 60 s by default', async () => {
    const rig = await fingerRig();
    vi.useFakeTimers();
    const pending = rig.enrol();
    await vi.advanceTimersByTimeAsync(59_700);
    rig.device.pressFinger();
    rig.device.pressFinger();
    await vi.advanceTimersByTimeAsync(200);
    expect((await pending).code).toBe(1);
    const late = rig.enrol();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await late).toMatchObject({ code: 0, error: 'FINGER_TIMEOUT' });
  });

  it('answers FINGER_ENROLL_CANCELLED when the caller cancels, and stops the sensor', async () => {
    const controller = new AbortController();
    const rig = await fingerRig(controller.signal);
    vi.useFakeTimers();
    const pending = rig.enrol();
    await vi.advanceTimersByTimeAsync(400);
    rig.device.pressFinger();
    await vi.advanceTimersByTimeAsync(200);
    controller.abort('OPERATION_CANCELLED');
    await vi.advanceTimersByTimeAsync(0);
    expect(await pending).toMatchObject({
      code: 0,
      error: 'FINGER_ENROLL_CANCELLED',
      msg: 'Fingerprint enrolment cancelled',
    });
    expect(rig.pushes.map((p) => p.step)).toEqual(['press', 'pressAgain']);
    expect(rig.device.state().finger.step).toBe('idle');
  });

  it('refuses a bad timeout, a closed reader and an unplugged encoder; a sensor failure is FINGER_ENROLL_FAILED', async () => {
    const rig = await fingerRig();
    for (const timeout of [-1, 999, 300_001, 'soon'])
      expect(await rig.enrol({ timeout }), String(timeout)).toMatchObject({
        code: 0,
        error: 'FIELD_INVALID',
        msg: errorText('FIELD_INVALID', { field: 'timeout' }),
      });
    expect(rig.device.state().commands).toBe(0);
    vi.useFakeTimers();
    rig.device.injectFault('no-answer', { command: 'fingerEnroll' });
    const silent = rig.enrol();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await silent).toMatchObject({ code: 0, error: 'DEVICE_NOT_RESPONDING' });
    expect(rig.pushes).toEqual([]);
    // The sensor forgets the enrolment between two polls (as a real one might after a reset).
    const pending = rig.enrol();
    await vi.advanceTimersByTimeAsync(0);
    rig.device.handle(Uint8Array.from([0xa5, 0x04, 0x33, 0x92]));
    await vi.advanceTimersByTimeAsync(200);
    expect(await pending).toMatchObject({
      code: 1,
      retval: 0x0b,
      error: 'FINGER_ENROLL_FAILED',
      msg: 'Fingerprint enrolment failed: fingerPoll status 0B',
    });
    vi.useRealTimers();
    rig.reader.opened = false;
    expect(await rig.enrol()).toMatchObject({ code: 0, error: 'DEVICE_NOT_OPEN' });
    rig.reader.opened = true;
    rig.device.unplug();
    expect(await rig.enrol()).toMatchObject({ code: 0, error: 'DEVICE_NOT_FOUND' });
  });
});
