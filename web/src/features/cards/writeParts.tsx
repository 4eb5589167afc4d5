import { useCallback, useEffect, useRef, useState } from 'react';
import { CardWriteSteps } from '../../cardService/CardWriteSteps.tsx';
import { useCardWrite } from '../../cardService/hooks.ts';
import {
  type BlocksRead,
  CardServiceError,
  type CardWritePlan,
  type CardWriteStep,
  cardService,
  type WriteProgress,
} from '../../cardService/index.ts';
import { cardErrorText } from '../../cardService/messages.ts';
import type { WritePlan } from './api.ts';

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

/**
 * A card write: `allocate(uid)` asks the server for the plan of the card found, `confirm(plan, blocks)` records it
 * once verified, `onDone` gets what confirm answered. The latest callbacks are used (they may close over form
 * values). Leaving the page cancels a write in progress.
 */
export function useCardWriter<T>(options: {
  allocate: (uid: string) => Promise<WritePlan>;
  confirm: (plan: WritePlan, blocks: BlocksRead) => Promise<T>;
  onDone?: (result: T) => void;
}): CardWriter<T> {
  const latest = useRef(options);
  latest.current = options;
  const [hidden, setHidden] = useState(false);
  const write = useCardWrite<T>({
    allocate: async (uid) => (await latest.current.allocate(uid)) as unknown as CardWritePlan,
    confirm: (plan, blocks) => latest.current.confirm(plan as unknown as WritePlan, blocks),
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

/** Erases a withdrawn card found on the encoder (the server's erase plan), cancellable. */
export function useCardEraser(
  uid: string,
  steps: readonly CardWriteStep[],
  onDone: () => void,
): { start(): void; cancel(): void; running: boolean; error: string | undefined } {
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string>();
  const current = useRef<AbortController | null>(null);
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => () => current.current?.abort(new CardServiceError('OPERATION_CANCELLED')), []);
  const start = () => {
    const controller = new AbortController();
    current.current = controller;
    setRunning(true);
    setError(undefined);
    cardService()
      .eraseCard(uid, steps, { signal: controller.signal })
      .then(
        () => {
          if (current.current !== controller) return;
          setRunning(false);
          done.current();
        },
        (failure: unknown) => {
          if (current.current !== controller) return;
          setRunning(false);
          setError(cardErrorText(failure));
        },
      );
  };
  return {
    start,
    cancel: () => current.current?.abort(new CardServiceError('OPERATION_CANCELLED')),
    running,
    error,
  };
}
