import {
  CARD_READ,
  type CardCheck,
  cardCalls,
  cardEncryptionCalls,
  decodeCardCheckBlock,
  decodeGuestCard,
  type ErrorCode,
  type GuestCard,
  isEmptyCardTime,
  roomCalls,
} from '@lockdesk/protocol';

/**
 * The Card Reading button's read flow (spec §4 'Card reading', 'Card read flow'), free of React so that it is
 * tested with a fake reader, a fake server and fake timers. The button only starts it, shows its steps and offers
 * the cancel; the device work (LED, 200 ms polling, block 54 with the retry schedule, beep) is the card service's
 * `readCard`, the same for every reader type.
 *
 *   1. read the card (the card service) → the card number from block 54 → 'card number read'
 *   2. `passenger/getCardFunction`: a function card (master, building, floor) → the administrator's mobile; stop
 *   3. the card's content (blocks 4–6; with the hotel's keys of this card when the default key is refused)
 *   4. the empty-card rule: no times and no lock → 'no guest in room' / 'no guest data on the card' (writable)
 *   5. `passenger/getRoomInfo`: the record whose start and end are the card's → the guest details page
 *   6. no such record but a lock on the card → `room/lockInfo` → the lock's page with the card data in the query
 */

/** Where the flow is, as the button shows it. */
export type ReadStep =
  | 'connect'
  | 'findCard'
  | 'readCheck'
  | 'cardNumber'
  | 'cardFunction'
  | 'content'
  | 'roomInfo'
  | 'lockInfo'
  | 'done';

/** The steps the card service's `readCard` reports, mapped onto the flow's. */
export function stepOfService(step: string): ReadStep {
  if (step === 'connect' || step === 'led') return 'connect';
  if (step === 'findCard' || step === 'waitCard' || step === 'poll') return 'findCard';
  return 'readCheck';
}

/** What the card service's `readCard` answers (contract C). */
export interface CardReadResult {
  uid: string;
  cardType: number;
  /** Block 54 (0x36), 32 hex. */
  block54: string;
  attempts: number;
}

/** An error of the card service (contract C `CardServiceError`) or anything else that was thrown. */
export interface ServiceFailure {
  code?: string;
  params?: Record<string, string | number>;
  cancelled?: boolean;
  name?: string;
  message?: string;
}

/** What the flow needs from the world; the button passes the real ones, tests pass fakes. */
export interface ReadFlowPorts {
  /** The card service's readCard on the selected reader. */
  readCard(options: { signal: AbortSignal; onStep: (step: string) => void }): Promise<CardReadResult>;
  /**
   * The card service's readCardBlocks: blocks 4, 5, 6, 53, 54 with the default key (null) or these sector keys;
   * `known` are blocks the card read just got from this card (not read again).
   */
  readBlocks(
    uid: string,
    keys: Record<number, string> | null,
    signal: AbortSignal,
    known?: Record<number, string>,
  ): Promise<Record<number, string>>;
  /** One management call (rejects with the request layer's error, already shown to the user). */
  call<T>(path: string, body: Record<string, unknown>): Promise<T>;
  /** The router's navigate. */
  navigate(to: string, options: { replace: boolean }): void;
  /** The path the console shows now (to replace rather than push between the two detail pages). */
  currentPath(): string;
  /** Told the card's stays as soon as the server names them, so their page can start loading (optional). */
  stayRecords?(records: readonly RoomInfoRecord[]): void;
}

/** `passenger/getCardFunction`. */
export interface CardFunctionAnswer {
  type: number;
  mobile: string;
}

/** One record of `passenger/getRoomInfo`. */
export interface RoomInfoRecord {
  manage_id: number;
  room_id: number;
  room_name: string;
  mac_id: string;
  start_time: number;
  end_time: number;
  other_information: string;
  card_status?: string;
}

/** How a read ended. */
export type ReadOutcome =
  | { kind: 'functionCard'; type: 1 | 2 | 3; mobile: string; cardId: string }
  | { kind: 'empty'; code: 'NO_GUEST_IN_ROOM' | 'NO_GUEST_DATA_ON_CARD'; writable: true; cardId: string }
  | { kind: 'stay'; url: string; replace: boolean }
  | { kind: 'lock'; url: string; replace: boolean }
  | { kind: 'noGuestData'; cardId: string }
  /** Stopped by the cancel control (`superseded` false) or by a newer read (true: nothing to say). */
  | { kind: 'cancelled'; superseded: boolean }
  | { kind: 'failed'; code: ErrorCode | null; params?: Record<string, string | number> }
  /** A call the server refused: the request layer has already said why. */
  | { kind: 'refused' };

export const STAY_DETAILS_PATH = '/room/thetouristsDetails';
export const LOCK_DETAILS_PATH = '/room/thetouristsDetailsNoUser';

/** Thrown inside the flow when a newer read (or the cancel control) stopped it. */
const SUPERSEDED = 'superseded';

class Stopped extends Error {
  constructor() {
    super('read card operation cancelled');
    this.name = 'Stopped';
  }
}

/** True for a mac of no lock: empty, all 0 or all F (spec §4 step 6). */
export function isNoLock(mac: string | undefined | null): boolean {
  const hex = (mac ?? '').replace(/[^0-9a-f]/gi, '');
  return hex === '' || /^0+$/.test(hex) || /^f+$/i.test(hex);
}

/** The record of this card: the one whose start and end are the card's (spec §4 step 7). */
export function matchRecord(records: readonly RoomInfoRecord[], card: GuestCard): RoomInfoRecord | undefined {
  return records.find(
    (r) => Number(r.start_time) === card.start_time && Number(r.end_time) === card.end_time,
  );
}

/** The guest details page of a record. */
export function stayDetailsUrl(record: RoomInfoRecord): string {
  const q = new URLSearchParams({
    id: String(record.manage_id),
    other_information: record.other_information ?? '',
    room_id: String(record.room_id),
  });
  return `${STAY_DETAILS_PATH}?${q.toString()}`;
}

/** The lock's page with the card's data (spec §4 step 8). */
export function lockDetailsUrl(card: GuestCard, uid: string, roomId: number | null): string {
  const q = new URLSearchParams({
    mac_id: card.mac_id,
    card_id: card.card_id,
    uid,
    type: String(card.type),
    start_time: String(card.start_time),
    end_time: String(card.end_time),
  });
  if (roomId !== null) q.set('room_id', String(roomId));
  return `${LOCK_DETAILS_PATH}?${q.toString()}`;
}

function onDetailsPage(path: string): boolean {
  const bare = path.split('?')[0] ?? '';
  return bare === STAY_DETAILS_PATH || bare === LOCK_DETAILS_PATH;
}

const CANCEL_CODES = new Set(['CARD_READ_CANCELLED', 'READ_CARD_CANCELLED', 'OPERATION_CANCELLED']);

function isCancelled(error: unknown, signal: AbortSignal): boolean {
  if (error instanceof Stopped || signal.aborted) return true;
  const e = error as ServiceFailure | undefined;
  return (
    Boolean(e?.cancelled) || e?.name === 'AbortError' || (e?.code !== undefined && CANCEL_CODES.has(e.code))
  );
}

/** The refusal of a management call (CallError from the request layer has an errno). */
function isCallRefusal(error: unknown): boolean {
  return typeof (error as { errno?: unknown })?.errno === 'number';
}

/** Reads the card's content: default key first, then the keys the server holds for this card (encrypted cards). */
export async function readContent(
  ports: Pick<ReadFlowPorts, 'readBlocks' | 'call'>,
  uid: string,
  signal: AbortSignal,
  known?: Record<number, string>,
): Promise<Record<number, string>> {
  try {
    return await ports.readBlocks(uid, null, signal, known);
  } catch (error) {
    if (isCancelled(error, signal)) throw error;
    const check = await ports.call<{ keys: Record<string, string> }>(cardEncryptionCalls.checkData.path, {
      card_uid: uid,
    });
    if (signal.aborted) throw new Stopped();
    const keys: Record<number, string> = {};
    for (const [sector, key] of Object.entries(check.keys ?? {})) keys[Number(sector)] = key;
    return ports.readBlocks(uid, keys, signal, known);
  }
}

/** A read in progress and how to stop it. */
export interface ReadFlow {
  /** Starts a read; one in progress is cancelled first (spec: a new read cancels one in progress). */
  start(onStep?: (step: ReadStep) => void): Promise<ReadOutcome>;
  /** Cancels the read in progress, if any. */
  cancel(): void;
  /** True while a read runs. */
  running(): boolean;
}

/** The read flow over its ports. */
export function createReadFlow(ports: ReadFlowPorts): ReadFlow {
  let current: AbortController | null = null;

  async function run(signal: AbortSignal, onStep: (step: ReadStep) => void): Promise<ReadOutcome> {
    const alive = () => {
      if (signal.aborted) throw new Stopped();
    };
    onStep('connect');
    const read = await ports.readCard({ signal, onStep: (s) => onStep(stepOfService(s)) });
    alive();
    const check = decodeCardCheckBlock(read.block54);
    if (!check.ok) return { kind: 'failed', code: check.code };
    const identity: CardCheck = check.value;
    const cardId = identity.isLockDesk ? identity.card_id : '';
    onStep('cardNumber');

    // The card's content is read while the server says what the card is for: the encoder and the server work
    // side by side, and a function card simply leaves the content unused.
    // Block 54 came with the read: it is not read again.
    const content = readContent(ports, read.uid, signal, { [CARD_READ.checkBlock]: read.block54 });
    content.catch(() => undefined);
    // The card's stays are asked for together with its function (both need only the card number): a function
    // card leaves them unused, any other card does not wait for one answer before asking the other.
    const roomInfo = cardId
      ? ports.call<{ list: RoomInfoRecord[] }>(cardCalls.cardStays.path, { card_num: cardId })
      : Promise.resolve({ list: [] as RoomInfoRecord[] });
    roomInfo.catch(() => undefined);
    if (cardId) {
      onStep('cardFunction');
      const fn = await ports.call<CardFunctionAnswer>(cardCalls.cardFunction.path, { card_num: cardId });
      alive();
      const type = Number(fn?.type);
      if (type === 1 || type === 2 || type === 3) {
        return { kind: 'functionCard', type, mobile: String(fn.mobile ?? ''), cardId };
      }
    }
    roomInfo.then(
      (info) => ports.stayRecords?.(info?.list ?? []),
      () => undefined,
    );

    onStep('content');
    const blocks = await content;
    alive();
    const decoded = decodeGuestCard(blocks);
    if (!decoded.ok) return { kind: 'failed', code: decoded.code };
    const card = decoded.value;
    const emptyTimes = isEmptyCardTime(card.start_time) && isEmptyCardTime(card.end_time);
    if (!card.isLockDesk || (emptyTimes && isNoLock(card.mac_id))) {
      // A card that never carried a guest, or one whose guest was taken off: either may be written.
      const code = card.isLockDesk && cardId ? 'NO_GUEST_IN_ROOM' : 'NO_GUEST_DATA_ON_CARD';
      return { kind: 'empty', code, writable: true, cardId };
    }

    const replace = onDetailsPage(ports.currentPath());
    let records: RoomInfoRecord[] = [];
    if (cardId) {
      onStep('roomInfo');
      const info = await roomInfo;
      alive();
      records = info?.list ?? [];
    }
    const record = matchRecord(records, card);
    if (record) {
      const url = stayDetailsUrl(record);
      onStep('done');
      ports.navigate(url, { replace });
      return { kind: 'stay', url, replace };
    }
    if (!isNoLock(card.mac_id)) {
      onStep('lockInfo');
      const room = await ports.call<{ id?: number; room_id?: number }>(roomCalls.lockInfo.path, {
        mac_id: card.mac_id,
      });
      alive();
      const url = lockDetailsUrl(card, read.uid, Number(room?.room_id ?? room?.id ?? 0) || null);
      onStep('done');
      ports.navigate(url, { replace });
      return { kind: 'lock', url, replace };
    }
    return { kind: 'noGuestData', cardId };
  }

  return {
    async start(onStep = () => {}) {
      current?.abort(SUPERSEDED);
      const controller = new AbortController();
      current = controller;
      try {
        return await run(controller.signal, onStep);
      } catch (error) {
        if (isCancelled(error, controller.signal))
          return { kind: 'cancelled', superseded: controller.signal.reason === SUPERSEDED };
        if (isCallRefusal(error)) return { kind: 'refused' };
        const e = error as ServiceFailure;
        return e?.code
          ? { kind: 'failed', code: e.code as ErrorCode, ...(e.params ? { params: e.params } : {}) }
          : { kind: 'failed', code: 'CARD_READ_FAILED' };
      } finally {
        if (current === controller) current = null;
      }
    },
    cancel() {
      current?.abort('cancelled');
      current = null;
    },
    running() {
      return current !== null;
    },
  };
}

/** The waits the spec mandates for one read, before the reader answers anything (for the bench's ratio). */
export const MANDATED_READ_WAIT_MS =
  CARD_READ.ledRedAfterMs + CARD_READ.readAfterReadyMs + CARD_READ.findThenReadMs;
