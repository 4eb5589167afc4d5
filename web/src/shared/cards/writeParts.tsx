import { TRANSPORT_KEY } from '@lockdesk/protocol';
import { useCallback, useRef, useState } from 'react';
import { type KeyChange, sendCardDecodeSyntony, type WritePlan } from '../../api/cards.ts';
import { CardWriteSteps } from '../../cardService/CardWriteSteps.tsx';
import { useCardWrite } from '../../cardService/hooks.ts';
import {
  type BlocksRead,
  CardServiceError,
  type CardVerifyStep,
  type CardWritePlan,
  type CardWriteStep,
  type WriteProgress,
} from '../../cardService/index.ts';

/**
 * The card writes of this feature (a guest card, a card of /center/addCard, an encryption) through the card
 * service's useCardWrite and CardWriteSteps (contract C): the steps as they happen, a cancel, and on failure what
 * happened — nothing is confirmed to the server unless the card read back as written.
 */

export interface CardWriter<T> {
  start(): void;
  cancel(): void;
  /** Hides the last outcome (a new card). */
  reset(): void;
  running: boolean;
  /** The last write failed or was cancelled. */
  failed: boolean;
  error: CardServiceError | null;
  progress: WriteProgress | null;
  result: T | undefined;
}

/** Another card lies on the encoder than the one this operation is for. */
export function wrongCard(): CardServiceError {
  return new CardServiceError('WRONG_CARD');
}

/** What the card service can write: the steps, the read-backs that prove them, the card (uid) they are for. */
export interface WritablePlan {
  id: number;
  uid: string;
  writes: CardWriteStep[];
  verify: CardVerifyStep[];
}

/**
 * A card write: `allocate(uid)` asks the server for the plan of the card found (a card write plan by default, or
 * an encryption plan), `confirm(plan, blocks)` records it once verified, `onDone` gets what confirm answered. The
 * latest callbacks are used (they may close over form values). Leaving the page cancels a write in progress.
 */
export function useCardWriter<T, P extends WritablePlan = WritePlan>(options: {
  allocate: (uid: string) => Promise<P>;
  confirm: (plan: P, blocks: BlocksRead) => Promise<T>;
  onDone?: (result: T) => void;
}): CardWriter<T> {
  const latest = useRef(options);
  latest.current = options;
  const [hidden, setHidden] = useState(false);
  const write = useCardWrite<T>({
    allocate: async (uid) => (await latest.current.allocate(uid)) as unknown as CardWritePlan,
    confirm: (plan, blocks) => latest.current.confirm(plan as unknown as P, blocks),
  });
  const { start: begin, cancel } = write;
  const start = useCallback(() => {
    setHidden(false);
    void begin().then((value) => {
      if (value !== undefined) latest.current.onDone?.(value);
    });
  }, [begin]);
  const reset = useCallback(() => {
    cancel();
    setHidden(true);
  }, [cancel]);
  const shown = !hidden || write.running;
  return {
    start,
    cancel,
    reset,
    running: write.running,
    failed: shown && !!write.error,
    error: shown ? write.error : null,
    progress: shown ? write.progress : null,
    result: shown ? write.result : undefined,
  };
}

/** The write's steps as they happen, its Cancel, and what went wrong (the card service's CardWriteSteps). */
export function CardWriteProgress({ write }: { write: CardWriter<unknown> }) {
  if (!write.progress && !write.running && !write.error) return null;
  return (
    <div
      style={{ marginTop: 16 }}
      data-testid="card-write"
      data-state={write.running ? 'running' : write.error ? 'failed' : 'done'}
      data-code={write.error?.code ?? ''}
    >
      <CardWriteSteps
        progress={write.progress}
        running={write.running}
        error={write.error}
        onCancel={write.cancel}
      />
    </div>
  );
}

/** What a sector trailer reads as once written (a card hides key A): zeros, the access bits and GPB, key B. */
const trailerRead = (trailer: string) => `000000000000${trailer.slice(12).toUpperCase()}`;

/** The erase plan of a withdrawn card, for the card service's writeCard, and which sectors it gives back. */
export interface ErasePlan extends WritablePlan {
  /** The sectors whose trailer the erase rewrites with transport keys (the card was encrypted there). */
  restored: number[];
}

/**
 * The erase of `passenger/deleteCardByCardId` as a verified write: its steps, then every block read back with the
 * key its sector has afterwards — the data blocks must be empty as written, and the trailer of every sector the
 * erase gives back its transport key must read back with FFFFFFFFFFFF (what room/sendCardDecodeSyntony checks,
 * planCardVerify's trailer read).
 */
export function erasePlan(uid: string, steps: readonly CardWriteStep[]): ErasePlan {
  const newKeys = new Map<number, string>();
  for (const step of steps)
    if (step.block % 4 === 3) newKeys.set(Math.floor(step.block / 4), step.data.slice(0, 12).toUpperCase());
  const verify: CardVerifyStep[] = steps.map((step) => {
    const sector = Math.floor(step.block / 4);
    const key = newKeys.get(sector) ?? step.key.toUpperCase();
    return {
      block: step.block,
      key,
      data: step.block % 4 === 3 ? trailerRead(step.data) : step.data.toUpperCase(),
    };
  });
  const restored = [...newKeys]
    .filter(([, key]) => key === TRANSPORT_KEY)
    .map(([sector]) => sector)
    .sort((a, b) => a - b);
  return { id: 0, uid: uid.toUpperCase(), writes: [...steps], verify, restored };
}

/**
 * Erases a withdrawn card found on the encoder (the server's erase plan) with the steps shown and a cancel: the
 * card service writes it and reads it back, and when the erase gave encrypted sectors their transport keys back,
 * room/sendCardDecodeSyntony tells the server with those trailers, read with FFFFFFFFFFFF, so it no longer takes
 * the card for an encrypted one (its reads and a later card on it use the factory keys). Another card on the
 * encoder is refused before anything is written. `onDone` gets the server's answer (null: nothing to tell).
 */
export function useCardEraser(
  uid: string,
  steps: readonly CardWriteStep[],
  onDone: (changed: KeyChange | null) => void,
): CardWriter<KeyChange | null> {
  return useCardWriter<KeyChange | null, ErasePlan>({
    allocate: async (found) => {
      if (!uid || found.toUpperCase() !== uid.toUpperCase()) throw wrongCard();
      return erasePlan(found, steps);
    },
    confirm: async (plan, blocks) => {
      if (plan.restored.length === 0) return null;
      const trailers: BlocksRead = {};
      for (const sector of plan.restored) {
        const block = String(sector * 4 + 3);
        const data = blocks[block];
        if (data) trailers[block] = data;
      }
      return sendCardDecodeSyntony({ uid: plan.uid, blocks: trailers });
    },
    onDone,
  });
}
