import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = {
  reserved: 'blue',
  active: 'green',
  checked_out: 'default',
  moved: 'purple',
  cancelled: 'default',
};

/** A stay's stored status (reserved, active, checked_out, moved, cancelled) in the console's language. */
export function StayStatusTag({ status }: { status: string }) {
  const { t } = useTranslation('tourists');
  const known = status in COLORS;
  return <Tag color={COLORS[status] ?? 'default'}>{known ? t(`stayStatus.${status}`) : status}</Tag>;
}
