import { ROOM_STATUS } from '@lockdesk/protocol';
import type { ButtonProps } from 'antd';
import { Alert, App, Button, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Room, useSetRoomStatus } from '../../api/rooms.ts';
import { StatusTag } from '../../shared/rooms/StatusTag.tsx';
import {
  MANUAL_STATUS_KEYS,
  type RoomStatusKey,
  STATUS_ACCENTS,
  statusCode,
  statusKey,
} from '../../shared/rooms/status.ts';

/**
 * Room status change (spec §4): vacant, reserved, maintenance or dirty by hand; 'checked in' comes only from a
 * check-in; a dirty room cannot be self-checked-in. Setting a room with a guest to another status asks first.
 */
export function StatusTab({ room }: { room: Room }) {
  const { t } = useTranslation('rooms');
  const { message, modal } = App.useApp();
  const setStatus = useSetRoomStatus();
  const [picked, setPicked] = useState<RoomStatusKey | undefined>();
  const current = statusKey(room.status);
  const choice = picked ?? (current === 'checkedIn' ? undefined : current);

  const apply = () => {
    if (!choice || choice === current) return;
    const run = () =>
      setStatus.mutate(
        { room_id: room.id, status: statusCode(choice) },
        {
          onSuccess: () => {
            setPicked(undefined);
            message.success(t('statusTab.changed', { status: t(`status.${choice}`) }));
          },
        },
      );
    if (room.status === ROOM_STATUS.checkedIn || room.tenant) {
      modal.confirm({
        title: t('statusTab.confirmTitle'),
        content: t('statusTab.confirmGuest', { status: t(`status.${choice}`) }),
        okText: t('statusTab.apply'),
        cancelText: t('cancel'),
        okButtonProps: { 'data-testid': 'status-confirm-ok' } as ButtonProps,
        onOk: run,
      });
    } else run();
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%', maxWidth: 640 }} data-testid="status-tab">
      <Space>
        <Typography.Text>{t('statusTab.current')}</Typography.Text>
        <StatusTag status={room.status} />
      </Space>
      <Alert type="warning" showIcon title={t('statusTab.dirtyRule')} />
      <Alert type="info" showIcon title={t('statusTab.checkedInRule')} />
      <Radio.Group
        value={choice}
        onChange={(e) => setPicked(e.target.value as RoomStatusKey)}
        data-testid="status-choices"
        style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}
      >
        {MANUAL_STATUS_KEYS.map((key) => (
          <Radio.Button key={key} value={key}>
            <span data-testid={`status-choice-${key}`}>
              <span
                aria-hidden
                style={{
                  display: 'inline-block',
                  width: 8,
                  height: 8,
                  borderRadius: 4,
                  marginInlineEnd: 6,
                  background: STATUS_ACCENTS[key],
                }}
              />
              {t(`status.${key}`)}
            </span>
          </Radio.Button>
        ))}
      </Radio.Group>
      <Typography.Text type="secondary">
        {choice ? t(`statusTab.explain.${choice}`) : t('statusTab.pick')}
      </Typography.Text>
      <Button
        type="primary"
        onClick={apply}
        disabled={!choice || choice === current}
        loading={setStatus.isPending}
        data-testid="status-apply"
      >
        {t('statusTab.apply')}
      </Button>
    </Space>
  );
}
