import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useListState } from '../../app/listState.ts';
import AccessControlTab from './AccessControlTab.tsx';
import FirmwareTab from './FirmwareTab.tsx';
import { type EquipmentState, readEquipment, writeEquipment } from './listParams.ts';

/**
 * The equipment page (`/equipmentManagement/roomList`, server/API.md §13): access control (which rooms are doors
 * access-control cards open) and firmware (the files the phone app carries to the locks), one tab each.
 */
export default function EquipmentPage() {
  const { t } = useTranslation('accessControl');
  // The tab and both lists' filters and pages, each change a history entry; a tab's filter change sets its own list
  // back to page 1 (`page` or `fpage`), so the pages are left to the tabs.
  const { state, set: update } = useListState(readEquipment, writeEquipment, { push: true });
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
