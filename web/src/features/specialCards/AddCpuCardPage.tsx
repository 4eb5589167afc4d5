import { ScanOutlined } from '@ant-design/icons';
import { App, Button, Card, Flex, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useRoomOptions } from '../../api/locks.ts';
import { PATHS } from '../../app/paths.ts';
import { fromHotelWallClock } from '../../app/time.ts';
import { ReaderStatus } from '../../cardService/ReaderStatus.tsx';
import { useAddCpuCard } from './api.ts';
import { ExpiryField } from './ExpiryField.tsx';
import { canManageCards } from './kinds.ts';
import { useFindCardSerial } from './writer.tsx';

interface CpuValues {
  serial?: string;
  room_id?: number;
  expiry?: Dayjs | null;
  note?: string;
}

/** A CPU card's serial number: 8 to 20 hexadecimal characters (contract B, cpuCardCalls.addCpuCard). */
export const SERIAL = /^[0-9A-F]{8,20}$/;

/**
 * `/card/addCpuCard`: registers a CPU card by its serial number, read from the card on the encoder through the
 * card service (findCard) or typed, with an optional room, the expiry (spec §5 rules, quick picks) and a note.
 */
export default function AddCpuCardPage() {
  const { t } = useTranslation('specialCards');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<CpuValues>();
  const rooms = useRoomOptions();
  const add = useAddCpuCard();
  const finder = useFindCardSerial();

  const read = () =>
    finder.find().then(
      (serial) => {
        if (!serial) return;
        form.setFieldValue('serial', serial);
        form.validateFields(['serial']).catch(() => {});
        message.success(t('messages.serialRead', { serial }));
      },
      () => {},
    );

  const submit = (values: CpuValues) => {
    const serial = (values.serial ?? '').trim().toUpperCase();
    add
      .mutateAsync({
        serial,
        end_time: fromHotelWallClock(values.expiry as Dayjs),
        ...(values.room_id ? { room_id: values.room_id } : {}),
        ...(values.note?.trim() ? { note: values.note.trim() } : {}),
      })
      .then(
        () => {
          message.success(t('messages.cpuAdded', { serial }));
          navigate(PATHS.cpuCard);
        },
        () => {},
      );
  };

  return (
    <Card title={t('titles.addCpu')} data-testid="cpu-add-page" extra={<ReaderStatus refreshable />}>
      <Form<CpuValues>
        form={form}
        layout="vertical"
        style={{ maxWidth: 560 }}
        disabled={!canManageCards() || add.isPending}
        onFinish={submit}
      >
        <Form.Item label={t('fields.serial')} required extra={t('hints.serialRead')}>
          <Flex gap={8}>
            <Form.Item
              name="serial"
              noStyle
              normalize={(v: string) => v.replace(/\s+/g, '').toUpperCase()}
              rules={[
                {
                  validator: async (_r, value?: string) => {
                    if (!value || !SERIAL.test(value)) throw new Error(t('messages.serialInvalid'));
                  },
                },
              ]}
            >
              <Input
                maxLength={20}
                placeholder={t('placeholders.serial')}
                dir="ltr"
                style={{ fontFamily: 'monospace' }}
                data-testid="cpu-serial"
              />
            </Form.Item>
            <Button
              icon={<ScanOutlined />}
              loading={finder.busy}
              onClick={read}
              data-testid="cpu-read-serial"
            >
              {t('actions.readSerial')}
            </Button>
          </Flex>
          {finder.error ? (
            <div role="alert" style={{ color: '#ff4d4f', marginTop: 4 }} data-testid="cpu-read-error">
              {finder.error}
            </div>
          ) : null}
        </Form.Item>
        <Form.Item name="room_id" label={t('fields.room')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('placeholders.room')}
            loading={rooms.isLoading}
            options={(rooms.data ?? []).map((r) => ({ value: r.room_id ?? r.id, label: r.name }))}
            data-testid="cpu-room"
          />
        </Form.Item>
        <ExpiryField form={form} />
        <Form.Item name="note" label={t('fields.note')}>
          <Input maxLength={64} placeholder={t('placeholders.note')} dir="auto" data-testid="cpu-note" />
        </Form.Item>
        <Flex gap={8} wrap>
          <Button type="primary" htmlType="submit" loading={add.isPending} data-testid="cpu-save">
            {t('save')}
          </Button>
          <Button disabled={false} onClick={() => navigate(PATHS.cpuCard)}>
            {t('actions.back')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
