import { Alert, Progress, Steps, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type BlocksRead,
  CardServiceError,
  type CardWritePlan,
  type CardWriteStep,
  cardService,
  WRITE_STEPS,
  type WriteProgress,
} from '../../cardService/index.ts';
import { cardErrorText } from '../../cardService/messages.ts';
import type { WritePlan } from './api.ts';

/**
 * The card writes of this feature (a guest card, a card of /center/addCard, an encryption) through the console's
 * card service: the steps as they happen, a cancel, and on failure what happened — with nothing confirmed to the
 * server unless the card read back as written (the card service's writeCard, contract C).
 */

export interface CardWriter<T> {
  start(): void;
  cancel(): void;
  /** Forgets the last outcome (a new card). */
  reset(): void;
  running: boolean;
  /** The last write failed or was cancelled. */
  failed: boolean;
  error: CardServiceError | Error | undefined;
  progress: WriteProgress | undefined;
  result: T | undefined;
}

interface WriterState<T> {
  running: boolean;
  progress?: WriteProgress;
  error?: CardServiceError | Error;
  result?: T;
}

/** Another card lies on the encoder than the one this operation is for. */
export function wrongCard(): CardServiceError {
  return new CardServiceError('WRONG_CARD');
}

/** True when a failure is the operator's cancel. */
export function isCancel(error: unknown): boolean {
  return error instanceof CardServiceError && error.cancelled;
}

/**
 * A card write as React state: `allocate(uid)` asks the server for the plan of the card found, `confirm(plan,
 * blocks)` records it once verified. The latest callbacks are used (they may close over form values). Leaving
 * the page cancels a write in progress.
 */
export function useCardWriter<T>(options: {
  allocate: (uid: string) => Promise<WritePlan>;
  confirm: (plan: WritePlan, blocks: BlocksRead) => Promise<T>;
  onDone?: (result: T) => void;
}): CardWriter<T> {
  const latest = useRef(options);
  latest.current = options;
  const [state, setState] = useState<WriterState<T>>({ running: false });
  const current = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      current.current?.abort(new CardServiceError('OPERATION_CANCELLED'));
      current.current = null;
    },
    [],
  );

  const start = useCallback(() => {
    current.current?.abort(new CardServiceError('OPERATION_CANCELLED'));
    const controller = new AbortController();
    current.current = controller;
    const mine = () => current.current === controller;
    setState({ running: true, progress: { step: 'connect' } });
    cardService()
      .writeCard<T>({
        allocate: async (uid) => (await latest.current.allocate(uid)) as unknown as CardWritePlan,
        confirm: (plan, blocks) => latest.current.confirm(plan as unknown as WritePlan, blocks),
        signal: controller.signal,
        onStep: (progress) => {
          if (mine()) setState((s) => ({ ...s, progress }));
        },
      })
      .then(
        (result) => {
          if (!mine()) return;
          current.current = null;
          setState({ running: false, progress: { step: 'done' }, result });
          latest.current.onDone?.(result);
        },
        (error: unknown) => {
          if (!mine()) return;
          current.current = null;
          setState((s) => ({
            running: false,
            ...(s.progress ? { progress: s.progress } : {}),
            error: error instanceof Error ? error : new Error(String(error)),
          }));
        },
      );
  }, []);

  const cancel = useCallback(() => {
    current.current?.abort(new CardServiceError('OPERATION_CANCELLED'));
  }, []);
  const reset = useCallback(() => {
    current.current?.abort(new CardServiceError('OPERATION_CANCELLED'));
    current.current = null;
    setState({ running: false });
  }, []);

  return {
    start,
    cancel,
    reset,
    running: state.running,
    failed: !!state.error,
    error: state.error,
    progress: state.progress,
    result: state.result,
  };
}

/** The write's steps as they happen (connect, find card, allocate, write, verify, confirm). */
export function CardWriteProgress({ write }: { write: CardWriter<unknown> }) {
  const { t } = useTranslation('cards');
  const progress = write.progress;
  if (!progress || (!write.running && !write.failed)) return null;
  const shown = WRITE_STEPS.filter((s) => s !== 'done');
  const index = shown.indexOf(progress.step as (typeof shown)[number]);
  const current = index < 0 ? shown.length : index;
  return (
    <div
      style={{ marginTop: 16 }}
      data-testid="card-write-steps"
      data-step={progress.step}
      data-state={write.running ? 'running' : 'failed'}
      aria-live="polite"
    >
      <Steps
        size="small"
        current={current}
        status={write.failed ? 'error' : 'process'}
        items={shown.map((step) => ({ title: t(`steps.${step}`) }))}
        responsive
      />
      {write.running && progress.total !== undefined && progress.total > 0 && (
        <Progress
          percent={Math.round(((progress.done ?? 0) / progress.total) * 100)}
          size="small"
          format={() => t('steps.blocks', { done: progress.done ?? 0, total: progress.total })}
        />
      )}
    </div>
  );
}

/** What happened when a write did not issue a card: the reason in the operator's language, and that nothing was
 * issued (a cancel is a warning, not an error). */
export function CardWriteFailure({ write }: { write: CardWriter<unknown> }) {
  const { t } = useTranslation('cards');
  if (write.running || !write.error) return null;
  const cancelled = isCancel(write.error);
  const code =
    write.error instanceof CardServiceError ? write.error.code : (write.error as { code?: string }).code;
  return (
    <Alert
      type={cancelled ? 'warning' : 'error'}
      showIcon
      style={{ marginTop: 12 }}
      title={cancelled ? t('writer.cancelled') : t('writer.notIssued')}
      description={cancelled ? undefined : <Typography.Text>{cardErrorText(write.error)}</Typography.Text>}
      data-testid="card-write-failed"
      data-code={code ?? ''}
    />
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
