import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { type OpenStay, useOpenStays } from '../../api/faces.ts';
import { useRoomOptions } from '../../api/locks.ts';
import { formatHotelTime } from '../../app/time.ts';

/** How a stay reads in the picker: guest, mobile and period in hotel time. */
export function stayLabel(stay: OpenStay): string {
  const who = [stay.nickname, stay.mobile].filter(Boolean).join(' ');
  return `${who} · ${formatHotelTime(stay.start_time)} – ${formatHotelTime(stay.end_time)}`;
}

/**
 * The optional 'grant to a room' fields of the face and fingerprint forms (fields `room_id`, `stay_id`): a room
 * picker unless the room is given, then the room's open stays unless the stay is given (empty: the current guest).
 */
export function RoomStayFields({
  roomId,
  stayId,
  roomHint,
}: {
  roomId?: number | undefined;
  stayId?: number | undefined;
  /** What choosing a room does (the face's text by default). */
  roomHint?: string;
}) {
  const { t } = useTranslation('faces');
  const form = Form.useFormInstance();
  const picked = Form.useWatch<number | undefined>('room_id', form);
  const room = roomId ?? picked;
  const rooms = useRoomOptions(roomId === undefined);
  const stays = useOpenStays(stayId === undefined ? room : undefined);

  return (
    <>
      {roomId === undefined && (
        <Form.Item name="room_id" label={t('fields.room')} extra={roomHint ?? t('hints.room')}>
          <Select
            data-testid="room-picker"
            showSearch={{ optionFilterProp: 'label' }}
            allowClear
            placeholder={t('placeholders.noRoom')}
            loading={rooms.isLoading}
            options={(rooms.data ?? []).map((r) => ({ value: r.room_id ?? r.id, label: r.name }))}
            onChange={() => form.setFieldValue('stay_id', undefined)}
          />
        </Form.Item>
      )}
      {stayId === undefined && room !== undefined && room !== null && (
        <Form.Item
          name="stay_id"
          label={t('fields.stay')}
          extra={stays.data && stays.data.length === 0 ? t('hints.noOpenStay') : undefined}
        >
          <Select
            data-testid="stay-picker"
            allowClear
            placeholder={t('placeholders.currentGuest')}
            loading={stays.isLoading}
            options={(stays.data ?? []).map((s) => ({ value: s.stay_id, label: stayLabel(s) }))}
          />
        </Form.Item>
      )}
    </>
  );
}
