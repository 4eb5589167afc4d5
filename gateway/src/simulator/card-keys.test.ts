import {
  bytesToHex,
  CARD_TYPE,
  deriveCardMacKey,
  deriveCardSectorKeys,
  encodeGuestCard,
  planCardVerify,
  planCardWrite,
  sectorTrailer,
  signCardBlocks,
  TRANSPORT_KEY,
  verifyCardBlocks,
} from '@lockdesk/protocol';
import { describe, expect, it } from 'vitest';
import { simulatedRig } from '../../test/helpers.js';
import { callReader } from '../reader/functions.js';
import { SIMULATED_STATUS } from './encoder.js';

// Card encryption (issue 9 §4) on the simulated encoder: a trailer written through the encoder service changes the
// sector's key on the virtual card, exactly as on a MIFARE Classic card (protocol mifare.writeBlock).

const SECRET = '000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F';
const UID = '04A1B2C3';
const NEW_KEY = 'A1B2C3D4E5F6';

type Rig = Awaited<ReturnType<typeof simulatedRig>>;

function call(rig: Rig, func: string, parameters: Record<string, unknown>) {
  return callReader({ func, cbdata: null, parameters }, rig.context());
}

describe('simulated encoder: key changes by trailer writes', () => {
  it('a trailer written through the encoder service changes the key: the new key reads, the old one fails', async () => {
    const { device, service } = await simulatedRig();
    device.placeBlankCard({ uid: UID });
    const written = await service.withDevice(async (session) => {
      await session.run({ name: 'findCard' });
      const auth = await session.run({ name: 'authenticate', block: 7, keyType: 'A', key: TRANSPORT_KEY });
      expect(auth).toMatchObject({ ok: true, value: { status: 0 } });
      return session.run({ name: 'writeBlock', block: 7, data: sectorTrailer(NEW_KEY) });
    });
    expect(written).toMatchObject({ ok: true, value: { layout: 'writeResult', status: 0 } });

    const readWith = (key: string) =>
      service.withDevice(async (session) => {
        await session.run({ name: 'findCard' });
        const auth = await session.run({ name: 'authenticate', block: 4, keyType: 'A', key });
        if (!auth.ok || !('status' in auth.value) || auth.value.status !== 0) return auth;
        return session.run({ name: 'readBlock', block: 4 });
      });
    expect(await readWith(NEW_KEY)).toMatchObject({
      ok: true,
      value: { layout: 'blockData', status: 0, dataHigh8: '0'.repeat(16) },
    });
    expect(await readWith(TRANSPORT_KEY)).toMatchObject({
      ok: true,
      value: { status: SIMULATED_STATUS.authFailed },
    });
    // The trailer reads back with key A hidden, the transport access bits and the (readable) key B.
    const trailer = await service.withDevice(async (session) => {
      await session.run({ name: 'findCard' });
      await session.run({ name: 'authenticate', block: 7, keyType: 'A', key: NEW_KEY });
      return session.run({ name: 'readBlock', block: 7 });
    });
    expect(trailer).toMatchObject({
      ok: true,
      value: { status: 0, dataHigh8: '000000000000FF07', dataLow8: `8069${NEW_KEY}` },
    });
  });

  it('runs a signed, encrypted guest card write plan through the reader functions and proves it', async () => {
    const rig = await simulatedRig();
    rig.device.placeBlankCard({ uid: UID });
    const encoded = encodeGuestCard({
      hotelId: 42,
      cardNumber: 90017,
      type: CARD_TYPE.normal,
      mac_id: 'A1B2C3D4E5F6',
      start_time: 1_700_000_000,
      end_time: 1_700_086_400,
    });
    if (!encoded.ok) throw new Error(encoded.detail);
    const macKeyHex = deriveCardMacKey(SECRET);
    const signed = signCardBlocks({ macKeyHex, uidHex: UID, blocks: encoded.value.blocks });
    if (!signed.ok) throw new Error(signed.detail);
    const keys = deriveCardSectorKeys(SECRET, UID, [1, 13]);
    if (!keys.ok) throw new Error(keys.detail);
    const input = {
      blocks: Object.fromEntries(Object.entries(signed.value).map(([b, bytes]) => [b, bytesToHex(bytes)])),
      newKeys: keys.value,
    };
    const writes = planCardWrite(input);
    const verify = planCardVerify(input);
    if (!writes.ok || !verify.ok) throw new Error('no plan');

    for (const step of writes.value) {
      const reply = await call(rig, 'writeBlock', { block: step.block, key: step.key, data: step.data });
      expect(reply, `write block ${step.block}`).toMatchObject({ code: 1, retval: 0 });
    }
    const read: Record<number, string> = {};
    for (const step of verify.value) {
      const reply = await call(rig, 'readBlock', { block: step.block, key: step.key });
      expect(reply, `read block ${step.block}`).toMatchObject({ code: 1, retval: 0 });
      read[step.block] = (reply.data as { data: string }).data;
      expect(read[step.block]).toBe(step.data);
    }
    expect(verifyCardBlocks({ macKeyHex, uidHex: UID, blocks: read })).toEqual({
      ok: true,
      value: { ok: true },
    });

    // The transport key no longer opens the encrypted sectors; an unencrypted sector still reads with it.
    for (const block of [4, 53]) {
      const old = await call(rig, 'readBlock', { block, key: TRANSPORT_KEY });
      expect(old).toMatchObject({ error: 'AUTH_FAILED', retval: SIMULATED_STATUS.authFailed });
    }
    expect(await call(rig, 'readBlock', { block: 8, key: TRANSPORT_KEY })).toMatchObject({
      code: 1,
      retval: 0,
    });
  });
});
