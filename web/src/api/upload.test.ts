import { decryptEnvelope, encryptEnvelope } from '@lockdesk/protocol';
import type { AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CallError, http } from './client.ts';
import { setNotifier } from './notifier.ts';
import { readUploadAnswer, uploadFile } from './upload.ts';

type Reply = { status: number; data: unknown };

let errors: string[];
let restore: () => void;
let seen: { url: string; body: unknown; contentType: unknown }[];

/** Answers oss/token in the envelope and /upload with the given plain reply. */
function serve(upload: (form: FormData) => Reply, token: { errno: number; errmsg?: string } = { errno: 0 }) {
  http.defaults.adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const url = config.url ?? '';
    seen.push({ url, body: config.data, contentType: config.headers?.['Content-Type'] });
    if (url === '/manage/oss/token') {
      const opened = decryptEnvelope<Record<string, unknown>>(JSON.parse(String(config.data)).data);
      expect(opened.ok && opened.value['purpose']).toBe('lock_picture');
      const sealed = encryptEnvelope({
        errno: token.errno,
        errmsg: token.errmsg ?? '',
        data:
          token.errno === 0
            ? { upload_url: '/upload', token: 'tok-1', expires_in: 600, max_bytes: 2_097_152, accept: [] }
            : null,
      });
      if (!sealed.ok) throw new Error('seal');
      return { data: { data: sealed.value }, status: 200, statusText: 'OK', headers: {}, config };
    }
    const reply = upload(config.data as FormData);
    const validate = config.validateStatus ?? ((s: number) => s < 300);
    const response = { data: reply.data, status: reply.status, statusText: '', headers: {}, config };
    if (!validate(reply.status))
      throw Object.assign(new Error(`Request failed with status code ${reply.status}`), { response });
    return response;
  };
}

beforeEach(() => {
  errors = [];
  seen = [];
  restore = setNotifier({
    error: (t) => errors.push(t),
    warning: () => {},
    info: () => {},
    success: () => {},
    confirm: () => {},
  });
});
afterEach(() => restore());

const PNG = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'room.png', { type: 'image/png' });

describe('uploadFile (contracts C)', () => {
  it('gets a token for the purpose, posts the file as multipart with it, and answers the stored file', async () => {
    serve((form) => {
      expect(form.get('token')).toBe('tok-1');
      expect((form.get('file') as File).name).toBe('room.png');
      return {
        status: 200,
        data: {
          errno: 0,
          errmsg: '',
          data: { url: '/files/ab.png', key: 'ab.png', size: 4, type: 'image/png' },
        },
      };
    });
    await expect(uploadFile('lock_picture', PNG)).resolves.toEqual({
      url: '/files/ab.png',
      key: 'ab.png',
      size: 4,
      type: 'image/png',
    });
    expect(seen.map((s) => s.url)).toEqual(['/manage/oss/token', '/upload']);
    expect(seen[1]?.body).toBeInstanceOf(FormData);
    expect(errors).toEqual([]);
  });

  it("shows the server's refusal (a 4xx with the catalogue text) and rejects", async () => {
    serve(() => ({
      status: 413,
      data: { errno: 1, errmsg: 'the file is too large', code: 'FILE_TOO_LARGE' },
    }));
    const failure = await uploadFile('lock_picture', PNG).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(CallError);
    expect((failure as CallError).errno).toBe(1);
    expect(errors).toEqual(['the file is too large']);
  });

  it('stops at a refused token: nothing is posted', async () => {
    serve(() => ({ status: 200, data: null }), { errno: 1, errmsg: 'no session' });
    await expect(uploadFile('lock_picture', PNG)).rejects.toBeInstanceOf(CallError);
    expect(seen.map((s) => s.url)).toEqual(['/manage/oss/token']);
    expect(errors).toEqual(['no session']);
  });

  it('reads an answer that is not an upload answer as a failure with the generic text', () => {
    expect(readUploadAnswer('<html>').ok).toBe(false);
    expect(readUploadAnswer({ errno: 0, data: {} }).ok).toBe(false);
  });
});
