import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDispenserStatus } from '../../api/equipment.ts';
import { formatHotelTime } from '../../app/time.ts';
import { equipmentTexts } from '../../i18n/namespaces.ts';

/** A reader's online state as `cardDispenser/checkStatus` says it (the heartbeat the consoles saw last). */
export function ReaderStatusTag({ macId }: { macId: string }) {
  const { t } = useTranslation(equipmentTexts.ns);
  const status = useDispenserStatus(macId);
  if (status.isPending) return <Tag>{t('status.checking')}</Tag>;
  if (status.isError) return <Tag>{t('status.unknown')}</Tag>;
  const { status: state, last_seen_at } = status.data;
  const tag = (
    <Tag
      color={state === 'online' ? 'green' : state === 'offline' ? 'red' : 'default'}
      data-testid={`reader-status-${macId}`}
    >
      {state === 'online'
        ? t('status.online')
        : state === 'offline'
          ? t('status.offline')
          : t('status.unknown')}
    </Tag>
  );
  return last_seen_at ? (
    <Tooltip title={t('status.lastSeen', { time: formatHotelTime(last_seen_at) })}>{tag}</Tooltip>
  ) : (
    tag
  );
}
