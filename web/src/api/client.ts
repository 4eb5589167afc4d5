import {
  type AnswerOf,
  type AnyContract,
  decryptEnvelope,
  ENGLISH_DISPLAY_REWRITES,
  ERRNO,
  ERROR_TEXTS,
  encryptEnvelope,
  type InputOf,
  LIMITS,
  languageHeader,
} from '@lockdesk/protocol';
import axios, { type AxiosInstance, isAxiosError } from 'axios';
import { loginUrl } from '../app/guards.ts';
import { PATHS } from '../app/paths.ts';
import { currentLanguage } from '../app/storage.ts';
import { ENV } from '../config/deploy.ts';
import { errorMessage, t } from '../i18n/index.ts';
import { browser } from './browser.ts';
import { envelopeKeys } from './envelopeKeys.ts';
import { notifier } from './notifier.ts';
import { clearToken, clearUserInfo, getToken, getUserInfo } from './session.ts';

/**
 * The main client of spec §7: every call is `POST /manage/<path>` with the body `{data, language}`, where `data`
 * is the DES envelope of the fields plus `action: "manage"` and the user's `uid`. The answer `{data}` opens to
 * `{errno, errmsg, code, data}` (`code` on refusals only), and the errno decides what the user sees (spec §8 'Main client').
 */

/** How long a network failure's toast stays (spec §8). */
export const NETWORK_TOAST_SECONDS = 1.2;
/** Delay between confirming 're-login' and leaving for the login page (spec §4 'Session'). */
export const RELOGIN_DELAY_MS = 1500;
/** Delay between a revoked session (9000005) and the reload. */
export const REVOKED_RELOAD_DELAY_MS = 1000;

/** The decrypted answer of a call. */
export interface Answer<T = unknown> {
  errno: number;
  errmsg?: string;
  /** The catalogue code of a refusal (`ErrorCode`); absent on success and from an older server. */
  code?: string | null;
  data: T;
}

/** Why a call was refused; the user has already been told (or, for silent errnos, deliberately not). */
export class CallError extends Error {
  constructor(
    /** The server's errno; -1 for an undecodable answer, -2 for a network failure. */
    readonly errno: number,
    message: string,
    /** The answer's data (login's `needCode`, for instance). */
    readonly data: unknown = null,
    /** The refusal's catalogue code (`ErrorCode`), when the server sent one: act on this, never on the text. */
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'CallError';
  }
}
export const ERRNO_UNDECODABLE = -1;
export const ERRNO_NETWORK = -2;

/** The axios instance of the main client: 40 s timeout, JSON bodies. */
export const http: AxiosInstance = axios.create({
  baseURL: ENV.apiBase,
  timeout: LIMITS.httpTimeoutMs,
  headers: { 'Content-Type': 'application/json' },
});

/** A random RFC 4122 version 4 id; `crypto.randomUUID` exists only on secure origins, so built by hand. */
export function newUuid(): string {
  const b = new Uint8Array(16);
  crypto.getRandomValues(b);
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const UUID_KEY = 'lockdesk.clientUuid';

/**
 * The `uuid` header: generated once per browser tab and kept in session storage, because the server ties the
 * graphic code and the login attempt count to it.
 */
export function clientUuid(): string {
  try {
    const kept = window.sessionStorage.getItem(UUID_KEY);
    if (kept) return kept;
    const fresh = newUuid();
    window.sessionStorage.setItem(UUID_KEY, fresh);
    return fresh;
  } catch {
    return newUuid();
  }
}

/** Opens the outer answer: `{data: <envelope>}`, or plain `{errno, …}` when the server could not seal it. */
export function openAnswer(body: unknown): Answer | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const outer = body as { data?: unknown; errno?: unknown };
  let inner: unknown = outer;
  if (typeof outer.data === 'string' && outer.errno === undefined) {
    const opened = decryptEnvelope<unknown>(outer.data, envelopeKeys());
    if (!opened.ok) return undefined;
    inner = opened.value;
  }
  if (inner === null || typeof inner !== 'object') return undefined;
  const answer = inner as Partial<Answer>;
  if (typeof answer.errno !== 'number') return undefined;
  return {
    errno: answer.errno,
    errmsg: typeof answer.errmsg === 'string' ? answer.errmsg : '',
    ...(typeof answer.code === 'string' && answer.code ? { code: answer.code } : {}),
    data: answer.data ?? null,
  };
}

/** The server's message as the user sees it: English rewrites two wordings (spec §8). */
export function displayMessage(errmsg: string | undefined): string {
  const text = errmsg?.trim() ? errmsg.trim() : errorMessage('ERROR');
  if (currentLanguage() === 'en') return ENGLISH_DISPLAY_REWRITES[text] ?? text;
  return text;
}

let reloginAsked = false;

/**
 * True when a refusal is HOTEL_INFO_REQUIRED: by its `code` (server/API.md §1). An older server sends only the
 * catalogue text, in the language the call asked for: then compare with that language's text (and the English
 * one, the server's fallback).
 */
export function isHotelInfoRequired(errmsg: string | undefined, code?: string | null): boolean {
  if (code) return code === 'HOTEL_INFO_REQUIRED';
  const text = errmsg?.trim();
  if (!text) return false;
  return text === errorMessage('HOTEL_INFO_REQUIRED') || text === ERROR_TEXTS.HOTEL_INFO_REQUIRED;
}

/** Where a HOTEL_INFO_REQUIRED refusal sends the operator: the hotel information, with a way back to `from`. */
export function hotelInfoUrl(from: string): string {
  return `${PATHS.personalCenter}?reason=hotelInfo&redirect=${encodeURIComponent(from)}`;
}

/**
 * Spec §5 'Merchant or hotel information must be completed first': whichever page made the call, the operator
 * goes to the hotel information form, which names the page to return to. Once, here, rather than in each page.
 */
function sendToHotelInfo(): void {
  const here = browser.currentPath();
  if (here.startsWith(PATHS.personalCenter)) return;
  browser.goTo(hotelInfoUrl(here));
}

/** Error 100003: one confirm box at a time; on 're-login', after 1.5 s forget the session and load login. */
function askToLogInAgain(): void {
  if (reloginAsked) return;
  reloginAsked = true;
  notifier().confirm({
    title: t('request.confirmTitle'),
    content: errorMessage('LOGIN_EXPIRED'),
    okText: t('request.reLogin'),
    cancelText: t('cancel'),
    onOk: () => {
      setTimeout(() => {
        reloginAsked = false;
        clearUserInfo();
        browser.goTo(loginUrl(browser.currentPath()));
      }, RELOGIN_DELAY_MS);
    },
    onCancel: () => {
      reloginAsked = false;
    },
  });
}

/** How one call behaves besides its fields. */
export interface CallOptions {
  /**
   * The caller handles a failure itself and the operator is not told (background work such as reporting a reader's
   * heartbeat): no error toast and no move to the hotel information. The session's answers (login expired, session
   * revoked) are handled as for every call.
   */
  silent?: boolean;
}

/** Turns an opened answer into its data, or tells the user and rejects (spec §8 'Main client'). */
export function settle<T>(answer: Answer, options: CallOptions = {}): T {
  switch (answer.errno) {
    case ERRNO.ok:
      return answer.data as T;
    case ERRNO.silentReject:
    case ERRNO.noMessage:
      throw new CallError(answer.errno, answer.errmsg ?? '', answer.data, answer.code ?? null);
    case ERRNO.loginExpired:
      askToLogInAgain();
      throw new CallError(answer.errno, answer.errmsg ?? '', answer.data, answer.code ?? null);
    case ERRNO.sessionRevoked:
      clearToken();
      setTimeout(() => browser.reload(), REVOKED_RELOAD_DELAY_MS);
      throw new CallError(answer.errno, answer.errmsg ?? '', answer.data, answer.code ?? null);
    default: {
      const text = displayMessage(answer.errmsg);
      if (!options.silent) {
        notifier().error(text);
        if (isHotelInfoRequired(answer.errmsg, answer.code)) sendToHotelInfo();
      }
      throw new CallError(answer.errno, text, answer.data, answer.code ?? null);
    }
  }
}

/** A network failure's toast: its message, prefixed with the HTTP status when there is one. */
export function networkFailureText(error: unknown): string {
  const message = error instanceof Error && error.message ? error.message : errorMessage('ERROR');
  const status = isAxiosError(error) ? error.response?.status : undefined;
  return status ? `${status} ${message}` : message;
}

/**
 * One call of the management API: resolves with the answer's data, or rejects with a CallError. Takes the call's
 * contract (@lockdesk/protocol, protocol/src/calls), which types the fields sent and the answer; a call not yet
 * moved to a contract is named by its path.
 */
export async function callManage<C extends AnyContract>(
  contract: C,
  fields: InputOf<C>,
  options?: CallOptions,
): Promise<AnswerOf<C>>;
export async function callManage<T = unknown>(
  path: string,
  fields?: object,
  options?: CallOptions,
): Promise<T>;
export async function callManage(
  call: string | AnyContract,
  fields: object = {},
  options: CallOptions = {},
): Promise<unknown> {
  const path = typeof call === 'string' ? call : call.path;
  const toast = (text: string, seconds?: number) => {
    if (!options.silent) notifier().error(text, seconds);
  };
  const language = languageHeader(currentLanguage());
  const user = getUserInfo();
  const payload = user ? { ...fields, action: 'manage', uid: user.uid } : { ...fields, action: 'manage' };
  const sealed = encryptEnvelope(payload, envelopeKeys());
  if (!sealed.ok) {
    const text = errorMessage('DATA_PARSE_FAILED');
    toast(text);
    throw new CallError(ERRNO_UNDECODABLE, text);
  }
  const headers: Record<string, string> = { language, uuid: clientUuid() };
  const token = getToken();
  if (token) headers['Authorization'] = `Bearer ${token}`;

  let body: unknown;
  try {
    const response = await http.post(
      `/manage/${path.replace(/^\/+/, '')}`,
      { data: sealed.value, language },
      {
        headers,
      },
    );
    body = response.data;
  } catch (error) {
    const text = networkFailureText(error);
    toast(text, NETWORK_TOAST_SECONDS);
    throw new CallError(ERRNO_NETWORK, text);
  }

  const answer = openAnswer(body);
  if (!answer) {
    const text = errorMessage('DATA_PARSE_FAILED');
    toast(text);
    throw new CallError(ERRNO_UNDECODABLE, text);
  }
  return settle<unknown>(answer, options);
}

/** Forgets the 're-login' box state (tests). */
export function resetRequestState(): void {
  reloginAsked = false;
}
