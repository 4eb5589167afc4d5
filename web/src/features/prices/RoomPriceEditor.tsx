import { Alert, App, Button, Card, Result, Skeleton, Space, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type RoomOption, useRoomPrices, useSavePrices } from './api.ts';
import { PriceForm, type PriceFormInitial } from './PriceForm.tsx';
import { QuotePreview } from './QuotePreview.tsx';
import { pricesTexts } from './texts.ts';

/** One room's prices: the editor (room/setPrice, room/setRenew) and what a stay would cost. */
export function RoomPriceEditor({ room }: { room: RoomOption }) {
  const { t } = useTranslation(pricesTexts.ns);
  const { message } = App.useApp();
  const prices = useRoomPrices(room);
  const save = useSavePrices();
  const data = prices.data;
  const initial = useMemo<PriceFormInitial>(
    () =>
      data
        ? {
            deposit: data.deposit,
            price: data.price,
            weekend_price: data.weekend_price,
            renew: data.renew,
            date_prices: data.date_prices,
          }
        : {},
    [data],
  );

  if (prices.isPending) return <Skeleton active />;
  if (prices.isError || !data)
    return (
      <Result
        status="warning"
        title={t('room.loadFailed')}
        extra={<Button onClick={() => void prices.refetch()}>{t('actions.retry')}</Button>}
      />
    );

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="room-price-editor">
      <Card size="small" title={t('room.title', { name: data.name })}>
        {data.price_template_id !== null ? (
          <Tag color="blue" style={{ marginBottom: 12 }}>
            {t('room.fromTemplate')}
          </Tag>
        ) : null}
        <div data-testid="room-price-current" data-price={data.price} data-weekend={data.weekend_price}>
          {data.price >= 1 ? null : (
            <Alert type="warning" showIcon title={t('room.noPrice')} style={{ marginBottom: 12 }} />
          )}
        </div>
        <PriceForm
          initial={initial}
          renew="switch"
          saving={save.isPending}
          submitText={t('actions.save')}
          onSubmit={({ prices: input, renew }) =>
            save.mutate(
              { roomIds: [room.id], prices: input, ...(renew === data.renew ? {} : { renew }) },
              { onSuccess: () => void message.success(t('room.saved')) },
            )
          }
        />
      </Card>
      <Card size="small" title={t('quote.title')}>
        <QuotePreview roomId={room.id} hasPrice={data.price >= 1} />
      </Card>
    </Space>
  );
}
