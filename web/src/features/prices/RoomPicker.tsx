import { Button, Select, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type RoomGroup, type RoomOption, roomsOfGroup } from '../../api/prices.ts';
import { pricesTexts } from '../../i18n/namespaces.ts';

export interface RoomPickerProps {
  rooms: RoomOption[];
  groups: RoomGroup[];
  value: number[];
  onChange: (ids: number[]) => void;
  loading?: boolean;
  testId?: string;
}

/**
 * Picks one room or many among up to 10,000: a searchable select (its list is virtual, and the search filters in the
 * browser as one types) plus whole groups at once.
 */
export function RoomPicker({
  rooms,
  groups,
  value,
  onChange,
  loading,
  testId = 'room-picker',
}: RoomPickerProps) {
  const { t } = useTranslation(pricesTexts.ns);
  const [group, setGroup] = useState<number | undefined>();
  const options = useMemo(() => rooms.map((r) => ({ value: r.id, label: r.name })), [rooms]);

  const addGroup = () => {
    if (group === undefined) return;
    const ids = new Set(value);
    for (const id of roomsOfGroup(rooms, groups, group)) ids.add(id);
    onChange([...ids]);
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid={testId}>
      <Select<number[]>
        mode="multiple"
        allowClear
        loading={loading}
        value={value}
        onChange={(ids) => onChange(ids)}
        options={options}
        showSearch={{ optionFilterProp: 'label' }}
        maxTagCount="responsive"
        placeholder={t('picker.search')}
        style={{ width: '100%' }}
        data-testid={`${testId}-select`}
        notFoundContent={loading ? undefined : t('picker.noRooms')}
      />
      <Space wrap>
        <Select<number>
          allowClear
          value={group}
          onChange={setGroup}
          placeholder={t('picker.group')}
          options={groups.map((g) => ({ value: g.id, label: g.name }))}
          style={{ minWidth: 180 }}
          data-testid={`${testId}-group`}
        />
        <Button onClick={addGroup} disabled={group === undefined} data-testid={`${testId}-add-group`}>
          {t('picker.addGroup')}
        </Button>
        <Button onClick={() => onChange([])} disabled={value.length === 0}>
          {t('picker.clear')}
        </Button>
        <Typography.Text type="secondary" data-testid={`${testId}-count`}>
          {t('picker.selected', { selected: value.length, count: rooms.length })}
        </Typography.Text>
      </Space>
    </Space>
  );
}
