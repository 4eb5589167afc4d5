/** errmsg in the caller's language. */
import { type ErrorCode, type LanguageCode, translateError } from '@lockdesk/protocol';
import type { Params } from './errors.js';

/** The text of a catalogue code in a language (the protocol's tables), parameters filled. */
export function messageFor(lang: LanguageCode, code: ErrorCode, params?: Params): string {
  return translateError(lang, code, params);
}
