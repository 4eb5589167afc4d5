import {
  type UnlockColumnName,
  type UnlockFilterName,
  UnlockRecordTable,
} from '../../shared/unlockRecords/UnlockRecordTable.tsx';

/** The tab's URL params sit under this prefix (unlockType, unlockPage…) beside the detail's `id` and `tab`. */
export const UNLOCK_PARAM_PREFIX = 'unlock';

/** The room is fixed: no room filter or column; the guest's mobile, type, result, days and keyword are free. */
const FILTERS: readonly UnlockFilterName[] = ['person', 'type', 'result', 'dates', 'keyword'];
const COLUMNS: readonly UnlockColumnName[] = [
  'time',
  'type',
  'result',
  'credential',
  'from',
  'guest',
  'operator',
];
const PAGE_SIZE = 10;

/**
 * A room's unlock records (spec §2 room detail, issue 10 §2): the shared records table (lock/checkHistory) with the
 * room fixed, so a record reads the same here as on /tourists/openHistory: whether the door opened and why (the
 * lock's reason), the credential, its source, guest and operator; newest first, paged by the server, the filters
 * and page in the URL, exportable.
 */
export function UnlockRecordsTab({ roomId }: { roomId: number }) {
  return (
    <UnlockRecordTable
      query={{ room_id: roomId }}
      filters={FILTERS}
      columns={COLUMNS}
      paramPrefix={UNLOCK_PARAM_PREFIX}
      pageSize={PAGE_SIZE}
      exportable
      testId="unlock-records"
    />
  );
}
