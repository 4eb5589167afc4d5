import { useCallback, useRef, useState } from 'react';
import type { WritePlan } from '../../api/cards.ts';
import { CallError } from '../../api/client.ts';
import { CardWriteSteps } from '../../cardService/CardWriteSteps.tsx';
import { type CardWriteState, useCardWrite } from '../../cardService/hooks.ts';
import {
  asCardServiceError,
  type CardReader,
  CardServiceError,
  type CardWritePlan,
  cardService,
  remoteReaderFor,
} from '../../cardService/index.ts';
import { cardErrorText } from '../../cardService/messages.ts';
import { errorMessage } from '../../i18n/index.ts';

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
  state: CardWriteState<T>;
}

/**
 * A card write through the card service's useCardWrite (contract C): find the card, step one (allocate: the server's
 * plan for its uid), write, read back, step two (confirm) — only a card that read back as written is confirmed.
 */
export function useSpecialCardWrite<T>(options: {
  allocate: (uid: string) => Promise<WritePlan>;
  confirm: (plan: WritePlan, blocks: Record<string, string>, cardUid: string) => Promise<T>;
}): SpecialWriter<T> {
  const latest = useRef(options);
  latest.current = options;
  const state = useCardWrite<T>({
    allocate: (uid) => latest.current.allocate(uid) as Promise<CardWritePlan>,
    confirm: (plan, blocks, uid) => latest.current.confirm(plan as unknown as WritePlan, blocks, uid),
  });
  return { start: state.start, cancel: state.cancel, busy: state.running, state };
}

/** The steps of a write as they happen, its cancel while it runs, and what stopped it (the card service's). */
export function SpecialCardWrite<T>({ writer }: { writer: SpecialWriter<T> }) {
  return (
    <div style={{ marginTop: 24, maxWidth: 720 }}>
      <CardWriteSteps write={writer.state as CardWriteState<unknown>} />
    </div>
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

/** The steps of a CPU card hand-out: reach the dispenser, take a card from its stack, push it out to the guest. */
export type DispenserStep = 'connect' | 'request' | 'eject';

/** A hand-out that stopped at `step`, with the card service's error. */
export class DispenserStepError extends Error {
  readonly reason: CardServiceError;
  constructor(
    readonly step: DispenserStep,
    cause: unknown,
  ) {
    const error = asCardServiceError(cause);
    super(`${step}: ${error.message}`);
    this.name = 'DispenserStepError';
    this.reason = error;
  }
}

/** The device status a dispenser answered a move with (frame readers: '09'), as a number; undefined when none. */
function deviceStatusOf(error: CardServiceError): number | undefined {
  if (error.retval !== undefined) return error.retval;
  const status = error.params?.['status'];
  if (status === undefined) return undefined;
  const value = typeof status === 'number' ? status : Number.parseInt(String(status), 16);
  return Number.isFinite(value) ? value : undefined;
}

/**
 * What a failed hand-out says, in catalogue words (spec §8 'Device'): a dispenser that refused to take or push out
 * a card (a device status, e.g. 'requestCard status 09', or a bare 'operation failed') is 'Card reader abnormal
 * error code 9', with 'check the card is on the dispenser' for a card request; a dispenser that is unreachable,
 * silent or busy keeps the card service's own catalogue text (broker not connected, response timeout, …).
 */
export function dispenserFailureText(error: unknown): string {
  if (error instanceof CallError) return error.message;
  const step = error instanceof DispenserStepError ? error.step : undefined;
  const cause = error instanceof DispenserStepError ? error.reason : asCardServiceError(error);
  if (cause.code !== 'OPERATION_FAILED' || step === undefined || step === 'connect')
    return cardErrorText(cause);
  const status = deviceStatusOf(cause);
  const message = errorMessage('CARD_READER_ABNORMAL');
  const text =
    status === undefined ? message : errorMessage('READER_ERROR_CODE', { message, retval: status });
  return step === 'request' ? `${text} (${errorMessage('HINT_REQUEST_CARD')})` : text;
}

/** The reader a hand-out drives: the remote reader of the dispenser's device id (tests pass their own). */
export type DispenserReaderFactory = (
  macId: string,
) => Pick<CardReader, 'connect' | 'requestCard' | 'ejectCard' | 'close'>;

const remoteDispenser: DispenserReaderFactory = (macId) => remoteReaderFor(macId);

/**
 * Has a CPU card dispenser (reached through the message broker by its device id) take a card from its stack and
 * hand it out, as lockCardCpu/sendCard queued it. Resolves when the dispenser ejected the card; a failure is a
 * DispenserStepError naming the step (see dispenserFailureText).
 */
export async function dispenseCard(
  macId: string,
  readerOf: DispenserReaderFactory = remoteDispenser,
): Promise<void> {
  const reader = readerOf(macId);
  const step = async (name: DispenserStep, run: () => Promise<unknown> | undefined) => {
    try {
      await run();
    } catch (error) {
      throw new DispenserStepError(name, error);
    }
  };
  try {
    await step('connect', () => reader.connect());
    if (!reader.requestCard || !reader.ejectCard)
      throw new DispenserStepError('connect', new CardServiceError('CARD_READER_ABNORMAL'));
    await step('request', () => reader.requestCard?.(macId));
    await step('eject', () => reader.ejectCard?.(macId));
  } finally {
    reader.close();
  }
}
