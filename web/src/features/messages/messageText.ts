import type { TFunction } from 'i18next';
import { formatHotelTime } from '../../app/time.ts';
import type { Message } from './api.ts';

const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v ?? 0) || 0);
const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/**
 * A message's text in the reader's language, from its kind and params (server/API.md §14): the server stores no
 * text. A row older than the kinds shows its own title and content.
 */
export function messageText(t: TFunction<'messages'>, m: Message): string {
  const p = m.params ?? {};
  const room = str(p['room_name']) || m.room_name;
  switch (m.kind) {
    case 'low_battery':
      return t('text.low_battery', { room, battery: num(p['battery']) });
    case 'service_expiring': {
      const date = formatHotelTime(num(p['expires_at']) || null, 'YYYY-MM-DD');
      const mobile = str(p['manager_mobile']);
      return mobile
        ? t('text.service_expiring', { days: num(p['days']), date, mobile })
        : t('text.service_expiring_no_manager', { days: num(p['days']), date });
    }
    case 'lock_not_synced':
      return p['last_sync_at'] === null || p['last_sync_at'] === undefined
        ? t('text.lock_never_synced', { room, days: num(p['days']) })
        : t('text.lock_not_synced', { room, days: num(p['days']) });
    case 'card_write_failed':
      return room
        ? t('text.card_write_failed', { card: str(p['card_id']), room })
        : t('text.card_write_failed_hotel', { card: str(p['card_id']) });
    default:
      return [m.title, m.content].filter(Boolean).join(': ');
  }
}
