import type { TFunction } from 'i18next';
import type { Delivery, DeliveryState } from '../../api/door.ts';
import { formatHotelTime } from '../../app/time.ts';
import { SimulatorError, simulator } from './simulator.ts';

/** The colour of a delivery state's tag: waiting stands out, confirmed is done, issued is on the card. */
export const STATE_COLOURS: Record<DeliveryState, string> = {
  issued: 'blue',
  waiting: 'orange',
  confirmed: 'green',
};

/**
 * A delivery's item in the operator's language (the server's `label` is English): the words of its kind around its
 * subject — a sequence names its card type, its number and the card that raised it — and its guest when it has one.
 */
export function deliveryItem(t: TFunction, d: Delivery): string {
  const item =
    d.kind === 'sequence'
      ? t(d.subject ? 'items.sequenceOfCard' : 'items.sequence', {
          type: t(`cardTypes.${d.card_type}`, { defaultValue: d.card_type ?? '' }),
          sequence: d.sequence ?? '',
          subject: d.subject,
        })
      : t(`items.${d.kind}`, { subject: d.subject, defaultValue: d.label });
  return d.guest ? t('items.withGuest', { item, guest: d.guest }) : item;
}

/** A time of the door's answers (seconds; 0 or none: not yet) in hotel time, or the dash. */
export function doorTime(seconds: number | null | undefined): string {
  return seconds ? formatHotelTime(seconds) : '—';
}

/** What the operator reads for a failed simulator or server call, in the door's words. */
export function doorErrorText(t: TFunction, error: unknown): string {
  if (error instanceof SimulatorError) {
    switch (error.kind) {
      case 'unreachable':
        return t('errors.unreachable', { address: simulator().base });
      case 'notInstalled':
        return t('errors.notInstalled');
      case 'noLocks':
        return t('errors.noLocks');
      default:
        return t('errors.refused', { detail: error.detail || error.code || '?' });
    }
  }
  // A server refusal (CallError) already carries the catalogue text in the console's language.
  return error instanceof Error && error.message ? error.message : '';
}
