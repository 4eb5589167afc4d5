import type { ErrorCode } from './errors.js';

/** The outcome of any protocol function: bad input never throws across the package boundary. */
export type Result<T> = { ok: true; value: T } | Failure;

/** A refusal: a catalogue code, a human detail (where, what) and optional message parameters. */
export interface Failure {
  ok: false;
  code: ErrorCode;
  detail: string;
  params?: Record<string, string | number>;
}

/** Wraps a value as a success. */
export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

/** Builds a failure with a catalogue code. */
export function fail(code: ErrorCode, detail: string, params?: Record<string, string | number>): Failure {
  return params === undefined ? { ok: false, code, detail } : { ok: false, code, detail, params };
}
