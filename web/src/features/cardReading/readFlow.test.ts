import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BLANK_CARD, emptiedCardBlocks, fakeWorld, guestCardBlocks } from './fakes.ts';
import { createReadFlow, MANDATED_READ_WAIT_MS, type ReadOutcome, type ReadStep } from './readFlow.ts';

const START = 1_764_000_000;
const END = START + 86_400;
const GUEST = guestCardBlocks({
  hotelId: 1,
  cardNumber: 1234,
  type: 4,
  mac_id: 'A0B0C0010106',
  start_time: START,
  end_time: END,
});
const RECORD = {
  manage_id: 41,
  room_id: 17,
  room_name: '1106',
  mac_id: 'A0B0C0010106',
  start_time: START,
  end_time: END,
  other_information: 'Late arrival',
  card_status: 'issued',
};

/** Runs a read to its end under fake timers. */
async function finish(promise: Promise<ReadOutcome>): Promise<ReadOutcome> {
  await vi.runAllTimersAsync();
  return promise;
}

describe('the card read flow', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads a guest card to its guest details page, with the steps in order and only the spec waits', async () => {
    const world = fakeWorld({ card: GUEST });
    world.answers['passenger/getCardFunction'] = { type: 0, mobile: '' };
    world.answers['passenger/getRoomInfo'] = {
      list: [{ ...RECORD, manage_id: 40, start_time: START - 86_400, end_time: START }, RECORD],
    };
    const named: number[] = [];
    world.ports.stayRecords = (records) => named.push(...records.map((r) => r.manage_id));
    const steps: ReadStep[] = [];
    const began = Date.now();
    const outcome = await finish(createReadFlow(world.ports).start((s) => steps.push(s)));
    expect(outcome).toEqual({
      kind: 'stay',
      url: '/room/thetouristsDetails?id=41&other_information=Late+arrival&room_id=17',
      replace: false,
    });
    expect(world.navigations).toEqual([{ to: outcome.kind === 'stay' ? outcome.url : '', replace: false }]);
    expect(named).toEqual([40, 41]);
    // Both need only the card number: they are asked together.
    expect(world.calls.map((c) => c.path).sort()).toEqual([
      'passenger/getCardFunction',
      'passenger/getRoomInfo',
    ]);
    for (const c of world.calls) expect(c.body).toEqual({ card_num: '1234' });
    expect([...new Set(steps)]).toEqual([
      'connect',
      'findCard',
      'readCheck',
      'cardNumber',
      'cardFunction',
      'content',
      'roomInfo',
      'done',
    ]);
    // The fake encoder waits exactly the mandated 1800 ms and the content read 10 ms: the flow adds nothing.
    expect(Date.now() - began).toBe(MANDATED_READ_WAIT_MS + 10);
  });

  it('replaces the page when already on one of the two detail pages', async () => {
    const world = fakeWorld({ card: GUEST });
    world.setPath('/room/thetouristsDetailsNoUser?mac_id=A0B0C0010106');
    world.answers['passenger/getCardFunction'] = { type: 0, mobile: '' };
    world.answers['passenger/getRoomInfo'] = { list: [RECORD] };
    const outcome = await finish(createReadFlow(world.ports).start());
    expect(outcome.kind === 'stay' && outcome.replace).toBe(true);
    expect(world.navigations[0]?.replace).toBe(true);
  });

  it('stops at a function card with the administrator’s mobile, showing nothing more', async () => {
    const master = guestCardBlocks({ hotelId: 1, cardNumber: 77, type: 1, start_time: START, end_time: END });
    const world = fakeWorld({ card: master });
    world.answers['passenger/getCardFunction'] = { type: 1, mobile: '13800138000' };
    world.answers['passenger/getRoomInfo'] = { list: [RECORD] };
    const named: number[] = [];
    world.ports.stayRecords = (records) => named.push(...records.map((r) => r.manage_id));
    const outcome = await finish(createReadFlow(world.ports).start());
    expect(outcome).toEqual({ kind: 'functionCard', type: 1, mobile: '13800138000', cardId: '77' });
    // The stays were asked for alongside the function (read-only); a function card leaves them unused.
    expect(world.calls.map((c) => c.path).sort()).toEqual([
      'passenger/getCardFunction',
      'passenger/getRoomInfo',
    ]);
    expect(named).toEqual([]);
    expect(world.navigations).toEqual([]);
  });

  it('asks the card’s function and its stays at once, and reads only the content blocks the read lacks', async () => {
    const world = fakeWorld({ card: GUEST });
    const slow =
      <T>(value: T) =>
      () =>
        new Promise<T>((resolve) => setTimeout(() => resolve(value), 50));
    world.answers['passenger/getCardFunction'] = slow({ type: 0, mobile: '' });
    world.answers['passenger/getRoomInfo'] = slow({ list: [RECORD] });
    const known: (Record<number, string> | undefined)[] = [];
    const readBlocks = world.ports.readBlocks;
    world.ports.readBlocks = (uid, keys, signal, had) => {
      known.push(had);
      return readBlocks(uid, keys, signal, had);
    };
    const began = Date.now();
    const outcome = await finish(createReadFlow(world.ports).start());
    expect(outcome.kind).toBe('stay');
    // Two 50 ms answers side by side take 50 ms, not 100 ms (the content read's 10 ms runs meanwhile).
    expect(Date.now() - began).toBe(MANDATED_READ_WAIT_MS + 50);
    expect(known).toEqual([{ 54: GUEST[54] }]);
  });

  it('says a factory-blank card has no guest data and may be written, without a call', async () => {
    const world = fakeWorld({ card: BLANK_CARD });
    const outcome = await finish(createReadFlow(world.ports).start());
    expect(outcome).toEqual({ kind: 'empty', code: 'NO_GUEST_DATA_ON_CARD', writable: true, cardId: '' });
    expect(world.calls).toEqual([]);
  });

  it('says an emptied card of the hotel has no guest in room', async () => {
    const world = fakeWorld({ card: emptiedCardBlocks(1, 99) });
    world.answers['passenger/getCardFunction'] = { type: 0, mobile: '' };
    const outcome = await finish(createReadFlow(world.ports).start());
    expect(outcome).toEqual({ kind: 'empty', code: 'NO_GUEST_IN_ROOM', writable: true, cardId: '99' });
  });

  it('with no matching record but a lock on the card, opens the lock’s page with the card data', async () => {
    const world = fakeWorld({ card: GUEST, uid: '11223344' });
    world.answers['passenger/getCardFunction'] = { type: 0, mobile: '' };
    world.answers['passenger/getRoomInfo'] = { list: [{ ...RECORD, end_time: END + 3600 }] };
    world.answers['room/lockInfo'] = { id: 17, room_id: 17, name: '1106' };
    const outcome = await finish(createReadFlow(world.ports).start());
    expect(world.calls.at(-1)).toEqual({ path: 'room/lockInfo', body: { mac_id: 'A0B0C0010106' } });
    expect(outcome.kind).toBe('lock');
    const url = new URL(outcome.kind === 'lock' ? outcome.url : '', 'http://x');
    expect(url.pathname).toBe('/room/thetouristsDetailsNoUser');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      mac_id: 'A0B0C0010106',
      card_id: '1234',
      uid: '11223344',
      type: '4',
      start_time: String(START),
      end_time: String(END),
      room_id: '17',
    });
  });

  it('with neither a record nor a lock, says the card has no guest data', async () => {
    const building = guestCardBlocks({
      hotelId: 1,
      cardNumber: 5,
      type: 2,
      building: 1,
      start_time: START,
      end_time: END,
    });
    const world = fakeWorld({ card: building });
    world.answers['passenger/getCardFunction'] = { type: 0, mobile: '' };
    world.answers['passenger/getRoomInfo'] = { list: [] };
    const outcome = await finish(createReadFlow(world.ports).start());
    expect(outcome).toEqual({ kind: 'noGuestData', cardId: '5' });
  });

  it('reads an encrypted card with the keys the server gives for its UID', async () => {
    const world = fakeWorld({ card: GUEST, lockedWithKey: 'A1B2C3D4E5F6' });
    world.answers['passenger/getCardFunction'] = { type: 0, mobile: '' };
    world.answers['room/getCheckData'] = {
      keys: { 1: 'A1B2C3D4E5F6', 13: 'A1B2C3D4E5F6' },
      encrypted_sectors: [1, 13],
    };
    world.answers['passenger/getRoomInfo'] = { list: [RECORD] };
    const outcome = await finish(createReadFlow(world.ports).start());
    expect(outcome.kind).toBe('stay');
    expect(world.calls.find((c) => c.path === 'room/getCheckData')?.body).toEqual({ card_uid: '0A1B2C3D' });
  });

  it('is cancelled by the cancel control, and a newer read cancels the older quietly', async () => {
    const world = fakeWorld({ card: GUEST });
    world.answers['passenger/getCardFunction'] = { type: 0, mobile: '' };
    world.answers['passenger/getRoomInfo'] = { list: [RECORD] };
    const flow = createReadFlow(world.ports);
    const first = flow.start();
    await vi.advanceTimersByTimeAsync(700);
    expect(flow.running()).toBe(true);
    const second = flow.start();
    expect(await first).toEqual({ kind: 'cancelled', superseded: true });
    await vi.advanceTimersByTimeAsync(300);
    flow.cancel();
    expect(await second).toEqual({ kind: 'cancelled', superseded: false });
    expect(flow.running()).toBe(false);
    expect(world.navigations).toEqual([]);
  });

  it('reports a reader failure by its catalogue code', async () => {
    const world = fakeWorld({
      card: GUEST,
      readError: { code: 'MAX_RETRIES_REACHED', params: { maxRetries: 24 } },
    });
    const outcome = await finish(createReadFlow(world.ports).start());
    expect(outcome).toEqual({ kind: 'failed', code: 'MAX_RETRIES_REACHED', params: { maxRetries: 24 } });
  });

  it('refuses a card of another system by its check block', async () => {
    const world = fakeWorld({ card: { ...BLANK_CARD, 54: '11223344556677889900AABBCCDDEEFF' } });
    const outcome = await finish(createReadFlow(world.ports).start());
    expect(outcome).toEqual({ kind: 'failed', code: 'EXTERNAL_CARD' });
  });

  it('leaves a refused call to the request layer, which has said why', async () => {
    const world = fakeWorld({ card: GUEST });
    const outcome = await finish(createReadFlow(world.ports).start());
    expect(outcome).toEqual({ kind: 'refused' });
  });
});
