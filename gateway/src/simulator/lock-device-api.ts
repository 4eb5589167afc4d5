/**
 * The virtual lock's side of the server's device API (server/API.md §10, contract C): plain JSON, each call
 * authenticated with the lock's own secret (`Authorization: Lock <secret>`), never the DES envelope of /manage.
 */

/** What `GET /device/v1/lock` tells a lock about itself. */
export interface DeviceLockInfo {
  room_id: number;
  room_name: string;
  hotel_id: number;
  building: number;
  floor: number;
  mac_id: string;
  card_mac_key: string;
  server_time: number;
}

/** The full desired state a sync hands to the lock (the lock replaces what it holds). */
export interface DeviceSyncState {
  deleted_cards: number[];
  universal_cards: number[];
  sequences: Record<string, number>;
  passwords: Array<{
    id: number;
    pin_hash: string;
    start_time: number;
    end_time: number;
    single_use: boolean;
  }>;
  faces: Array<{ id: number; face_id: string | number; start_time: number; end_time: number }>;
  fingerprints: Array<{ id: number; finger_id: string | number; start_time: number; end_time: number }>;
}

export interface DeviceSyncStart {
  sync_id: string;
  server_time: number;
  lock: DeviceLockInfo;
  state: DeviceSyncState;
}

/** One unlock record as the lock uploads it. */
export interface DeviceRecord {
  record_uid: string;
  time: number;
  type: 'card' | 'password' | 'face' | 'fingerprint' | 'bluetooth';
  opened: boolean;
  reason: string;
  credential: string;
  card_uid?: string;
  operator?: string;
}

/** A device call's outcome: the answer's data, or why there is none (the server's message when it gave one). */
export type DeviceAnswer<T> =
  | { ok: true; value: T }
  | { ok: false; code: string; msg: string; status: number | null };

/** How long a lock waits for the server before it gives the sync up (a phone beside the door would, too). */
const CALL_TIMEOUT_MS = 15_000;

/** One device API call; never throws (a server that is down or answers nonsense is a failed answer). */
export async function deviceCall<T>(
  server: string,
  secret: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  fetchImpl: typeof fetch = fetch,
): Promise<DeviceAnswer<T>> {
  let url: URL;
  try {
    url = new URL(path, server);
  } catch {
    return {
      ok: false,
      code: 'SERVER_URL_INVALID',
      msg: `the server address ${server} is not a URL`,
      status: null,
    };
  }
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method,
      headers: {
        authorization: `Lock ${secret}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
    return {
      ok: false,
      code: 'SERVER_UNREACHABLE',
      msg: `the LockDesk server at ${url.origin} does not answer (${cause})`,
      status: null,
    };
  }
  let answer: { errno?: unknown; code?: unknown; errmsg?: unknown; data?: unknown } | undefined;
  try {
    answer = (await response.json()) as typeof answer;
  } catch {
    answer = undefined;
  }
  if (response.ok && answer && answer.errno === 0) return { ok: true, value: answer.data as T };
  const code = typeof answer?.code === 'string' ? answer.code : `HTTP_${response.status}`;
  const msg =
    typeof answer?.errmsg === 'string' && answer.errmsg
      ? answer.errmsg
      : `the server answered HTTP ${response.status} to ${method} ${url.pathname}`;
  return { ok: false, code, msg, status: response.status };
}
