import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { STATUS_COLOURS, statusKey } from './status.ts';

/** A room status as a tag in its colour. */
export function StatusTag({ status }: { status: number }) {
  const { t } = useTranslation('rooms');
  const key = statusKey(status);
  return (
    <Tag
      color={STATUS_COLOURS[key]}
      data-testid="room-status"
      data-status={key}
      style={{ marginInlineEnd: 0 }}
    >
      {t(`status.${key}`)}
    </Tag>
  );
}
