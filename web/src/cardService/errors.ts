import { ERROR_TEXTS, type ErrorCode, errorText, isErrorCode } from '@lockdesk/protocol';

/** Codes that mean the operator (or a newer operation) stopped it: shown as a warning, not as a failure. */
export const CANCEL_CODES: readonly ErrorCode[] = [
  'OPERATION_CANCELLED',
  'READ_CARD_CANCELLED',
  'CARD_READ_CANCELLED',
  'FINGER_ENROLL_CANCELLED',
];

/** The spec §8 hints of a reader call refused with a return value: card request, and open. */
export type ReaderHint = 'HINT_REQUEST_CARD' | 'HINT_OPEN_DEVICE';

/**
 * A failure of the card service, with its catalogue code (protocol's ERROR_TEXTS); `message` is the English text,
 * the console shows `cardErrorText` in the operator's language. `retval` is the device's return value when the
 * reader answered one (spec §8: 'message error code value'), `hint` the extra line for card requests and open.
 */
export class CardServiceError extends Error {
  readonly code: ErrorCode;
  readonly params?: Record<string, string | number>;
  readonly retval?: number;
  readonly hint?: ReaderHint;

  constructor(
    code: ErrorCode,
    params?: Record<string, string | number>,
    extra: { retval?: number; hint?: ReaderHint; message?: string } = {},
  ) {
    super(extra.message ?? errorText(code, params));
    this.name = 'CardServiceError';
    this.code = code;
    if (params) this.params = params;
    if (extra.retval !== undefined) this.retval = extra.retval;
    if (extra.hint) this.hint = extra.hint;
  }

  /** True when it was cancelled rather than failed. */
  get cancelled(): boolean {
    return CANCEL_CODES.includes(this.code);
  }
}

export function isCardServiceError(value: unknown): value is CardServiceError {
  return value instanceof CardServiceError;
}

/** The same error for anything thrown (an unexpected exception becomes OPERATION_FAILED with its message). */
export function asCardServiceError(error: unknown): CardServiceError {
  if (error instanceof CardServiceError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new CardServiceError('OPERATION_FAILED', { message });
}

/** 'operation cancelled' (or the given cancel code), the error an aborted signal stands for. */
export function cancelledError(signal?: AbortSignal): CardServiceError {
  const reason = signal?.reason;
  if (reason instanceof CardServiceError && reason.cancelled) return reason;
  return new CardServiceError('OPERATION_CANCELLED');
}

/** Throws the cancellation when the signal has aborted. */
export function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw cancelledError(signal);
}

/** The gateway's `{code, msg, retval, error}` answer (reader service, WebSocket, raw service). */
export interface ReaderAnswer {
  func?: string;
  cbdata?: unknown;
  code: number;
  msg?: string;
  retval?: number;
  data?: unknown;
  error?: string;
}

/**
 * Spec §8 'Device — reader API' for one answer: none → API_CALL_FAILED ('check the server software is running');
 * code 0 → the refusal (its catalogue code, else its msg as OPERATION_FAILED); a return value ≠ 0 → the device's
 * code with `retval` set (shown as '… error code …'), with the hint for a card request or open. Null: success.
 */
export function answerFailure(
  answer: ReaderAnswer | null | undefined,
  func: string,
): CardServiceError | null {
  if (
    answer === null ||
    answer === undefined ||
    typeof answer !== 'object' ||
    typeof answer.code !== 'number'
  )
    return new CardServiceError('API_CALL_FAILED');
  const hint: ReaderHint | undefined =
    func === 'requestCard' ? 'HINT_REQUEST_CARD' : func === 'open' ? 'HINT_OPEN_DEVICE' : undefined;
  const known = isErrorCode(answer.error) ? answer.error : null;
  const message = answer.msg ? { message: answer.msg } : {};
  if (answer.code !== 1) {
    if (known)
      return new CardServiceError(known, paramsOf(answer), { ...message, ...(hint ? { hint } : {}) });
    return new CardServiceError('OPERATION_FAILED', { message: answer.msg || 'Error' }, hint ? { hint } : {});
  }
  const retval = typeof answer.retval === 'number' ? answer.retval : 0;
  if (retval === 0) return null;
  return new CardServiceError(
    known ?? 'OPERATION_FAILED',
    known ? paramsOf(answer) : { message: answer.msg || '' },
    {
      retval,
      ...message,
      ...(hint ? { hint } : {}),
    },
  );
}

/**
 * The parameters a refusal's text needs. The gateway sends its English text, not the parameters: they are read back
 * out of it by the catalogue's own English template ('read failed, status code {status}' → status), so the text
 * can be shown in the operator's language; data fields (uid, block) fill the rest.
 */
function paramsOf(answer: ReaderAnswer): Record<string, string | number> | undefined {
  const params: Record<string, string | number> = {};
  const data = answer.data;
  if (data && typeof data === 'object') {
    for (const [key, value] of Object.entries(data as Record<string, unknown>))
      if (typeof value === 'string' || typeof value === 'number') params[key] = value;
  }
  const code = isErrorCode(answer.error) ? answer.error : null;
  if (code && answer.msg) Object.assign(params, paramsFromText(ERROR_TEXTS[code], answer.msg));
  return Object.keys(params).length > 0 ? params : undefined;
}

/** The {name} values of `text` written from the English `template`, or nothing when it was not. */
export function paramsFromText(template: string, text: string): Record<string, string> {
  const names: string[] = [];
  const pattern = template
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (name) {
        names.push(name);
        return '(.+?)';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  if (names.length === 0) return {};
  const match = new RegExp(`^${pattern}$`).exec(text);
  if (!match) return {};
  return Object.fromEntries(names.map((name, i) => [name, match[i + 1] ?? '']));
}

/**
 * A transport failure in spec §8's words: a timeout → 'device not responding, check connection' (a message
 * containing Timeout), else 'operation failed: {message}'.
 */
export function transportFailure(error: unknown): CardServiceError {
  if (error instanceof CardServiceError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/timeout|timed out/i.test(message) || (error instanceof Error && error.name === 'TimeoutError'))
    return new CardServiceError('DEVICE_NOT_RESPONDING');
  return new CardServiceError('OPERATION_FAILED', { message });
}

/**
 * The text of a card-service error through a translator of catalogue codes (the console's `errorMessage`): the
 * device's return value as '{message} error code {retval}' and the hint after it, as spec §8 has them.
 */
export function formatCardError(
  error: unknown,
  translate: (code: ErrorCode, params?: Record<string, string | number>) => string = errorText,
): string {
  const e = asCardServiceError(error);
  const translated = translate(e.code, e.params);
  // A refusal whose parameters the gateway did not send back: its own (English) text says it fully.
  const message = /\{\w+\}/.test(translated) ? e.message : translated;
  const text =
    e.retval !== undefined ? translate('READER_ERROR_CODE', { message, retval: e.retval }) : message;
  return e.hint ? `${text} (${translate(e.hint)})` : text;
}
