import { Select } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useLogAccounts, useRoomSearch } from './api.ts';

interface PickerProps {
  value?: number | undefined;
  onChange: (id: number | undefined) => void;
  placeholder: string;
  label: string;
  testId: string;
  /** Names already known for ids (e.g. from the rows shown), for a value the current search did not answer. */
  known?: ReadonlyMap<number, string>;
}

/** A searchable single choice whose options come from the server as the operator types. */
function ServerPicker({
  value,
  onChange,
  placeholder,
  label,
  testId,
  known,
  options,
  loading,
  onSearch,
}: PickerProps & {
  options: { value: number; label: string }[];
  loading: boolean;
  onSearch: (s: string) => void;
}) {
  // Names of options once seen, so the chosen one keeps its name after the search moves on.
  const seen = useRef(new Map<number, string>());
  for (const o of options) seen.current.set(o.value, o.label);
  const shown = useMemo(() => {
    const name = value === undefined ? undefined : (seen.current.get(value) ?? known?.get(value));
    return value !== undefined && name && !options.some((o) => o.value === value)
      ? [...options, { value, label: name }]
      : options;
  }, [options, value, known]);
  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch }}
      allowClear
      // An id with no name to show yet shows nothing rather than a bare number.
      value={shown.some((o) => o.value === value) ? value : undefined}
      onChange={(v) => onChange(v ?? undefined)}
      onClear={() => onChange(undefined)}
      loading={loading}
      options={shown}
      placeholder={placeholder}
      aria-label={label}
      style={{ minWidth: 180 }}
      data-testid={testId}
    />
  );
}

/** The person filter: accounts with entries the caller may read (operation/accounts), by name or mobile. */
export function AccountPicker(props: PickerProps) {
  const [search, setSearch] = useState('');
  const accounts = useLogAccounts(search.trim());
  const options = (accounts.data?.list ?? []).map((a) => ({
    value: a.id,
    label: [a.nickname || a.name, a.mobile].filter(Boolean).join(' · '),
  }));
  return <ServerPicker {...props} options={options} loading={accounts.isFetching} onSearch={setSearch} />;
}

/** The room filter: rooms in scope whose name holds the typed text (room/listNew), for hotels of any size. */
export function RoomSearchPicker(props: PickerProps) {
  const [search, setSearch] = useState('');
  const rooms = useRoomSearch(search.trim());
  const options = (rooms.data?.list ?? []).map((r) => ({ value: r.id, label: r.name }));
  return <ServerPicker {...props} options={options} loading={rooms.isFetching} onSearch={setSearch} />;
}
