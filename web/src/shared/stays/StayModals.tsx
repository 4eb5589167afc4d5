import { checkMobile, checkNickname, checkStay } from '@lockdesk/protocol';
import { App, Form, Input, Modal, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Stay, useAddFellow, useLockRooms, useMoveStay, useSetExpiration } from '../../api/stays.ts';
import { hotelNow, hotelWallClock } from '../../app/time.ts';
import { errorMessage } from '../../i18n/index.ts';
import { codeRule, formatMoney, hotelTimeText, secondsOf } from '../format.ts';
import { HotelTimePicker } from '../HotelTimePicker.tsx';
import { QuoteView } from './QuoteView.tsx';
import { RoomPicker } from './RoomPicker.tsx';

/**
 * A new estimated check-out (`user/setUserExpiration`). 'renew' asks for a later time and quotes the renewal before
 * the operator confirms; 'validity' sets the tenant's validity to any future time (a later one is charged as a
 * renewal too, so it is quoted the same way).
 */
export function ExpirationModal({
  stay,
  mode,
  onClose,
}: {
  stay: Stay;
  mode: 'renew' | 'validity';
  onClose: () => void;
}) {
  const { t } = useTranslation('stays');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ end: Dayjs | null }>();
  const setExpiration = useSetExpiration(stay.room_id);
  const end = secondsOf(Form.useWatch('end', form));
  const initial =
    mode === 'renew' ? hotelWallClock(stay.end_time).add(1, 'day') : hotelWallClock(stay.end_time);
  const later = end !== undefined && end > stay.end_time;
  const valid =
    end !== undefined &&
    end * 1000 > Date.now() &&
    !checkStay(stay.start_time * 1000, end * 1000) &&
    (mode === 'validity' || later);

  const submit = ({ end: value }: { end: Dayjs | null }) => {
    const seconds = secondsOf(value);
    if (seconds === undefined) return;
    setExpiration.mutate(
      { stay_id: stay.stay_id, end_time: seconds },
      {
        onSuccess: (answer) => {
          message.success(
            answer.renewal_fee
              ? t('renew.doneWithFee', { fee: formatMoney(answer.renewal_fee) })
              : t('renew.done', { end: hotelTimeText(answer.end_time) }),
          );
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open
      title={mode === 'renew' ? t('renew.title') : t('renew.validityTitle')}
      okText={mode === 'renew' ? t('renew.confirm') : t('save')}
      cancelText={t('cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={setExpiration.isPending}
      okButtonProps={{ disabled: !valid, 'data-testid': 'renew-ok' }}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('renew.current', { end: hotelTimeText(stay.end_time) })}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ end: initial }}
        onFinish={submit}
        data-testid="renew-form"
      >
        <Form.Item
          name="end"
          label={t('fields.checkOut')}
          extra={t('common.hotelTime')}
          rules={[
            {
              validator: async (_r, value: Dayjs | null | undefined) => {
                const s = secondsOf(value);
                if (s === undefined) throw new Error(errorMessage('CHECK_OUT_TIME_REQUIRED'));
                if (s * 1000 <= Date.now()) throw new Error(errorMessage('EXPIRATION_NOT_FUTURE'));
                const code = checkStay(stay.start_time * 1000, s * 1000);
                if (code) throw new Error(errorMessage(code));
                if (mode === 'renew' && s <= stay.end_time) throw new Error(t('renew.mustBeLater'));
              },
            },
          ]}
        >
          <HotelTimePicker minDate={hotelNow().startOf('day')} data-testid="renew-end" />
        </Form.Item>
      </Form>
      {valid && later && end !== undefined && (
        <QuoteView input={{ room_id: stay.room_id, stay_id: stay.stay_id, end_time: end }} />
      )}
      {valid && !later && <Typography.Paragraph type="secondary">{t('renew.shorter')}</Typography.Paragraph>}
    </Modal>
  );
}

/** Moves a stay to another room (`room/exchangeHouses`): a room picker over every room, then a confirm. */
export function MoveModal({ stay, onClose }: { stay: Stay; onClose: () => void }) {
  const { t } = useTranslation('stays');
  const { message, modal } = App.useApp();
  const [target, setTarget] = useState<number>();
  const rooms = useLockRooms();
  const move = useMoveStay();
  const nameOf = (id: number) => rooms.data?.list.find((r) => r.id === id)?.name ?? `#${id}`;

  const ask = () => {
    if (target === undefined) return;
    modal.confirm({
      title: t('move.confirmTitle'),
      content: t('move.confirmText', {
        guest: stay.nickname || stay.mobile,
        from: nameOf(stay.room_id),
        to: nameOf(target),
      }),
      okText: t('move.confirm'),
      cancelText: t('cancel'),
      okButtonProps: { 'data-testid': 'move-confirm-ok' },
      onOk: () =>
        move
          .mutateAsync({ room_id: stay.room_id, new_room_id: target, stay_id: stay.stay_id })
          .then(() => {
            message.success(t('move.done', { room: nameOf(target) }));
            onClose();
          })
          .catch(() => undefined),
    });
  };

  return (
    <Modal
      open
      title={t('move.title')}
      okText={t('move.next')}
      cancelText={t('cancel')}
      onOk={ask}
      onCancel={onClose}
      okButtonProps={{ disabled: target === undefined, 'data-testid': 'move-next' }}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {t('move.from', { room: nameOf(stay.room_id), guest: stay.nickname || stay.mobile })}
      </Typography.Paragraph>
      <RoomPicker
        value={target}
        onChange={setTarget}
        exclude={stay.room_id}
        testId="move-room"
        placeholder={t('move.pick')}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('move.hint')}
      </Typography.Paragraph>
    </Modal>
  );
}

/** Adds a fellow tenant to an open stay (`room/addPassenger`). */
export function AddFellowModal({ stay, onClose }: { stay: Stay; onClose: () => void }) {
  const { t } = useTranslation('stays');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ mobile: string; nickname?: string; id_number?: string }>();
  const add = useAddFellow(stay.room_id);
  return (
    <Modal
      open
      title={t('fellow.addTitle')}
      okText={t('save')}
      cancelText={t('cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={add.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) =>
          add.mutate(
            {
              stay_id: stay.stay_id,
              mobile: v.mobile.trim(),
              ...(v.nickname?.trim() ? { nickname: v.nickname.trim() } : {}),
              ...(v.id_number?.trim() ? { id_number: v.id_number.trim() } : {}),
            },
            {
              onSuccess: () => {
                message.success(t('fellow.added'));
                onClose();
              },
            },
          )
        }
      >
        <Form.Item
          name="mobile"
          label={t('fields.mobile')}
          required
          rules={[codeRule((v) => checkMobile(v as string))]}
        >
          <Input inputMode="tel" maxLength={11} />
        </Form.Item>
        <Form.Item
          name="nickname"
          label={t('fields.nickname')}
          rules={[codeRule((v) => checkNickname(v as string))]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="id_number" label={t('fields.idNumber')}>
          <Input maxLength={32} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
