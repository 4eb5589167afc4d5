import {
  type AnyServiceContract,
  LIMITS,
  languageHeader,
  type ServiceAnswerOf,
  type ServiceInputOf,
} from '@lockdesk/protocol';
import axios, { type AxiosInstance, type AxiosRequestConfig, isAxiosError } from 'axios';
import { currentLanguage } from '../app/storage.ts';
import { ENV } from '../config/deploy.ts';
import { notifier } from './notifier.ts';

/**
 * The second client of spec §7: the card-service API (server/API.md §18) on `ENV.cardServiceBase`. A bearer token
 * from session storage, GET data as query, 40 s timeout; success is `code` 200 (spec §8 'Second client'): any
 * other code rejects with the server's `msg`, or 'Error'; a network failure also shows a toast for 1 s.
 */

/** Where the card-service token lives (session storage: it dies with the tab, as the spec's second client's). */
export const SECOND_TOKEN_KEY = 'lockdesk.cardServiceToken';
/** How long a network failure's toast stays (spec §8 'Second client'). */
export const SECOND_NETWORK_TOAST_SECONDS = 1;

/** The answer of every card-service route. */
export interface ServiceAnswer<T = unknown> {
  code: number;
  msg: string;
  /** The catalogue code of a refusal. */
  error?: string;
  data?: T;
}

/** Why a card-service request was refused: `status` is the answer's code (0 for a network failure). */
export class SecondClientError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The catalogue code (e.g. API_KEY_INVALID), when the server sent one. */
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'SecondClientError';
  }
}

/** The axios instance of the second client. */
export const secondHttp: AxiosInstance = axios.create({
  baseURL: ENV.cardServiceBase,
  timeout: LIMITS.httpTimeoutMs,
  headers: { 'Content-Type': 'application/json' },
  // Every status is an answer to read: the body says what went wrong.
  validateStatus: () => true,
});

export function getSecondToken(): string | null {
  try {
    return sessionStorage.getItem(SECOND_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setSecondToken(token: string | null): void {
  try {
    if (token) sessionStorage.setItem(SECOND_TOKEN_KEY, token);
    else sessionStorage.removeItem(SECOND_TOKEN_KEY);
  } catch {
    // storage refused (private mode): the next request simply has no token
  }
}

/** Sends one request: GET data as query, others as JSON body. Resolves `data` of a code-200 answer. */
export async function secondRequest<T>(
  method: 'GET' | 'POST',
  url: string,
  input: Record<string, unknown> = {},
): Promise<T> {
  const token = getSecondToken();
  const config: AxiosRequestConfig = {
    method,
    url,
    headers: {
      language: languageHeader(currentLanguage()),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    ...(method === 'GET' ? { params: input } : { data: input }),
  };
  let body: unknown;
  try {
    body = (await secondHttp.request(config)).data;
  } catch (e) {
    const text = isAxiosError(e) && e.message ? e.message : 'Error';
    notifier().error(text, SECOND_NETWORK_TOAST_SECONDS);
    throw new SecondClientError(0, text);
  }
  const answer = (body ?? {}) as Partial<ServiceAnswer<T>>;
  if (answer.code === 200) return answer.data as T;
  const message = typeof answer.msg === 'string' && answer.msg !== '' ? answer.msg : 'Error';
  throw new SecondClientError(
    typeof answer.code === 'number' ? answer.code : -1,
    message,
    typeof answer.error === 'string' ? answer.error : null,
  );
}

export const secondGet = <T>(url: string, query?: Record<string, unknown>) =>
  secondRequest<T>('GET', url, query);
export const secondPost = <T>(url: string, body?: Record<string, unknown>) =>
  secondRequest<T>('POST', url, body);

/**
 * Calls a card-service route by its contract (@lockdesk/protocol's cardServiceCalls): its method and path, the
 * input its schema describes, the answer's `data` typed as the contract declares it.
 */
export const callService = <C extends AnyServiceContract>(
  contract: C,
  input: ServiceInputOf<C>,
): Promise<ServiceAnswerOf<C>> =>
  secondRequest<ServiceAnswerOf<C>>(contract.method, contract.path, input as Record<string, unknown>);
