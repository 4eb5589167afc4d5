import { useCallback, useRef, useState } from 'react';
import { CallError } from '../../api/client.ts';
import { CardWriteSteps } from '../../cardService/CardWriteSteps.tsx';
import { type CardWriteState, useCardWrite } from '../../cardService/hooks.ts';
import { type CardWritePlan, cardService, RemoteReader } from '../../cardService/index.ts';
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
