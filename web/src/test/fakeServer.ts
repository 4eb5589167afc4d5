import { decryptEnvelope, encryptEnvelope, translateError } from '@lockdesk/protocol';
import type { AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { http } from '../api/client.ts';

/** A decrypted call as the fake server saw it. */
export interface SeenCall {
  path: string;
  fields: Record<string, unknown>;
  headers: Record<string, unknown>;
}

export type Handler = (fields: Record<string, unknown>) => {
  errno: number;
  errmsg?: string;
  /** The refusal's catalogue code, as the server sends it beside errmsg (server/API.md §1). */
  code?: string;
  data?: unknown;
};

/** An 'OK' 4-digit graphic code picture (a tiny SVG). */
export const CAPTCHA_IMAGE =
  'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=';

/**
 * Answers /manage calls in the server's envelope from handlers by path; an unknown path answers as the server does,
 * UNKNOWN_CALL ('Unknown call: {path}') in the request's language, with its code.
 */
export function fakeServer(handlers: Record<string, Handler> = {}): SeenCall[] {
  const seen: SeenCall[] = [];
  const all: Record<string, Handler> = {
    captcha: () => ({ errno: 0, data: { captchaId: 'captcha-1', image: CAPTCHA_IMAGE } }),
    ...handlers,
  };
  http.defaults.adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const path = (config.url ?? '').replace(/^\/manage\//, '');
    const body = JSON.parse(String(config.data)) as { data: string };
    const opened = decryptEnvelope<Record<string, unknown>>(body.data);
    const fields = opened.ok ? opened.value : {};
    seen.push({ path, fields, headers: { ...config.headers } });
    const handler = all[path];
    const language = (config.headers?.['language'] as string | undefined) ?? null;
    const reply = handler
      ? handler(fields)
      : { errno: 1, errmsg: translateError(language, 'UNKNOWN_CALL', { path }), code: 'UNKNOWN_CALL' };
    const sealed = encryptEnvelope({
      errno: reply.errno,
      errmsg: reply.errmsg ?? '',
      ...(reply.code ? { code: reply.code } : {}),
      data: reply.data ?? null,
    });
    if (!sealed.ok) throw new Error('cannot seal');
    return { data: { data: sealed.value }, status: 200, statusText: 'OK', headers: {}, config };
  };
  return seen;
}
