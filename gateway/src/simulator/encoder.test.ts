import {
  blankCard,
  bytesToHex,
  cloneCard,
  decodeResponseFrame,
  encodeAccessBits,
  encodeCommand,
  exportDump,
  hexToBytes,
  type MifareCard,
} from '@lockdesk/protocol';
import { describe, expect, it } from 'vitest';
import { ask, statusOf } from '../../test/helpers.js';
import { cardOfRequest } from './control.js';
import { SIMULATED_STATUS, SimulatedEncoder } from './encoder.js';

const DEFAULT_KEY = 'FFFFFFFFFFFF';
const KEY_A = 'A0A1A2A3A4A5';
const KEY_B = 'B0B1B2B3B4B5';

function bytes(hex: string): Uint8Array {
  const parsed = hexToBytes(hex);
  if (!parsed.ok) throw new Error(parsed.detail);
  return parsed.value;
}

/** A blank card whose sector 1 trailer is replaced (keys A0.., B0.., the given access bytes 6–9). */
function cardWithSector1(accessHex: string): MifareCard {
  const blank = blankCard('1K', '11223344');
  if (!blank.ok) throw new Error(blank.detail);
  const card = cloneCard(blank.value);
  card.blocks[7] = bytes(`${KEY_A}${accessHex}${KEY_B}`);
  return card;
}

function placed(card: MifareCard): SimulatedEncoder {
  const device = new SimulatedEncoder();
  const result = device.placeCard(card);
  if (!result.ok) throw new Error(result.detail);
  return device;
}

describe('simulated encoder: the virtual MIFARE Classic card', () => {
  it('answers find-card with the UID and the SAK of a 1K card, and no card when the field is empty', () => {
    const device = new SimulatedEncoder();
    expect(statusOf(ask(device, { name: 'findCard' }))).toBe(SIMULATED_STATUS.noCard);
    device.placeBlankCard({ uid: 'DEADBEEF' });
    const found = ask(device, { name: 'findCard' });
    expect(found).toMatchObject({ layout: 'card', status: 0, cardNumber: 'DEADBEEF', cardType: 0x08 });
  });

  it('fails authentication with a wrong key and drops the selection, as the card halts', () => {
    const device = placed(cardWithSector1('78778869'));
    ask(device, { name: 'findCard' });
    const auth = ask(device, { name: 'authenticate', block: 4, keyType: 'A', key: DEFAULT_KEY });
    expect(statusOf(auth)).toBe(SIMULATED_STATUS.authFailed);
    expect(statusOf(ask(device, { name: 'readBlock', block: 4 }))).toBe(SIMULATED_STATUS.notSelected);
    ask(device, { name: 'findCard' });
    expect(statusOf(ask(device, { name: 'authenticate', block: 4, keyType: 'A', key: KEY_A }))).toBe(0);
    expect(statusOf(ask(device, { name: 'readBlock', block: 4 }))).toBe(0);
  });

  it('refuses a read of a sector other than the authenticated one', () => {
    const device = new SimulatedEncoder();
    device.placeBlankCard();
    ask(device, { name: 'findCard' });
    ask(device, { name: 'authenticate', block: 4, keyType: 'A', key: DEFAULT_KEY });
    expect(statusOf(ask(device, { name: 'readBlock', block: 8 }))).toBe(SIMULATED_STATUS.notAuthenticated);
  });

  it('enforces access bits on writes: 787788 lets key B write data blocks and not key A', () => {
    const device = placed(cardWithSector1('78778869'));
    ask(device, { name: 'findCard' });
    ask(device, { name: 'authenticate', block: 5, keyType: 'A', key: KEY_A });
    const data = '00112233445566778899AABBCCDDEEFF';
    expect(statusOf(ask(device, { name: 'writeBlock', block: 5, data }))).toBe(SIMULATED_STATUS.accessDenied);
    ask(device, { name: 'findCard' });
    ask(device, { name: 'authenticate', block: 5, keyType: 'B', key: KEY_B });
    expect(statusOf(ask(device, { name: 'writeBlock', block: 5, data }))).toBe(0);
    const read = ask(device, { name: 'readBlock', block: 5 });
    expect(read).toMatchObject({ dataHigh8: data.slice(0, 16), dataLow8: data.slice(16) });
  });

  it('enforces access bits on reads: read-only-with-B data (condition 011 family) refuses key A', () => {
    // Data groups 011 (read B, write B), trailer 011.
    const access = encodeAccessBits([3, 3, 3, 3]);
    if (!access.ok) throw new Error(access.detail);
    const device = placed(cardWithSector1(`${bytesToHex(access.value)}69`));
    ask(device, { name: 'findCard' });
    ask(device, { name: 'authenticate', block: 4, keyType: 'A', key: KEY_A });
    expect(statusOf(ask(device, { name: 'readBlock', block: 4 }))).toBe(SIMULATED_STATUS.accessDenied);
    ask(device, { name: 'findCard' });
    ask(device, { name: 'authenticate', block: 4, keyType: 'B', key: KEY_B });
    expect(statusOf(ask(device, { name: 'readBlock', block: 4 }))).toBe(0);
  });

  it('reads a sector trailer back with key A masked (and key B masked when it is not readable)', () => {
    const device = placed(cardWithSector1('78778869'));
    ask(device, { name: 'findCard' });
    ask(device, { name: 'authenticate', block: 7, keyType: 'A', key: KEY_A });
    const read = ask(device, { name: 'readBlock', block: 7 });
    expect(read).toMatchObject({ status: 0, dataHigh8: '0000000000007877', dataLow8: '8869000000000000' });
    // Transport configuration: key B is readable with key A, so only key A is masked.
    const blank = new SimulatedEncoder();
    blank.placeBlankCard();
    ask(blank, { name: 'findCard' });
    ask(blank, { name: 'authenticate', block: 3, keyType: 'A', key: DEFAULT_KEY });
    expect(ask(blank, { name: 'readBlock', block: 3 })).toMatchObject({
      dataHigh8: '000000000000FF07',
      dataLow8: '8069FFFFFFFFFFFF',
    });
  });

  it('keeps block 0 read-only', () => {
    const device = new SimulatedEncoder();
    device.placeBlankCard({ uid: '11223344' });
    ask(device, { name: 'findCard' });
    ask(device, { name: 'authenticate', block: 0, keyType: 'A', key: DEFAULT_KEY });
    const write = ask(device, { name: 'writeBlock', block: 0, data: 'FF'.repeat(16) });
    expect(statusOf(write)).toBe(SIMULATED_STATUS.accessDenied);
    expect(ask(device, { name: 'readBlock', block: 0 })).toMatchObject({ dataHigh8: '1122334444080400' });
  });

  it('locks a sector for good when its trailer is written with invalid access bits', () => {
    const device = new SimulatedEncoder();
    device.placeBlankCard();
    ask(device, { name: 'findCard' });
    ask(device, { name: 'authenticate', block: 7, keyType: 'A', key: DEFAULT_KEY });
    // 797788: C1 and its inverted copy disagree (reference access_bits_invalid_examples).
    const write = ask(device, { name: 'writeBlock', block: 7, data: `${DEFAULT_KEY}79778869${DEFAULT_KEY}` });
    expect(statusOf(write)).toBe(0);
    ask(device, { name: 'findCard' });
    const auth = ask(device, { name: 'authenticate', block: 4, keyType: 'A', key: DEFAULT_KEY });
    expect(statusOf(auth)).toBe(SIMULATED_STATUS.sectorLocked);
    const scan = ask(device, {
      name: 'readSector',
      sector: 1,
      blockIndex: 0,
      keyType: 'A',
      key: DEFAULT_KEY,
    });
    expect(scan).toMatchObject({ layout: 'sectorStatus', status: SIMULATED_STATUS.sectorLocked });
    // Other sectors are untouched.
    expect(
      ask(device, { name: 'readSector', sector: 2, blockIndex: 0, keyType: 'A', key: DEFAULT_KEY }),
    ).toMatchObject({
      layout: 'sectorData',
    });
  });

  it('answers a sector read in one step: type 12 of length 0x15 on success, the short layout on failure', () => {
    const device = placed(cardWithSector1('78778869'));
    const ok = ask(device, { name: 'readSector', sector: 2, blockIndex: 0, keyType: 'A', key: DEFAULT_KEY });
    expect(ok).toMatchObject({ layout: 'sectorData', type: 12, length: 0x15, sector: 2 });
    const wrong = ask(device, {
      name: 'readSector',
      sector: 1,
      blockIndex: 0,
      keyType: 'A',
      key: DEFAULT_KEY,
    });
    expect(wrong).toMatchObject({ layout: 'sectorStatus', type: 12, status: SIMULATED_STATUS.authFailed });
  });

  it('moves cards through the dispenser: request places a blank card, eject hands it out', () => {
    const device = new SimulatedEncoder({ dispenserStack: 1 });
    expect(statusOf(ask(device, { name: 'requestCard' }))).toBe(0);
    expect(device.state().card).not.toBeNull();
    expect(statusOf(ask(device, { name: 'requestCard' }))).toBe(SIMULATED_STATUS.positionOccupied);
    expect(statusOf(ask(device, { name: 'ejectCard' }))).toBe(0);
    expect(device.state().card).toBeNull();
    expect(statusOf(ask(device, { name: 'requestCard' }))).toBe(SIMULATED_STATUS.dispenserEmpty);
    expect(statusOf(ask(device, { name: 'ejectCard' }))).toBe(SIMULATED_STATUS.noCard);
  });

  it('answers LED, beep and version commands', () => {
    const device = new SimulatedEncoder({ mac: 'A1B2C3D4E5F6' });
    expect(ask(device, { name: 'getVersion' })).toMatchObject({ layout: 'deviceInfo', mac: 'A1B2C3D4E5F6' });
    ask(device, { name: 'led', colour: 'green', durationMs: 0 });
    expect(device.state().led).toBe('green');
    ask(device, { name: 'beep', musicId: 2, count: 3 });
    expect(device.state().beeps).toBe(3);
  });

  it('ignores frames it cannot read, as a real encoder does', () => {
    const device = new SimulatedEncoder();
    expect(device.handle(Uint8Array.of(0xa5, 0x04, 0x01, 0x00)).frame).toBeNull();
    expect(device.handle(Uint8Array.of(1, 2, 3)).frame).toBeNull();
  });
});

describe('simulated encoder: injected faults', () => {
  const frameOf = (name: 'findCard' | 'writeBlock') => {
    const frame = encodeCommand(name === 'findCard' ? { name } : { name, block: 4, data: '00'.repeat(16) });
    if (!frame.ok) throw new Error(frame.detail);
    return frame.value;
  };

  it('stays silent for no-answer, for as many commands as asked', () => {
    const device = new SimulatedEncoder();
    device.injectFault('no-answer', { count: 2 });
    expect(device.handle(frameOf('findCard')).frame).toBeNull();
    expect(device.handle(frameOf('findCard')).frame).toBeNull();
    expect(device.handle(frameOf('findCard')).frame).not.toBeNull();
  });

  it('spoils the checksum for bad-checksum', () => {
    const device = new SimulatedEncoder();
    device.injectFault('bad-checksum');
    const answer = device.handle(frameOf('findCard'));
    const decoded = decodeResponseFrame(answer.frame!);
    expect(decoded).toMatchObject({ ok: false, code: 'BAD_CHECKSUM' });
  });

  it('holds the answer back for late-answer', () => {
    const device = new SimulatedEncoder();
    device.injectFault('late-answer', { delayMs: 4_000 });
    expect(device.handle(frameOf('findCard'))).toMatchObject({ delayMs: 4_000 });
  });

  it('unplugs after carrying out the next write for unplug-mid-write, leaving other commands alone', () => {
    const device = new SimulatedEncoder();
    device.placeBlankCard();
    device.injectFault('unplug-mid-write');
    expect(device.handle(frameOf('findCard')).frame).not.toBeNull();
    expect(device.handle(frameOf('writeBlock'))).toMatchObject({ frame: null, unplugAfter: true });
    expect(device.state().faults).toEqual([]);
  });

  it('answers nothing while unplugged and again once replugged', () => {
    const device = new SimulatedEncoder();
    device.injectFault('unplugged');
    expect(device.isPlugged).toBe(false);
    expect(device.handle(frameOf('findCard')).frame).toBeNull();
    device.replug();
    expect(device.handle(frameOf('findCard')).frame).not.toBeNull();
  });
});

describe('simulated encoder: cards from the control interface', () => {
  it('loads a card from every dump format of the protocol package', () => {
    const original = cardWithSector1('78778869');
    original.blocks[4] = bytes('0102030405060708090A0B0C0D0E0F10');
    for (const format of ['mct', 'eml', 'json'] as const) {
      const dump = exportDump(original, format);
      if (!dump.ok) throw new Error(dump.detail);
      const built = cardOfRequest({ dump: dump.value, encoding: 'text', format });
      expect(built.ok, format).toBe(true);
      if (built.ok) expect(built.value.card.blocks).toEqual(original.blocks);
    }
    const bin = exportDump(original, 'bin');
    if (!bin.ok) throw new Error(bin.detail);
    const built = cardOfRequest({ dump: Buffer.from(bin.value).toString('base64') });
    expect(built.ok && built.value.card.blocks).toEqual(original.blocks);
  });

  it('refuses a malformed dump with DUMP_MALFORMED', () => {
    const built = cardOfRequest({ dump: 'not a dump at all', encoding: 'text' });
    expect(built).toMatchObject({ ok: false, code: 'DUMP_MALFORMED' });
  });

  it('prepares a guest card with the content in blocks 4 to 6 and 54', () => {
    const built = cardOfRequest({
      uid: '0A0B0C0D',
      guest: {
        hotelId: 7,
        cardNumber: 1234,
        type: 4,
        mac_id: 'A1B2C3D4E5F6',
        start_time: 1_700_000_000,
        end_time: 1_700_086_400,
      },
    });
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(built.value.card.blocks[4]?.[0]).toBe(0x4c);
    expect(built.value.card.blocks[54]?.[0]).toBe(0x4c);
  });
});

describe('simulated encoder: the fingerprint sensor', () => {
  it('enrols a finger in two presses and hands the template out in 32-byte chunks', () => {
    const device = new SimulatedEncoder();
    expect(device.state().finger).toEqual({ step: 'idle', quality: null });
    // Nothing to poll or read before an enrolment starts.
    expect(statusOf(ask(device, { name: 'fingerPoll' }))).toBe(SIMULATED_STATUS.noEnrolment);
    expect(statusOf(ask(device, { name: 'fingerTemplate', chunk: 0 }))).toBe(SIMULATED_STATUS.noEnrolment);
    expect(device.pressFinger()).toMatchObject({ ok: false, code: 'FINGER_ENROLL_FAILED' });

    expect(ask(device, { name: 'fingerEnroll' })).toMatchObject({ layout: 'ack', command: 0x30, status: 0 });
    expect(ask(device, { name: 'fingerPoll' })).toMatchObject({ step: 'press', status: 0, templateBytes: 0 });
    expect(statusOf(ask(device, { name: 'fingerTemplate', chunk: 0 }))).toBe(SIMULATED_STATUS.notCaptured);
    expect(device.pressFinger()).toEqual({ ok: true, value: 'pressAgain' });
    expect(ask(device, { name: 'fingerPoll' })).toMatchObject({ step: 'pressAgain', quality: 0 });
    expect(device.pressFinger({ quality: 91 })).toEqual({ ok: true, value: 'captured' });
    expect(device.state().finger).toEqual({ step: 'captured', quality: 91 });
    // A third press has nothing left to advance.
    expect(device.pressFinger()).toMatchObject({ ok: false });
    const polled = ask(device, { name: 'fingerPoll' });
    expect(polled).toMatchObject({ step: 'captured', quality: 91, templateBytes: 256 });

    let template = '';
    for (let chunk = 0; chunk < 8; chunk++) {
      const answer = ask(device, { name: 'fingerTemplate', chunk });
      expect(answer).toMatchObject({ layout: 'fingerTemplate', status: 0, chunk });
      if (answer.layout === 'fingerTemplate') template += answer.data;
    }
    expect(template).toMatch(/^[0-9A-F]{512}$/);
    expect(statusOf(ask(device, { name: 'fingerTemplate', chunk: 8 }))).toBe(
      SIMULATED_STATUS.blockOutOfRange,
    );
    // The same template however often it is read; cancel forgets it.
    const again = ask(device, { name: 'fingerTemplate', chunk: 0 });
    expect(again.layout === 'fingerTemplate' && again.data).toBe(template.slice(0, 64));
    expect(ask(device, { name: 'fingerCancel' })).toMatchObject({ layout: 'ack', status: 0 });
    expect(device.state().finger.step).toBe('idle');
  });

  it('starts afresh on a new enrolment and makes a new template each time', () => {
    const device = new SimulatedEncoder();
    const enrol = () => {
      ask(device, { name: 'fingerEnroll' });
      device.pressFinger();
      device.pressFinger();
      const chunk = ask(device, { name: 'fingerTemplate', chunk: 0 });
      return chunk.layout === 'fingerTemplate' ? chunk.data : '';
    };
    const first = enrol();
    ask(device, { name: 'fingerEnroll' });
    expect(device.state().finger).toEqual({ step: 'press', quality: null });
    device.pressFinger();
    device.pressFinger();
    expect(device.state().finger.quality).toBeGreaterThanOrEqual(60);
    expect(device.state().finger.quality).toBeLessThan(100);
    expect(enrol()).not.toBe(first);
  });
});
