import { App, Card, Descriptions, Select, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  type DispenserType,
  useMyDispenserType,
  useMyReader,
  useSetMyDispenserType,
} from '../../api/equipment.ts';
import { equipmentTexts } from '../../i18n/namespaces.ts';
import { DISPENSER_OPTIONS } from './dispenserTypes.ts';

/**
 * The signed-in operator's own reader: the one bound to them (`cardDispenser/getUserBind`, kept as `cardSenderID`
 * for the remote reader) and their dispenser type (`User/setUserDispenserType`; "4" shows the CPU card menu).
 */
export function MyReaderPanel() {
  const { t } = useTranslation(equipmentTexts.ns);
  const { message } = App.useApp();
  const mine = useMyReader();
  const type = useMyDispenserType();
  const setType = useSetMyDispenserType();

  const change = async (value: DispenserType) => {
    try {
      await setType.mutateAsync(value);
      message.success(value === '4' ? t('mine.typeSavedCpu') : t('mine.typeSaved'));
    } catch {
      // The request layer has shown the refusal.
    }
  };

  return (
    <Card title={t('mine.title')} size="small" data-testid="my-reader">
      {mine.isPending ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : (
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('mine.reader')}>
            {mine.data?.mac_id ? (
              <Tag color="blue" data-testid="my-reader-id">
                <span dir="ltr">{mine.data.mac_id}</span>
              </Tag>
            ) : (
              <Typography.Text type="secondary" data-testid="my-reader-id">
                {mine.isError ? t('mine.loadFailed') : t('mine.none')}
              </Typography.Text>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('mine.type')}>
            <Select<DispenserType>
              value={(type.data?.type || undefined) as DispenserType | undefined}
              placeholder={t('mine.pickType')}
              options={DISPENSER_OPTIONS}
              loading={type.isPending || setType.isPending}
              onChange={(value) => {
                void change(value);
              }}
              style={{ width: 160 }}
              data-testid="my-dispenser-type"
            />
          </Descriptions.Item>
        </Descriptions>
      )}
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('mine.hint')}
      </Typography.Paragraph>
    </Card>
  );
}
