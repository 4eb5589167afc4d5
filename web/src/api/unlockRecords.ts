import {
  type ExportFormat,
  type ExportKind,
  type ExportLink,
  fileCalls,
  type InputOf,
  type UnlockRecord,
  unlockRecordCalls,
} from '@lockdesk/protocol';
import { type UseMutationResult, type UseQueryResult, useMutation } from '@tanstack/react-query';
import { ENV } from '../config/deploy.ts';
import { callManage } from './client.ts';
import { type Page, usePage } from './lists.ts';

/**
 * The unlock-record and export calls (contracts D lock/checkHistory, E export/create) as react-query hooks,
 * shared by every page that shows the records table. Pages never call axios.
 */

// A record as the server answers it, and its types and results: declared with the unlock-record contracts.
export {
  UNLOCK_RECORD_RESULTS as UNLOCK_RESULTS,
  UNLOCK_RECORD_TYPES as UNLOCK_TYPES,
  type UnlockRecord,
  type UnlockResult,
  type UnlockType,
} from '@lockdesk/protocol';

/** lock/checkHistory's request (contract D): every filter optional; times are seconds, both inclusive. */
export type CheckHistoryQuery = InputOf<typeof unlockRecordCalls.checkHistory> & {
  page: number;
  limit: number;
};

export const unlockRecordKeys = {
  all: ['unlockRecords'] as const,
  lists: () => [...unlockRecordKeys.all, 'list'] as const,
  list: (query: CheckHistoryQuery) => [...unlockRecordKeys.lists(), query] as const,
};

/**
 * One page of the hotel's unlock records in the caller's scope, newest first (lock/checkHistory); the page shown
 * stays while the next loads. A Bluetooth sync (the door feature) invalidates `unlockRecordKeys.all`.
 */
export function useCheckHistory(
  query: CheckHistoryQuery,
  options: { enabled?: boolean } = {},
): UseQueryResult<Page<UnlockRecord>> {
  return usePage(unlockRecordKeys.list(query), unlockRecordCalls.checkHistory, query, options);
}

// The kinds and formats of an export, and its answer: declared with the export contract (fileCalls.createExport).
export {
  EXPORT_FORMATS,
  EXPORT_KINDS,
  type ExportFormat,
  type ExportKind,
  type ExportLink,
} from '@lockdesk/protocol';
/** The formats as the operator reads them: file types, the same in every language. */
export const FORMAT_NAMES: Record<ExportFormat, string> = { csv: 'CSV', xlsx: 'Excel (XLSX)' };

export interface ExportRequest {
  kind: ExportKind;
  format: ExportFormat;
  /** The fields of passenger/list, lock/checkHistory or operation/list (without page and limit). */
  filters: Record<string, unknown>;
}

/** The filters of a list call as an export takes them: no paging, nothing left empty. */
export function exportFilters(fields: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (key === 'page' || key === 'limit' || value === undefined || value === '' || value === null) continue;
    out[key] = value;
  }
  return out;
}

/**
 * How the browser fetches the file: a link to the server's origin, clicked, so the server's `attachment` answer
 * saves it without leaving the console (kept in one object so tests can watch it).
 */
export const exportDownload = {
  start(url: string, fileName: string): void {
    const a = document.createElement('a');
    a.href = /^https?:\/\//.test(url) ? url : `${ENV.apiBase}${url}`;
    a.download = fileName;
    a.rel = 'noopener';
    a.style.display = 'none';
    document.body.appendChild(a);
    a.click();
    a.remove();
  },
};

/** export/create, then the download of the answered link; nothing to invalidate (an export changes nothing). */
export function useCreateExport(): UseMutationResult<ExportLink, Error, ExportRequest> {
  return useMutation({
    mutationFn: (request: ExportRequest) =>
      callManage(fileCalls.createExport, {
        kind: request.kind,
        format: request.format,
        filters: exportFilters(request.filters),
      }),
    onSuccess: (link) => exportDownload.start(link.url, link.file_name),
  });
}

/** The contract's name for the export hook (contracts G). */
export const useExport = useCreateExport;
