import { ROOM_STATUS } from '@lockdesk/protocol';
import { Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LockRoom, useLockRooms } from '../../api/stays.ts';

/** At most this many rooms are listed at once; typing narrows the rest (a hotel may hold 10,000). */
export const PICKER_LIMIT = 100;

/** The rooms whose name (or lock MAC) holds the search, names starting with it first, at most `limit`. */
export function searchRooms(
  rooms: readonly LockRoom[],
  search: string,
  options: { exclude?: number; limit?: number } = {},
): { shown: LockRoom[]; matched: number } {
  const needle = search.trim().toLowerCase();
  const limit = options.limit ?? PICKER_LIMIT;
  const starts: LockRoom[] = [];
  const contains: LockRoom[] = [];
  for (const room of rooms) {
    if (room.id === options.exclude) continue;
    const name = room.name.toLowerCase();
    if (!needle || name.startsWith(needle)) starts.push(room);
    else if (name.includes(needle) || room.mac_id.toLowerCase().includes(needle)) contains.push(room);
  }
  const matched = starts.length + contains.length;
  return { shown: [...starts, ...contains].slice(0, limit), matched };
}

const STATUS_NAMES: Record<number, string> = {
  [ROOM_STATUS.vacant]: 'vacant',
  [ROOM_STATUS.checkedIn]: 'checkedIn',
  [ROOM_STATUS.reserved]: 'reserved',
  [ROOM_STATUS.maintenance]: 'maintenance',
  [ROOM_STATUS.dirty]: 'dirty',
};

export interface RoomPickerProps {
  value?: number;
  onChange?: (roomId: number | undefined) => void;
  /** A room not offered (the room a stay moves from). */
  exclude?: number;
  testId?: string;
  placeholder?: string;
}

/**
 * A room picker over `room/allLock`: loaded once (up to 10,000 rooms), searched as the operator types, showing at
 * most 100 matches with a note to type more. Each option says the room's status.
 */
export function RoomPicker({ value, onChange, exclude, testId, placeholder }: RoomPickerProps) {
  const { t } = useTranslation('stays');
  const rooms = useLockRooms();
  const [search, setSearch] = useState('');
  const all = rooms.data?.list ?? [];
  const { shown, matched } = useMemo(
    () => searchRooms(all, search, exclude === undefined ? {} : { exclude }),
    [all, search, exclude],
  );
  // The chosen room stays labelled even when the search hides it.
  const chosen = value === undefined ? undefined : all.find((r) => r.id === value);
  const options = [...shown, ...(chosen && !shown.includes(chosen) ? [chosen] : [])].map((room) => ({
    value: room.id,
    label: `${room.name} · ${t(`roomStatus.${STATUS_NAMES[room.status] ?? 'vacant'}`)}`,
  }));

  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: setSearch }}
      // Until the rooms are loaded the id has no name to show: show nothing rather than a bare number.
      value={chosen ? value : undefined}
      onChange={(v) => onChange?.(v)}
      onClear={() => onChange?.(undefined)}
      allowClear
      loading={rooms.isLoading}
      options={options}
      placeholder={rooms.isLoading ? t('roomPicker.loading') : (placeholder ?? t('roomPicker.placeholder'))}
      notFoundContent={rooms.isLoading ? t('roomPicker.loading') : t('roomPicker.none')}
      style={{ width: '100%' }}
      data-testid={testId}
      popupRender={(menu) => (
        <>
          {menu}
          {matched > shown.length && (
            <div style={{ padding: '4px 12px', color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>
              {t('roomPicker.more', { shown: shown.length, count: matched })}
            </div>
          )}
        </>
      )}
    />
  );
}
