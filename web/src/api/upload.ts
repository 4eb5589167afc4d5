import { fileCalls, languageHeader, type UploadPurpose } from '@lockdesk/protocol';
import { currentLanguage } from '../app/storage.ts';
import {
  CallError,
  callManage,
  displayMessage,
  ERRNO_NETWORK,
  ERRNO_UNDECODABLE,
  http,
  NETWORK_TOAST_SECONDS,
  networkFailureText,
} from './client.ts';
import { notifier } from './notifier.ts';
import { getToken } from './session.ts';

/**
 * File uploads (contracts C): `oss/token` through the enveloped client gives a single-use token bound to the
 * session and the purpose, then the file goes as multipart to `/upload`, which answers plain JSON (not
 * enveloped). The server sniffs the type from the bytes and checks the size; its refusal is shown through the
 * notifier like any other call's, and the returned `url` is what `room/setLockData` or a face takes.
 */

// What an upload is for, and oss/token's answer: declared with the upload contract (fileCalls.uploadToken).
export type { UploadPurpose, UploadToken } from '@lockdesk/protocol';

export interface UploadedFile {
  url: string;
  key: string;
  size: number;
  type: string;
}

interface UploadAnswer {
  errno?: unknown;
  errmsg?: unknown;
  data?: Partial<UploadedFile> | null;
}

/** The stored file from `/upload`'s answer, or undefined when the answer is not one. */
export function readUploadAnswer(
  body: unknown,
): { ok: true; file: UploadedFile } | { ok: false; message: string } {
  const answer = (body ?? {}) as UploadAnswer;
  if (answer.errno === 0 && answer.data && typeof answer.data.url === 'string') {
    const d = answer.data;
    return {
      ok: true,
      file: {
        url: d.url as string,
        key: typeof d.key === 'string' ? d.key : '',
        size: typeof d.size === 'number' ? d.size : 0,
        type: typeof d.type === 'string' ? d.type : '',
      },
    };
  }
  return { ok: false, message: displayMessage(typeof answer.errmsg === 'string' ? answer.errmsg : '') };
}

/** The session and the language of `/upload` (both optional for the server; sent so errors come translated). */
function uploadHeaders(): Record<string, string | undefined> {
  const token = getToken();
  return {
    'Content-Type': undefined,
    language: languageHeader(currentLanguage()),
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  };
}

/** Uploads a file for a purpose; resolves with where the server stored it, or tells the user and rejects. */
export async function uploadFile(
  purpose: UploadPurpose,
  file: Blob & { name?: string },
): Promise<UploadedFile> {
  const grant = await callManage(fileCalls.uploadToken, { purpose });
  const form = new FormData();
  form.append('token', grant.token);
  form.append('file', file, file.name ?? 'upload');
  let body: unknown;
  try {
    // No JSON content type: the browser writes the multipart boundary itself.
    const response = await http.post(grant.upload_url || '/upload', form, {
      headers: uploadHeaders(),
      // A refusal comes with a 4xx status and the same JSON body; read it rather than fail on the status.
      validateStatus: () => true,
    });
    body = response.data;
  } catch (error) {
    const text = networkFailureText(error);
    notifier().error(text, NETWORK_TOAST_SECONDS);
    throw new CallError(ERRNO_NETWORK, text);
  }
  const read = readUploadAnswer(body);
  if (read.ok) return read.file;
  notifier().error(read.message);
  const errno =
    typeof (body as UploadAnswer | null)?.errno === 'number'
      ? (body as { errno: number }).errno
      : ERRNO_UNDECODABLE;
  throw new CallError(errno, read.message);
}
