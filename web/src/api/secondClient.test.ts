import type { AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { AxiosError } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Notifier, setNotifier } from './notifier.ts';
import {
  SECOND_NETWORK_TOAST_SECONDS,
  SecondClientError,
  secondGet,
  secondHttp,
  secondPost,
  setSecondToken,
} from './secondClient.ts';

let seen: InternalAxiosRequestConfig[] = [];
let notes: { text: string; seconds?: number | undefined }[] = [];
let restore: () => void;

function serve(status: number, data: unknown) {
  secondHttp.defaults.adapter = async (config): Promise<AxiosResponse> => {
    seen.push(config);
    return { data, status, statusText: '', headers: {}, config };
  };
}

beforeEach(() => {
  seen = [];
  notes = [];
  sessionStorage.clear();
  const spy: Notifier = {
    error: (text, seconds) => notes.push({ text, seconds }),
    warning: () => undefined,
    info: () => undefined,
    success: () => undefined,
    confirm: () => undefined,
  };
  restore = setNotifier(spy);
});
afterEach(() => restore());

describe('the second client (card-service API)', () => {
  it('sends GET data as query with the session token as bearer, and resolves data of code 200', async () => {
    setSecondToken('ldt_abc');
    serve(200, { code: 200, msg: 'ok', data: { list: [1], total: 1 } });
    await expect(secondGet('/linQuan/getRoomListByHotelId', { hotel_id: 3, page: 2 })).resolves.toEqual({
      list: [1],
      total: 1,
    });
    const config = seen[0] as InternalAxiosRequestConfig;
    expect(config.method).toBe('get');
    expect(config.params).toEqual({ hotel_id: 3, page: 2 });
    expect(config.data).toBeUndefined();
    expect(config.headers.Authorization).toBe('Bearer ldt_abc');
    expect(config.timeout).toBe(40_000);
  });

  it('sends POST data as a JSON body, without a token when none is kept', async () => {
    serve(200, { code: 200, msg: 'ok', data: { token: 't' } });
    await secondPost('/auth/login', { api_key: 'ldk_x' });
    const config = seen[0] as InternalAxiosRequestConfig;
    expect(config.method).toBe('post');
    expect(JSON.parse(config.data as string)).toEqual({ api_key: 'ldk_x' });
    expect(config.headers.Authorization).toBeUndefined();
  });

  it('rejects a non-200 code with the server message and its catalogue code, without a toast', async () => {
    serve(401, { code: 401, msg: 'The API key is invalid or has been revoked', error: 'API_KEY_INVALID' });
    const error = await secondPost('/auth/login', { api_key: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SecondClientError);
    expect(error).toMatchObject({
      status: 401,
      message: 'The API key is invalid or has been revoked',
      code: 'API_KEY_INVALID',
    });
    expect(notes).toEqual([]);
  });

  it("rejects with 'Error' when a non-200 answer carries no message (code 200 in HTTP 200 only counts)", async () => {
    serve(200, { code: 500 });
    await expect(secondPost('/linQuan/deleteRoomCard', { id: 1 })).rejects.toMatchObject({
      message: 'Error',
      status: 500,
    });
    serve(502, '<html>bad gateway</html>');
    await expect(secondPost('/linQuan/deleteRoomCard', { id: 1 })).rejects.toMatchObject({
      message: 'Error',
      status: -1,
    });
  });

  it('shows a network failure as a toast for 1 s and rejects', async () => {
    secondHttp.defaults.adapter = async (config) => {
      throw new AxiosError('Network Error', 'ERR_NETWORK', config);
    };
    await expect(secondGet('/linQuan/getRoomListByHotelId')).rejects.toMatchObject({
      status: 0,
      message: 'Network Error',
    });
    expect(notes).toEqual([{ text: 'Network Error', seconds: SECOND_NETWORK_TOAST_SECONDS }]);
    expect(SECOND_NETWORK_TOAST_SECONDS).toBe(1);
  });
});
