import { decryptEnvelope, ERROR_TEXTS, encryptEnvelope } from '@lockdesk/protocol';
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadErrorTexts } from '../i18n/errors.ts';
import { browser } from './browser.ts';
import {
  CallError,
  callManage,
  ERRNO_NETWORK,
  ERRNO_UNDECODABLE,
  hotelInfoUrl,
  http,
  isHotelInfoRequired,
  NETWORK_TOAST_SECONDS,
  RELOGIN_DELAY_MS,
  REVOKED_RELOAD_DELAY_MS,
  resetRequestState,
} from './client.ts';
import { type ConfirmOptions, type Notifier, setNotifier } from './notifier.ts';
import { getToken, getUserInfo, setUserInfo } from './session.ts';

type Reply = (config: InternalAxiosRequestConfig) => Promise<AxiosResponse>;

let seen: InternalAxiosRequestConfig[] = [];
function serve(reply: Reply) {
  http.defaults.adapter = async (config) => {
    seen.push(config);
    return reply(config);
  };
}
const ok = (config: InternalAxiosRequestConfig, data: unknown): AxiosResponse => ({
  data,
  status: 200,
  statusText: 'OK',
  headers: {},
  config,
});
/** The server's answer: `{data: envelope({errno, errmsg, code?, data})}` (an older server sends no code). */
const answer = (errno: number, errmsg: string, data: unknown = null, code?: string): Reply => {
  const sealed = encryptEnvelope(code ? { errno, errmsg, code, data } : { errno, errmsg, data });
  if (!sealed.ok) throw new Error('cannot seal');
  return async (config) => ok(config, { data: sealed.value });
};

let notes: { kind: string; text: string; seconds?: number | undefined }[];
let confirms: ConfirmOptions[];
let restore: () => void;

beforeEach(() => {
  seen = [];
  notes = [];
  confirms = [];
  resetRequestState();
  const spy: Notifier = {
    error: (text, seconds) => notes.push({ kind: 'error', text, seconds }),
    warning: (text, seconds) => notes.push({ kind: 'warning', text, seconds }),
    info: (text, seconds) => notes.push({ kind: 'info', text, seconds }),
    success: (text, seconds) => notes.push({ kind: 'success', text, seconds }),
    confirm: (o) => confirms.push(o),
  };
  restore = setNotifier(spy);
  vi.spyOn(browser, 'goTo').mockImplementation(() => {});
  vi.spyOn(browser, 'reload').mockImplementation(() => {});
  vi.spyOn(browser, 'currentPath').mockReturnValue('/card/floorCard');
});

afterEach(() => {
  restore();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

async function rejection(promise: Promise<unknown>): Promise<CallError> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof CallError) return e;
    throw e;
  }
  throw new Error('the call resolved');
}

describe('the request: POST /manage/<path> through the DES envelope (spec §7)', () => {
  it('seals the fields with action "manage" and the uid, and sends language, uuid and the bearer token', async () => {
    setUserInfo({ uid: 42, token: 'tok_abcdefghijklmnopqrstuvwxyz', nickname: 'Front desk' });
    window.localStorage.setItem('language', 'ru');
    serve(answer(0, '', { rooms: 3 }));
    await expect(callManage('room/listNew', { page: 1, uid: 7 })).resolves.toEqual({ rooms: 3 });
    const config = seen[0]!;
    expect(config.method).toBe('post');
    expect(config.url).toBe('/manage/room/listNew');
    expect(config.timeout).toBe(40_000);
    const body = JSON.parse(config.data as string) as { data: string; language: string };
    expect(body.language).toBe('ru-RU');
    const opened = decryptEnvelope<Record<string, unknown>>(body.data);
    expect(opened.ok && opened.value).toEqual({ page: 1, action: 'manage', uid: 42 });
    expect(config.headers['language']).toBe('ru-RU');
    expect(config.headers['uuid']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(config.headers['Authorization']).toBe('Bearer tok_abcdefghijklmnopqrstuvwxyz');
  });

  it('sends no uid nor token before login, the zh-CN header when no language is stored, one uuid per tab', async () => {
    window.localStorage.removeItem('language');
    // A browser in none of the 12 languages: the console shows Chinese, and says so to the server.
    const prefers = vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['sv-SE']);
    serve(answer(0, '', { image: 'data:' }));
    await callManage('captcha');
    await callManage('captcha');
    const [first, second] = seen;
    const opened = decryptEnvelope<Record<string, unknown>>(JSON.parse(first!.data as string).data);
    expect(opened.ok && opened.value).toEqual({ action: 'manage' });
    expect(first!.headers['language']).toBe('zh-CN');
    expect(first!.headers['Authorization']).toBeUndefined();
    expect(second!.headers['uuid']).toBe(first!.headers['uuid']);
    // An English browser: the console shows English, and asks the server for English messages too.
    prefers.mockReturnValue(['en-US', 'en']);
    await callManage('captcha');
    expect(seen[2]!.headers['language']).toBe('en');
    prefers.mockRestore();
  });
});

describe('the error catalogue of the main client (spec §8)', () => {
  it('errno 0 returns the data without a message', async () => {
    serve(answer(0, '', [1, 2]));
    await expect(callManage('x')).resolves.toEqual([1, 2]);
    expect(notes).toEqual([]);
  });

  it('9000003 rejects silently', async () => {
    serve(answer(9000003, 'no permission for this operation'));
    const e = await rejection(callManage('x'));
    expect(e.errno).toBe(9000003);
    expect(notes).toEqual([]);
    expect(confirms).toEqual([]);
  });

  it('9000020 rejects without a message', async () => {
    serve(answer(9000020, 'too many attempts, please try again later'));
    expect((await rejection(callManage('x'))).errno).toBe(9000020);
    expect(notes).toEqual([]);
  });

  it('100003 asks to log in again; on confirm, after about 1.5 s it clears the session and loads login', async () => {
    vi.useFakeTimers();
    setUserInfo({ uid: 1, token: 'tok_abcdefghijklmnopqrstuvwxyz' });
    serve(answer(100003, 'login information expired, please log in again'));
    expect((await rejection(callManage('x'))).errno).toBe(100003);
    // A second expired call while the box is open does not stack another box.
    await rejection(callManage('y'));
    expect(confirms).toHaveLength(1);
    // The confirm box is the only message: no error toast beside it.
    expect(notes).toEqual([]);
    const box = confirms[0]!;
    expect(box.content).toBe('login information expired, please log in again');
    expect(box.okText).toBe('Sign in again');
    expect(box.cancelText).toBe('Cancel');
    box.onOk();
    vi.advanceTimersByTime(RELOGIN_DELAY_MS - 1);
    expect(browser.goTo).not.toHaveBeenCalled();
    expect(getUserInfo()).toBeDefined();
    vi.advanceTimersByTime(1);
    expect(getUserInfo()).toBeUndefined();
    expect(browser.goTo).toHaveBeenCalledWith('/login?redirect=%2Fcard%2FfloorCard');
  });

  it('100003 cancelled keeps the session and lets a later expiry ask again', async () => {
    setUserInfo({ uid: 1, token: 'tok_abcdefghijklmnopqrstuvwxyz' });
    serve(answer(100003, 'login information expired, please log in again'));
    await rejection(callManage('x'));
    confirms[0]!.onCancel?.();
    expect(getUserInfo()?.uid).toBe(1);
    await rejection(callManage('x'));
    expect(confirms).toHaveLength(2);
    expect(browser.goTo).not.toHaveBeenCalled();
  });

  it('9000005 clears the token and reloads after 1 s', async () => {
    vi.useFakeTimers();
    setUserInfo({ uid: 5, token: 'tok_abcdefghijklmnopqrstuvwxyz' });
    serve(answer(9000005, 'your session was ended, please log in again'));
    expect((await rejection(callManage('x'))).errno).toBe(9000005);
    expect(getToken()).toBeUndefined();
    expect(getUserInfo()?.uid).toBe(5);
    expect(notes).toEqual([]);
    vi.advanceTimersByTime(REVOKED_RELOAD_DELAY_MS - 1);
    expect(browser.reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(browser.reload).toHaveBeenCalledTimes(1);
  });

  it('any other errno shows the server errmsg as an error toast and rejects', async () => {
    serve(answer(1, 'the room already has a stay in this period'));
    const e = await rejection(callManage('x'));
    expect(e.errno).toBe(1);
    expect(notes).toEqual([
      { kind: 'error', text: 'the room already has a stay in this period', seconds: undefined },
    ]);
  });

  it("an empty errmsg shows 'Error' in the user's language", async () => {
    serve(answer(1, ''));
    await rejection(callManage('x'));
    window.localStorage.setItem('language', 'de');
    await rejection(callManage('x'));
    expect(notes.map((n) => n.text)).toEqual(['Error', 'Fehler']);
  });

  it('in English rewrites the two server wordings; other languages keep the server text', async () => {
    serve(answer(1, 'verification code incorrect'));
    await rejection(callManage('x'));
    serve(answer(1, 'incorrect password'));
    await rejection(callManage('x'));
    window.localStorage.setItem('language', 'fr');
    await rejection(callManage('x'));
    expect(notes.map((n) => n.text)).toEqual([
      'Incorrect verification code',
      'Incorrect password',
      'incorrect password',
    ]);
  });

  it('an undecodable answer shows the data-parse message', async () => {
    for (const body of [{ data: 'bm90IGEgcmVhbCBlbnZlbG9wZQ==' }, 'garbage', { data: 12 }, null]) {
      serve(async (config) => ok(config, body));
      expect((await rejection(callManage('x'))).errno).toBe(ERRNO_UNDECODABLE);
    }
    expect(notes.map((n) => n.text)).toEqual(
      Array(4).fill('data parse failed, check network or contact administrator'),
    );
  });

  it('a network failure shows its message, prefixed with the HTTP status when there is one, for 1.2 s', async () => {
    serve(async (config) => {
      throw new AxiosError('Request failed with status code 502', 'ERR_BAD_RESPONSE', config, null, {
        data: '',
        status: 502,
        statusText: 'Bad Gateway',
        headers: {},
        config,
      });
    });
    expect((await rejection(callManage('x'))).errno).toBe(ERRNO_NETWORK);
    serve(async (config) => {
      throw new AxiosError('Network Error', 'ERR_NETWORK', config);
    });
    await rejection(callManage('x'));
    serve(async (config) => {
      throw new AxiosError('timeout of 40000ms exceeded', 'ECONNABORTED', config);
    });
    await rejection(callManage('x'));
    expect(notes).toEqual([
      { kind: 'error', text: '502 Request failed with status code 502', seconds: NETWORK_TOAST_SECONDS },
      { kind: 'error', text: 'Network Error', seconds: 1.2 },
      { kind: 'error', text: 'timeout of 40000ms exceeded', seconds: 1.2 },
    ]);
  });

  it('a silent call rejects as any other but shows nothing and sends nobody anywhere; the next call toasts again', async () => {
    const silent = { silent: true };
    serve(answer(1, 'no permission for this reader', null, 'PERMISSION_DENIED'));
    const refused = await rejection(
      callManage('cardDispenser/checkStatus', { mac_id: 'A1B2C3D4E5F6' }, silent),
    );
    expect(refused).toMatchObject({
      errno: 1,
      code: 'PERMISSION_DENIED',
      message: 'no permission for this reader',
    });
    serve(answer(1, ERROR_TEXTS.HOTEL_INFO_REQUIRED, null, 'HOTEL_INFO_REQUIRED'));
    await rejection(callManage('x', {}, silent));
    serve(async (config) => {
      throw new AxiosError('Network Error', 'ERR_NETWORK', config);
    });
    expect((await rejection(callManage('x', {}, silent))).errno).toBe(ERRNO_NETWORK);
    serve(async (config) => ok(config, 'garbage'));
    expect((await rejection(callManage('x', {}, silent))).errno).toBe(ERRNO_UNDECODABLE);
    expect(notes).toEqual([]);
    expect(browser.goTo).not.toHaveBeenCalled();
    // Only that call: the same refusal without the option is shown.
    serve(answer(1, 'no permission for this reader'));
    await rejection(callManage('cardDispenser/checkStatus', { mac_id: 'A1B2C3D4E5F6' }));
    expect(notes).toEqual([{ kind: 'error', text: 'no permission for this reader', seconds: undefined }]);
  });

  it('a silent call still answers with its data, and the session expiry is still asked about', async () => {
    serve(answer(0, '', { status: 'online' }));
    await expect(callManage('cardDispenser/checkStatus', {}, { silent: true })).resolves.toEqual({
      status: 'online',
    });
    serve(answer(100003, 'login expired'));
    await rejection(callManage('x', {}, { silent: true }));
    expect(confirms).toHaveLength(1);
    expect(notes).toEqual([]);
  });
});

describe('HOTEL_INFO_REQUIRED: the hotel information first (spec §5), handled once for every page', () => {
  it('shows the message and sends the operator to the hotel information, with the way back', async () => {
    serve(answer(1, ERROR_TEXTS.HOTEL_INFO_REQUIRED));
    const e = await rejection(callManage('room/setPrice', { room_id: 1, price: 200 }));
    expect(e.errno).toBe(1);
    expect(notes).toEqual([{ kind: 'error', text: ERROR_TEXTS.HOTEL_INFO_REQUIRED, seconds: undefined }]);
    expect(browser.goTo).toHaveBeenCalledTimes(1);
    expect(browser.goTo).toHaveBeenCalledWith(
      '/center/personalCenter?reason=hotelInfo&redirect=%2Fcard%2FfloorCard',
    );
    expect(hotelInfoUrl('/room/priceSet?room_id=3')).toBe(
      '/center/personalCenter?reason=hotelInfo&redirect=%2Froom%2FpriceSet%3Froom_id%3D3',
    );
  });

  it('acts on the code the server sends, whatever the text, and the CallError carries it', async () => {
    serve(
      answer(1, 'Merchant information is missing (a wording no catalogue has)', null, 'HOTEL_INFO_REQUIRED'),
    );
    const e = await rejection(callManage('room/setPrice', { room_id: 1, price: 200 }));
    expect(e.code).toBe('HOTEL_INFO_REQUIRED');
    expect(e.message).toBe('Merchant information is missing (a wording no catalogue has)');
    expect(browser.goTo).toHaveBeenCalledTimes(1);
    expect(browser.goTo).toHaveBeenCalledWith(
      '/center/personalCenter?reason=hotelInfo&redirect=%2Fcard%2FfloorCard',
    );
  });

  it('with a code, the code decides: another code with the same text does not redirect', async () => {
    serve(answer(1, ERROR_TEXTS.HOTEL_INFO_REQUIRED, null, 'PERMISSION_DENIED'));
    const e = await rejection(callManage('room/setPrice', { room_id: 1, price: 200 }));
    expect(e.code).toBe('PERMISSION_DENIED');
    expect(browser.goTo).not.toHaveBeenCalled();
    expect(isHotelInfoRequired(ERROR_TEXTS.HOTEL_INFO_REQUIRED, 'PRICE_TOO_LOW')).toBe(false);
    expect(isHotelInfoRequired('', 'HOTEL_INFO_REQUIRED')).toBe(true);
  });

  it('an older server without codes: the CallError has none and the text still redirects', async () => {
    serve(answer(1, ERROR_TEXTS.HOTEL_INFO_REQUIRED));
    const e = await rejection(callManage('room/setPrice', { room_id: 1, price: 200 }));
    expect(e.code).toBeNull();
    expect(browser.goTo).toHaveBeenCalledTimes(1);
  });

  it("recognises the message in the user's language", async () => {
    window.localStorage.setItem('language', 'de');
    const german = (await loadErrorTexts('de')).HOTEL_INFO_REQUIRED;
    expect(german).not.toBe(ERROR_TEXTS.HOTEL_INFO_REQUIRED);
    serve(answer(1, german));
    await rejection(callManage('room/exchangeHouses'));
    expect(notes.map((n) => n.text)).toEqual([german]);
    expect(browser.goTo).toHaveBeenCalledTimes(1);
    expect(isHotelInfoRequired(german)).toBe(true);
  });

  it('stays put on the hotel information page itself, and ignores every other refusal', async () => {
    vi.mocked(browser.currentPath).mockReturnValue('/center/personalCenter?reason=hotelInfo');
    serve(answer(1, ERROR_TEXTS.HOTEL_INFO_REQUIRED));
    await rejection(callManage('room/setHotelInfo'));
    vi.mocked(browser.currentPath).mockReturnValue('/room/priceSet');
    serve(answer(1, ERROR_TEXTS.PRICE_TOO_LOW));
    await rejection(callManage('room/setPrice'));
    expect(notes.map((n) => n.text)).toEqual([ERROR_TEXTS.HOTEL_INFO_REQUIRED, ERROR_TEXTS.PRICE_TOO_LOW]);
    expect(browser.goTo).not.toHaveBeenCalled();
    expect(isHotelInfoRequired('')).toBe(false);
    expect(isHotelInfoRequired(undefined)).toBe(false);
  });
});
