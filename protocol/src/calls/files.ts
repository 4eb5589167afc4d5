/**
 * Files in and out of the console (server/API.md §7.1 uploads, §11 exports): each is an enveloped call that hands
 * out a single-use token, then a plain HTTP request with it (`POST /upload` multipart; `GET /export/<token>`).
 */
import { call } from './contract.js';
import { f } from './schema.js';

/** What an upload is for; each purpose has its types, size and permission (server/src/files/uploads.ts). */
export const UPLOAD_PURPOSES = ['lock_picture', 'face', 'firmware', 'avatar'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** The lists an export writes. */
export const EXPORT_KINDS = ['guests', 'unlock_records', 'operation_log'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** oss/token's answer: where to send the file, the single-use token, and what the purpose accepts. */
export interface UploadToken {
  upload_url: string;
  token: string;
  /** Seconds the token is valid. */
  expires_in: number;
  max_bytes: number;
  /** The MIME types accepted, as sniffed from the bytes. */
  accept: string[];
}

/** export/create's answer: a single-use link, valid for 5 minutes. */
export interface ExportLink {
  url: string;
  file_name: string;
  expires_at: number;
}

export const fileCalls = {
  uploadToken: call({
    path: 'oss/token',
    summary: 'Permission to upload one file',
    auth: 'user',
    mutates: false,
    schema: { purpose: f.enum(UPLOAD_PURPOSES) },
  }).answers<UploadToken>(),

  createExport: call({
    path: 'export/create',
    summary: 'A download link',
    auth: 'user',
    // Recorded in the operation log: who took guests' data out of the console, and which.
    mutates: true,
    schema: {
      kind: f.enum(EXPORT_KINDS),
      format: f.enum(EXPORT_FORMATS),
      /** The fields of passenger/list, lock/checkHistory or operation/list (checked by the kind's own schema). */
      filters: f.object({ optional: true }),
    },
  }).answers<ExportLink>(),
};
