// Issue 10's loop from the documented command lines alone, on the demo: the real server and the real gateway with
// its simulated encoder and its virtual locks (installed from the installer's sheet the demo server wrote), on
// PGlite and — when TEST_DATABASE_URL is set, as scripts/test.sh sets it — on PostgreSQL. A guest card is issued
// as the console issues it (the server's write plan written on the simulated encoder by the console's card
// service); then everything at the door goes through `lockdesk-gateway sim tap-lock` and `sim lock-sync` (one line
// of JSON each), and the server's records and deliveries are read with the test's own /manage calls.
// The exactly-once guarantee: a lock is offline, so nothing reaches the server before a Bluetooth unlock; a sync
// repeated, a sync whose upload answer is lost, a sync stopped before its finish and two syncs at once leave each
// record exactly once. Build first: `pnpm -r build`.
import type { CardService, CardWritePlan } from '@lockdesk/web/card-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CardDesk, gatewayCardService, hotelTime, startCardDesk } from './cards-harness.js';
import {
  type DoorRoom,
  deliveriesOf,
  gatewayCli,
  installedLocks,
  lockOf,
  lockSyncCli,
  locks,
  type OwnDatabase,
  ownPostgresDatabase,
  roomNamed,
  roomRecords,
  tapLockCli,
  type UnlockRecordRow,
} from './door-harness.js';

const DATABASES = process.env['TEST_DATABASE_URL']
  ? (['PGlite', 'PostgreSQL'] as const)
  : (['PGlite'] as const);

/** The records of a room by type and result, e.g. { 'card open guestCard': 1 }. */
function tally(records: UnlockRecordRow[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of records) {
    const key = `${r.type} ${r.opened ? 'open' : 'deny'} ${r.reason}`;
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

/** The mac as an installer may type it: lower case with colons (the command line accepts any case and colons). */
const typedMac = (mac: string) => mac.toLowerCase().match(/../g)!.join(':');

describe.each(DATABASES)('the door from the command line on %s', (database) => {
  let desk: CardDesk | undefined;
  let own: OwnDatabase | null = null;
  let service: CardService | undefined;
  const d = () => {
    if (!desk) throw new Error('the desk is not started');
    return desk;
  };

  beforeAll(async () => {
    if (database === 'PostgreSQL') {
      own = await ownPostgresDatabase('lockdesk_door_cli');
      if (!own) throw new Error('TEST_DATABASE_URL is not set');
    }
    desk = await startCardDesk({
      broker: 'none',
      virtualLocks: true,
      ...(own ? { serverEnv: { DATABASE_URL: own.url } } : {}),
    });
    service = gatewayCardService();
  }, 180_000);

  afterAll(async () => {
    service?.dispose();
    await desk?.stop();
    await own?.drop();
  });

  // Room A (the guest's) and its neighbour B on the same floor.
  let roomA: DoorRoom;
  let roomB: DoorRoom;
  let stayId = 0;
  let cardNumber = '';

  it('sim tap-lock: the guest card opens its room’s lock and the neighbour’s refuses it (wrongRoom); nothing reaches the server yet', async () => {
    roomA = await roomNamed(d(), '1501');
    roomB = await roomNamed(d(), '1502');
    const stay = await d().call<{ stay_id: number }>('room/tenant/update/checkIn', {
      room_id: roomA.id,
      mobile: '13912345150',
      nickname: 'Door CLI Guest',
      start_time: hotelTime(Date.now() - 60_000),
      end_time: hotelTime(Date.now() + 2 * 86_400_000),
      kind: 'card',
    });
    stayId = stay.stay_id;
    await d().gateway.sim.placeBlank('DC150001');
    const card = await service!.writeCard({
      allocate: (uid) => d().call<CardWritePlan>('room/sendCard', { stay_id: stayId, card_uid: uid }),
      confirm: (plan, blocks, uid) =>
        d().call<{ card_id: string; uid: string }>('room/addCardStepTwoNew', {
          id: plan.id,
          card_uid: uid,
          blocks,
        }),
    });
    cardNumber = card.card_id;

    // The gateway installed both locks from the installer's sheet; each asked the server who it is.
    const [lockA, lockB] = await installedLocks([roomA.mac_id, roomB.mac_id]);
    expect([lockA?.room_id, lockA?.room_name, lockB?.room_id, lockB?.room_name]).toEqual([
      roomA.id,
      roomA.name,
      roomB.id,
      roomB.name,
    ]);

    expect(await tapLockCli(typedMac(roomA.mac_id))).toMatchObject({ decision: 'open', reason: 'guestCard' });
    expect(await tapLockCli(roomB.mac_id)).toMatchObject({ decision: 'deny', reason: 'wrongRoom' });
    expect(await tapLockCli(roomA.mac_id, { password: '000000' })).toMatchObject({
      decision: 'deny',
      reason: 'passwordUnknown',
    });
    // An error is one clear line on stderr and exit 1: a lock that is not installed.
    const unknown = await gatewayCli(['sim', 'tap-lock', '--mac', 'FFFFFFFFFFF0']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).not.toBe('');

    // The locks are offline: their records wait in their buffers until a Bluetooth unlock.
    expect((await lockOf(roomA.mac_id))?.buffered).toBe(2);
    expect((await lockOf(roomB.mac_id))?.buffered).toBe(1);
    expect(await roomRecords(d(), roomA.id)).toEqual([]);
    expect(await roomRecords(d(), roomB.id)).toEqual([]);
    const deliveries = await deliveriesOf(d(), roomA.id);
    expect([deliveries.installed, deliveries.last_sync_at]).toEqual([true, 0]);
  });

  it('sim lock-sync: the buffered records reach room/openHistory once, and a second sync adds only the first one’s Bluetooth record', async () => {
    const first = await lockSyncCli(roomA.mac_id, 'Night porter');
    expect(first).toMatchObject({ uploaded: 2, duplicates: 0 });
    expect(typeof first.sync_id).toBe('string');
    let records = await roomRecords(d(), roomA.id);
    expect(tally(records)).toEqual({ 'card open guestCard': 1, 'password deny passwordUnknown': 1 });
    const opened = records.find((r) => r.type === 'card');
    expect(opened).toMatchObject({
      room_id: roomA.id,
      stay_id: stayId,
      credential: cardNumber,
      mac_id: roomA.mac_id,
    });
    expect(opened?.content).not.toBe('');

    // The sync's own Bluetooth record waits at the lock for the next sync.
    expect((await lockOf(roomA.mac_id))?.buffered).toBe(1);
    const second = await lockSyncCli(roomA.mac_id);
    expect(second).toMatchObject({ uploaded: 1, duplicates: 0 });
    expect(second.sync_id).not.toBe(first.sync_id);
    records = await roomRecords(d(), roomA.id);
    expect(tally(records)).toEqual({
      'card open guestCard': 1,
      'password deny passwordUnknown': 1,
      'bluetooth open bluetooth': 1,
    });
    expect(records.find((r) => r.type === 'bluetooth')?.operator).toBe('Night porter');

    const deliveries = await deliveriesOf(d(), roomA.id);
    expect(deliveries.last_sync_at).toBeGreaterThan(0);
    expect(deliveries.syncs.filter((s) => s.finished_at > 0)).toHaveLength(2);
    expect(deliveries.syncs.reduce((n, s) => n + s.records_stored, 0)).toBe(3);

    // B's refusal reaches the server only with B's own Bluetooth unlock, in B's records.
    expect(await roomRecords(d(), roomB.id)).toEqual([]);
    expect(await lockSyncCli(roomB.mac_id)).toMatchObject({ uploaded: 1, duplicates: 0 });
    const atB = await roomRecords(d(), roomB.id);
    expect(tally(atB)).toEqual({ 'card deny wrongRoom': 1 });
    expect(atB[0]?.credential).toBe(cardNumber);
  });

  it('a sync whose upload answer is lost, then repeated, stores each record once', async () => {
    const before = tally(await roomRecords(d(), roomA.id));
    for (let i = 0; i < 3; i++) expect((await locks.tap(roomA.mac_id)).decision).toBe('open');
    const buffered = (await lockOf(roomA.mac_id))?.buffered ?? 0;
    expect(buffered).toBe(4); // three taps and the last sync's Bluetooth record

    // The server stores the upload but the lock never hears back: it keeps its buffer.
    expect((await locks.fault(roomA.mac_id, 'drop-upload-reply')).ok).toBe(true);
    await gatewayCli(['sim', 'lock-sync', '--mac', roomA.mac_id]);
    expect((await lockOf(roomA.mac_id))?.buffered).toBeGreaterThanOrEqual(buffered);
    const stored = tally(await roomRecords(d(), roomA.id));
    expect(stored['card open guestCard']).toBe((before['card open guestCard'] ?? 0) + 3);

    // The lock uploads them again: the server knows every one.
    const again = await lockSyncCli(roomA.mac_id);
    expect(again.duplicates).toBe(buffered);
    const after = tally(await roomRecords(d(), roomA.id));
    expect(after['card open guestCard']).toBe((before['card open guestCard'] ?? 0) + 3);
    expect(after['password deny passwordUnknown']).toBe(1);
  });

  it('a sync stopped before its finish, then repeated, stores each record once and is confirmed by the next', async () => {
    const before = tally(await roomRecords(d(), roomA.id));
    for (let i = 0; i < 2; i++) expect((await locks.tap(roomA.mac_id)).decision).toBe('open');
    expect((await locks.fault(roomA.mac_id, 'stop-before-finish')).ok).toBe(true);
    await gatewayCli(['sim', 'lock-sync', '--mac', roomA.mac_id]);
    const half = await deliveriesOf(d(), roomA.id);
    expect(half.syncs[0]?.finished_at).toBe(0);

    await lockSyncCli(roomA.mac_id);
    const done = await deliveriesOf(d(), roomA.id);
    expect(done.syncs[0]?.finished_at).toBeGreaterThan(0);
    const after = tally(await roomRecords(d(), roomA.id));
    expect(after['card open guestCard']).toBe((before['card open guestCard'] ?? 0) + 2);
  });

  it('two Bluetooth unlocks of one lock at once store each record once', async () => {
    const before = tally(await roomRecords(d(), roomA.id));
    for (let i = 0; i < 2; i++) expect((await locks.tap(roomA.mac_id)).decision).toBe('open');
    // Both may not succeed (a lock syncs one phone at a time), but neither may count a record twice.
    await Promise.all([
      gatewayCli(['sim', 'lock-sync', '--mac', roomA.mac_id]),
      gatewayCli(['sim', 'lock-sync', '--mac', roomA.mac_id]),
    ]);
    await lockSyncCli(roomA.mac_id);
    const after = tally(await roomRecords(d(), roomA.id));
    expect(after['card open guestCard']).toBe((before['card open guestCard'] ?? 0) + 2);
    // Every Bluetooth unlock is one record: as many as the finished syncs, less the newest one's still buffered.
    const syncs = (await deliveriesOf(d(), roomA.id)).syncs.filter((s) => s.finished_at > 0).length;
    expect((await lockOf(roomA.mac_id))?.buffered).toBe(1);
    expect(syncs).toBeLessThan(10); // lock/inLockList lists the last 10
    expect(after['bluetooth open bluetooth']).toBe(syncs - 1);
  });

  it('a deleted card still opens until the lock’s Bluetooth unlock, then is refused (deleted); its delivery goes from waiting to confirmed', async () => {
    const cards = await d().call<{ list: { id: number; card_id: string; status: string }[] }>(
      'room/cardList',
      {
        stay_id: stayId,
        limit: 50,
      },
    );
    const card = cards.list.find((c) => c.card_id === cardNumber);
    if (!card) throw new Error(`room/cardList does not list card ${cardNumber}`);
    expect(await d().call('room/delcard', { id: card.id })).toMatchObject({
      status: 'deleted',
      lock_sync: 'pending',
    });
    type CardDelivery = { list: { room_id: number; action: string; state: string; confirmed_at: number }[] };
    const waiting = await d().call<CardDelivery>('lock/cardDelivery', { card_id: card.id });
    expect(waiting.list.map((r) => [r.room_id, r.action, r.state])).toEqual([
      [roomA.id, 'delete', 'waiting'],
    ]);
    expect((await deliveriesOf(d(), roomA.id)).list.filter((x) => x.kind === 'card_delete')).toMatchObject([
      { action: 'add', state: 'waiting' },
    ]);

    // Offline, like a real lock: until its Bluetooth unlock the deleted card still opens.
    expect(await tapLockCli(roomA.mac_id)).toMatchObject({ decision: 'open', reason: 'guestCard' });
    const synced = await lockSyncCli(roomA.mac_id, 'Night porter');
    expect(synced.learned.deleted_cards).toContain(Number(cardNumber));
    const confirmed = await d().call<CardDelivery>('lock/cardDelivery', { card_id: card.id });
    expect(confirmed.list.map((r) => [r.room_id, r.action, r.state])).toEqual([
      [roomA.id, 'delete', 'confirmed'],
    ]);
    expect(confirmed.list[0]?.confirmed_at).toBeGreaterThan(0);
    expect(await tapLockCli(roomA.mac_id)).toMatchObject({ decision: 'deny', reason: 'deleted' });
    expect((await deliveriesOf(d(), roomA.id)).waiting).toBe(0);
  });
});
