import { Card, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../app/paths.ts';
import { UnlockRecordTable } from '../../shared/unlockRecords/UnlockRecordTable.tsx';
import { GuestNav } from './GuestNav.tsx';

/** The hotel's unlock records in the caller's scope, every filter, with export (lock/checkHistory). */
export default function OpenHistoryPage() {
  const { t } = useTranslation('tourists');
  return (
    <Card
      title={t('nav.openHistory')}
      extra={<GuestNav current={PATHS.openHistory} />}
      data-testid="open-history"
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('openHistory.hint')}</Typography.Text>
        <UnlockRecordTable exportable />
      </Space>
    </Card>
  );
}
