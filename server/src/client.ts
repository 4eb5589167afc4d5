/** A small typed client of the /manage API: envelopes the request and opens the answer (tests, tools). */
import {
  DEFAULT_ENVELOPE_KEYS,
  decryptEnvelope,
  type EnvelopeKeys,
  encryptEnvelope,
  languageHeader,
} from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';

export interface ManageAnswer<T = unknown> {
  errno: number;
  errmsg: string;
  /** The catalogue code of a refusal (absent on success). */
  code?: string;
  data: T;
  /** HTTP status (always 200 for /manage answers). */
  status: number;
}

export interface ManageCallOptions {
  token?: string;
  /** Storage language code (chs, en, …); sent as the `language` header value and the body's language. */
  language?: string;
  uuid?: string;
  /** uid to put in the body (the console adds the logged-in uid). */
  uid?: number | string;
  keys?: EnvelopeKeys;
  headers?: Record<string, string>;
}

/** Calls `POST /manage/<path>` on an app (inject) or a base URL (fetch) and decrypts the answer. */
export async function manageCall<T = unknown>(
  target: FastifyInstance | string,
  path: string,
  body: Record<string, unknown> = {},
  options: ManageCallOptions = {},
): Promise<ManageAnswer<T>> {
  const keys = options.keys ?? DEFAULT_ENVELOPE_KEYS;
  const payload = { action: 'manage', ...(options.uid !== undefined ? { uid: options.uid } : {}), ...body };
  const sealed = encryptEnvelope(payload, keys);
  if (!sealed.ok) throw new Error(sealed.detail);
  const language = options.language ?? 'en';
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    language: languageHeader(language),
    ...(options.uuid ? { uuid: options.uuid } : {}),
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    ...options.headers,
  };
  const requestBody = JSON.stringify({ data: sealed.value, language });
  const url = `/manage/${path}`;
  let status: number;
  let text: string;
  if (typeof target === 'string') {
    const res = await fetch(new URL(url, target), { method: 'POST', headers, body: requestBody });
    status = res.status;
    text = await res.text();
  } else {
    const res = await target.inject({ method: 'POST', url, headers, payload: requestBody });
    status = res.statusCode;
    text = res.body;
  }
  return openAnswer<T>(text, status, keys);
}

/** Opens an answer body `{"data": "<envelope>"}` (or the plain fallback `{errno, errmsg, data}`). */
export function openAnswer<T>(
  text: string,
  status: number,
  keys: EnvelopeKeys = DEFAULT_ENVELOPE_KEYS,
): ManageAnswer<T> {
  const outer = JSON.parse(text) as { data?: unknown; errno?: number; errmsg?: string; code?: string };
  if (typeof outer.data === 'string') {
    const opened = decryptEnvelope<{ errno: number; errmsg: string; code?: string; data: T }>(
      outer.data,
      keys,
    );
    if (!opened.ok) throw new Error(`undecodable answer: ${opened.detail}`);
    return { ...opened.value, status };
  }
  return {
    errno: outer.errno ?? -1,
    errmsg: outer.errmsg ?? '',
    ...(outer.code ? { code: outer.code } : {}),
    data: outer.data as T,
    status,
  };
}
