import { bytesToHex, encodeEmptyGuestCard, encodeGuestCard, type GuestCardContent } from '@lockdesk/protocol';
import type { CardReadResult, ReadFlowPorts } from './readFlow.ts';

/** Test fakes of the read flow's world: a card on a fake encoder, a fake server, a recorded router. */

export type CardBlocks = Record<number, string>;

const BLANK = '00000000000000000000000000000000';

/** The blocks 4, 5, 6, 53, 54 of a LockDesk card with this content. */
export function guestCardBlocks(content: GuestCardContent): CardBlocks {
  const encoded = encodeGuestCard(content);
  if (!encoded.ok) throw new Error(encoded.detail);
  const out: CardBlocks = { 53: BLANK };
  for (const [block, bytes] of Object.entries(encoded.value.blocks)) out[Number(block)] = bytesToHex(bytes);
  return out;
}

/** A card whose guest was taken off (the number kept). */
export function emptiedCardBlocks(hotelId: number, cardNumber: number): CardBlocks {
  const encoded = encodeEmptyGuestCard({ hotelId, cardNumber });
  if (!encoded.ok) throw new Error(encoded.detail);
  const out: CardBlocks = { 53: BLANK };
  for (const [block, bytes] of Object.entries(encoded.value.blocks)) out[Number(block)] = bytesToHex(bytes);
  return out;
}

/** A factory-blank card. */
export const BLANK_CARD: CardBlocks = { 4: BLANK, 5: BLANK, 6: BLANK, 53: BLANK, 54: BLANK };

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(Object.assign(new Error('cancelled'), { code: 'READ_CARD_CANCELLED', cancelled: true }));
      return;
    }
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(Object.assign(new Error('cancelled'), { code: 'READ_CARD_CANCELLED', cancelled: true }));
      },
      { once: true },
    );
  });
}

export interface FakeWorld {
  ports: ReadFlowPorts;
  calls: { path: string; body: Record<string, unknown> }[];
  navigations: { to: string; replace: boolean }[];
  setPath(path: string): void;
  /** Answers of the fake server by path (a function gets the body; a thrown error is a refusal). */
  answers: Record<string, unknown | ((body: Record<string, unknown>) => unknown)>;
}

/**
 * A fake world with `card` on the encoder: readCard waits the spec's 600 + 200 + 1000 ms (fake timers advance
 * them), then answers block 54. `lockedSectors` holds the card's keys of the sectors not readable with FFFFFFFFFFFF.
 */
export function fakeWorld(options: {
  uid?: string;
  card: CardBlocks;
  readError?: { code: string; params?: Record<string, string | number> };
  lockedWithKey?: string;
}): FakeWorld {
  const uid = options.uid ?? '0A1B2C3D';
  let path = '/room/roomList';
  const calls: FakeWorld['calls'] = [];
  const navigations: FakeWorld['navigations'] = [];
  const answers: FakeWorld['answers'] = {};
  const ports: ReadFlowPorts = {
    async readCard({ signal, onStep }): Promise<CardReadResult> {
      onStep('connect');
      await wait(600, signal);
      await wait(200, signal);
      onStep('findCard');
      await wait(1000, signal);
      if (options.readError) throw Object.assign(new Error(options.readError.code), options.readError);
      onStep('readBlock');
      return { uid, cardType: 8, block54: options.card[54] ?? BLANK, attempts: 1 };
    },
    async readBlocks(readUid, keys, signal) {
      await wait(10, signal);
      if (readUid !== uid) throw Object.assign(new Error('UID'), { code: 'CARD_NUMBER_MISMATCH' });
      if (options.lockedWithKey && keys?.[1] !== options.lockedWithKey)
        throw Object.assign(new Error('auth'), { code: 'AUTH_FAILED' });
      return { ...options.card };
    },
    async call<T>(callPath: string, body: Record<string, unknown>): Promise<T> {
      calls.push({ path: callPath, body });
      const answer = answers[callPath];
      if (answer === undefined) throw Object.assign(new Error(`no answer for ${callPath}`), { errno: 404 });
      return (typeof answer === 'function' ? answer(body) : answer) as T;
    },
    navigate(to, { replace }) {
      navigations.push({ to, replace });
      path = to;
    },
    currentPath: () => path,
  };
  return {
    ports,
    calls,
    navigations,
    answers,
    setPath(next) {
      path = next;
    },
  };
}
