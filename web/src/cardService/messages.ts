import { errorMessage } from '../i18n/index.ts';
import { formatCardError } from './errors.ts';

/**
 * The text of a card-service failure in the operator's language (spec §8 'Device'): the catalogue text, the
 * device's return value as '… error code …', and the hint of a card request or open.
 */
export function cardErrorText(error: unknown): string {
  return formatCardError(error, errorMessage);
}
