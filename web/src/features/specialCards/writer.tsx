import { StopOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Steps } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CallError } from '../../api/client.ts';
import {
  type CardWritePlan,
  cardService,
  isCardServiceError,
  RemoteReader,
  WRITE_STEPS,
  type WriteProgress,
} from '../../cardService/index.ts';
import { cardErrorText } from '../../cardService/messages.ts';
import type { WritePlan } from '../cards/api.ts';

/**
 * The special-card pages' use of the card service (web/src/cardService, contract C): a card write with its steps as
 * they happen and a cancel, the serial number of the card on the encoder, and a CPU card handed out by a dispenser.
 * Device state and errors come from the card service; pages only show them.
 */

/** What a failed write says: the server's refusal (already in the operator's language) or the device's text. */
export function failureText(error: unknown): string {
  if (error instanceof CallError) return error.message;
  return cardErrorText(error);
}

export interface SpecialWriter<T> {
  /** Writes the card on the encoder; the confirmed result, or undefined when it failed or was cancelled. */
  start(): Promise<T | undefined>;
  cancel(): void;
  busy: boolean;
  progress: WriteProgress | null;
  error: { text: string; cancelled: boolean } | null;
}

/**
 * A card write through the card service: find the card, step one (allocate: the server's plan for its uid), write,
 * read back, step two (confirm) — only a card that read back as written is confirmed.
 */
export function useSpecialCardWrite<T>(options: {
  allocate: (uid: string) => Promise<WritePlan>;
  confirm: (plan: WritePlan, blocks: Record<string, string>, cardUid: string) => Promise<T>;
}): SpecialWriter<T> {
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<WriteProgress | null>(null);
  const [error, setError] = useState<SpecialWriter<T>['error']>(null);
  const latest = useRef(options);
  latest.current = options;
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const start = useCallback(async (): Promise<T | undefined> => {
    setBusy(true);
    setError(null);
    setProgress(null);
    try {
      return await cardService().writeCard<T>({
        allocate: (uid) => latest.current.allocate(uid) as Promise<CardWritePlan>,
        confirm: (plan, blocks, uid) => latest.current.confirm(plan as unknown as WritePlan, blocks, uid),
        onStep: (p) => {
          if (mounted.current) setProgress(p);
        },
      });
    } catch (e) {
      if (mounted.current)
        setError({ text: failureText(e), cancelled: isCardServiceError(e) && e.cancelled });
      return undefined;
    } finally {
      if (mounted.current) setBusy(false);
    }
  }, []);

  const cancel = useCallback(() => cardService().cancel(), []);
  // Leaving the page stops a write in progress (nothing is confirmed; the pending record expires).
  useEffect(() => () => cardService().cancel(), []);

  return { start, cancel, busy, progress, error };
}

const SHOWN_STEPS = WRITE_STEPS.filter((s) => s !== 'done');

/** The steps of a write as they happen, its cancel button while it runs, and what stopped it. */
export function SpecialCardWrite<T>({ writer }: { writer: SpecialWriter<T> }) {
  const { t } = useTranslation('specialCards');
  const { progress, busy, error } = writer;
  if (!progress && !error) return null;
  const index = progress
    ? Math.max(0, SHOWN_STEPS.indexOf(progress.step as (typeof SHOWN_STEPS)[number]))
    : 0;
  const current = progress?.step === 'done' ? SHOWN_STEPS.length : index;
  return (
    <Flex vertical gap={12} style={{ marginTop: 24, maxWidth: 720 }} data-testid="card-write-steps">
      {progress ? (
        <Steps
          size="small"
          current={current}
          status={error ? (error.cancelled ? 'wait' : 'error') : busy ? 'process' : 'finish'}
          items={SHOWN_STEPS.map((step) => ({
            title: t(`steps.${step}`),
            ...(step === progress.step && progress.total !== undefined
              ? { description: `${progress.done ?? 0}/${progress.total}` }
              : {}),
          }))}
          data-step={progress.step}
        />
      ) : null}
      {busy ? (
        <Button
          icon={<StopOutlined />}
          onClick={writer.cancel}
          data-testid="card-write-cancel"
          style={{ width: 'fit-content' }}
        >
          {t('actions.cancel')}
        </Button>
      ) : null}
      {error ? (
        <Alert
          type={error.cancelled ? 'warning' : 'error'}
          showIcon
          title={error.cancelled ? error.text : t('messages.writeFailed')}
          description={error.cancelled ? undefined : error.text}
          data-testid="card-write-error"
        />
      ) : null}
    </Flex>
  );
}

/** Reads the serial number (UID) of the card on the encoder through the card service's findCard. */
export function useFindCardSerial() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const find = useCallback(async (): Promise<string | undefined> => {
    setBusy(true);
    setError(null);
    try {
      const reader = cardService().reader();
      await reader.connect();
      const card = await reader.findCard();
      return card.uid.toUpperCase();
    } catch (e) {
      setError(failureText(e));
      return undefined;
    } finally {
      setBusy(false);
    }
  }, []);
  return { find, busy, error };
}

/**
 * Has a CPU card dispenser (reached through the message broker by its device id) take a card from its stack and
 * hand it out, as lockCardCpu/sendCard queued it. Resolves when the dispenser ejected the card.
 */
export async function dispenseCard(macId: string): Promise<void> {
  const reader = new RemoteReader({ deviceId: macId });
  try {
    await reader.connect();
    await reader.requestCard(macId);
    await reader.ejectCard(macId);
  } finally {
    reader.close();
  }
}
