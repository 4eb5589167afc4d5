import { ClockCircleOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, Form, Result, Spin } from 'antd';
import type { Dayjs } from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { type Card as CardRecord, type CardType, invalidateCards } from '../../api/cards.ts';
import { formatHotelTime, fromHotelWallClock, hotelWallClock } from '../../app/time.ts';
import { ReaderStatus } from '../../cardService/ReaderStatus.tsx';
import { LoadFailed } from '../../shared/listParts.tsx';
import { allocateSpecialCard, confirmSpecialCard, useSpecialCard } from './api.ts';
import { ExpiryField } from './ExpiryField.tsx';
import type { IssueType } from './IssueCardPage.tsx';
import { canIssue, listPathOf } from './kinds.ts';
import { SpecialCardWrite, useSpecialCardWrite } from './writer.tsx';

const SPECIAL: readonly number[] = [1, 2, 3, 5, 6];

/**
 * `/card/setTime?id=…&type=…&card=…` (reached from a list row's 'Change time'): changes the validity of an issued
 * special card by rewriting it. The card is put on the encoder; the server's write plan (room/cardAdd or
 * lock/managerAddNew with replace_id) keeps its scope, access controls and note with the new expiry under a new card
 * number, and once it read back as written the old record is withdrawn (its locks learn to refuse the old number).
 */
export default function SetTimePage() {
  const { t } = useTranslation('specialCards');
  const client = useQueryClient();
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || undefined;
  const typeParam = Number(search.get('type'));
  const type = SPECIAL.includes(typeParam) ? (typeParam as CardType) : undefined;
  const cardNumber = search.get('card') ?? undefined;
  const card = useSpecialCard(id, type, cardNumber);
  const [form] = Form.useForm<{ expiry?: Dayjs | null }>();
  const [done, setDone] = useState<CardRecord | null>(null);
  const endTime = useRef<number | null>(null);

  const writer = useSpecialCardWrite<CardRecord>({
    allocate: (uid) => {
      const old = card.data;
      if (!old || endTime.current === null) throw new Error('no card');
      return allocateSpecialCard(
        {
          type: old.type as IssueType,
          end_time: endTime.current,
          ...(old.building !== null ? { building: old.building } : {}),
          ...(old.floor !== null ? { floor: old.floor } : {}),
          ...(old.note ? { note: old.note } : {}),
          ...(old.access_controls?.length ? { access_controls: old.access_controls } : {}),
          replace_id: old.id,
        },
        uid,
      );
    },
    confirm: confirmSpecialCard,
  });

  if (done)
    return (
      <Card title={t('titles.setTime')} data-testid="set-time-page">
        <Result
          status="success"
          title={t('messages.replaced', { cardNumber: done.card_id })}
          subTitle={`${t('fields.expiry')}: ${formatHotelTime(done.end_time)}`}
          data-testid="card-issued"
          data-card-id={done.card_id}
          extra={
            <Link to={listPathOf(done.type)}>
              <Button type="primary" data-testid="card-back">
                {t('actions.back')}
              </Button>
            </Link>
          }
        />
      </Card>
    );

  if (!id || !type)
    return (
      <Card title={t('titles.setTime')}>
        <Result status="warning" title={t('messages.notSpecial')} data-testid="set-time-invalid" />
      </Card>
    );
  if (card.isError)
    return (
      <Card title={t('titles.setTime')}>
        <LoadFailed
          title={t('messages.loadFailed')}
          retryText={t('actions.retry')}
          onRetry={() => card.refetch()}
          testId="set-time-error"
        />
      </Card>
    );
  if (card.isLoading) return <Spin />;
  const old = card.data;
  if (!old)
    return (
      <Card title={t('titles.setTime')}>
        <Result
          status="404"
          title={t('messages.notFound')}
          extra={
            <Link to={listPathOf(type)}>
              <Button>{t('actions.back')}</Button>
            </Link>
          }
          data-testid="set-time-not-found"
        />
      </Card>
    );

  const submit = (values: { expiry?: Dayjs | null }) => {
    endTime.current = fromHotelWallClock(values.expiry as Dayjs);
    writer.start().then(
      (written) => {
        if (written) {
          setDone(written);
          invalidateCards(client);
        }
      },
      () => {},
    );
  };

  return (
    <Card title={t('titles.setTime')} data-testid="set-time-page" extra={<ReaderStatus refreshable />}>
      <Descriptions
        size="small"
        column={1}
        style={{ marginBottom: 16, maxWidth: 560 }}
        items={[
          { key: 'number', label: t('fields.cardNumber'), children: old.card_id },
          { key: 'type', label: t('fields.type'), children: t(`types.${old.type}`) },
          ...(old.building !== null
            ? [
                {
                  key: 'b',
                  label: t('fields.building'),
                  children: t('values.buildingNo', { building: old.building }),
                },
              ]
            : []),
          ...(old.floor !== null
            ? [{ key: 'f', label: t('fields.floor'), children: t('values.floorNo', { floor: old.floor }) }]
            : []),
          { key: 'start', label: t('fields.start'), children: formatHotelTime(old.start_time) },
          { key: 'end', label: t('fields.expiry'), children: formatHotelTime(old.end_time) },
          ...(old.note ? [{ key: 'note', label: t('fields.note'), children: old.note }] : []),
        ]}
      />
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16, maxWidth: 560 }}
        title={t('hints.setTime', { cardNumber: old.card_id })}
      />
      <Form
        form={form}
        layout="vertical"
        disabled={writer.busy}
        initialValues={{ expiry: old.end_time > Date.now() / 1000 ? hotelWallClock(old.end_time) : null }}
        onFinish={submit}
      >
        <ExpiryField form={form} />
        <Flex gap={8} wrap>
          <Button
            type="primary"
            htmlType="submit"
            icon={<ClockCircleOutlined />}
            loading={writer.busy}
            disabled={!canIssue(old.type)}
            data-testid="card-write"
          >
            {t('actions.write')}
          </Button>
          <Link to={listPathOf(old.type)}>
            <Button disabled={false}>{t('actions.back')}</Button>
          </Link>
        </Flex>
      </Form>
      <SpecialCardWrite writer={writer} />
    </Card>
  );
}
