import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import AccessControlTab from './AccessControlTab.tsx';
import FirmwareTab from './FirmwareTab.tsx';
import { type EquipmentState, readEquipment, writeEquipment } from './listParams.ts';

/** Reads and writes the page's URL state; a change of filter starts its list again from page 1. */
export function useEquipmentState() {
  const [search, setSearch] = useSearchParams();
  const state = readEquipment(search);
  const update = (changes: Partial<EquipmentState>) => setSearch(writeEquipment({ ...state, ...changes }));
  return { state, update };
}

/**
 * The equipment page (`/equipmentManagement/roomList`, server/API.md §13): access control (which rooms are doors
 * access-control cards open) and firmware (the files the phone app carries to the locks), one tab each.
 */
export default function EquipmentPage() {
  const { t } = useTranslation('accessControl');
  const { state, update } = useEquipmentState();
  return (
    <Card data-testid="equipment-page">
      <Tabs
        activeKey={state.tab}
        onChange={(tab) => update({ tab: tab as EquipmentState['tab'] })}
        destroyOnHidden
        items={[
          {
            key: 'access',
            label: <span data-testid="equipment-tab-access">{t('tabs.access')}</span>,
            children: <AccessControlTab state={state} update={update} />,
          },
          {
            key: 'firmware',
            label: <span data-testid="equipment-tab-firmware">{t('tabs.firmware')}</span>,
            children: <FirmwareTab state={state} update={update} />,
          },
        ]}
      />
    </Card>
  );
}
