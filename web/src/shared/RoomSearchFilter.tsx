import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useMemo, useState } from 'react';
import { lockRoomsQuery } from '../api/locks.ts';

/** The picker lists at most this many matches; typing narrows the rest (a hotel may hold 10,000 rooms). */
const ROOM_OPTIONS_MAX = 100;

export interface RoomFilterProps {
  /** Given by the list, or by the antd Form.Item around it. */
  value?: number | undefined;
  onChange?: (roomId: number | undefined) => void;
  /** Shown while no room is chosen ('All rooms'). */
  placeholder: string;
  label: string;
  testId?: string;
}

/**
 * A list filter's room choice over room/allLock (loaded once, shared with every room picker), searched as the
 * operator types; clearing it means every room in scope.
 */
export function RoomFilter({ value, onChange, placeholder, label, testId }: RoomFilterProps) {
  const rooms = useQuery(lockRoomsQuery);
  const [search, setSearch] = useState('');
  const options = useMemo(() => {
    const all = rooms.data?.list ?? [];
    const needle = search.trim().toLowerCase();
    const shown = all
      .filter((r) => !needle || r.name.toLowerCase().includes(needle))
      .slice(0, ROOM_OPTIONS_MAX);
    const chosen = all.find((r) => r.id === value);
    if (chosen && !shown.includes(chosen)) shown.push(chosen);
    return shown.map((r) => ({ value: r.id, label: r.name }));
  }, [rooms.data, search, value]);
  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: setSearch }}
      allowClear
      // Until the rooms are loaded the id has no name to show: show nothing rather than a bare number.
      value={options.some((o) => o.value === value) ? value : undefined}
      onChange={(v) => onChange?.(v)}
      onClear={() => onChange?.(undefined)}
      loading={rooms.isLoading}
      options={options}
      placeholder={placeholder}
      aria-label={label}
      style={{ minWidth: 160 }}
      data-testid={testId}
    />
  );
}
