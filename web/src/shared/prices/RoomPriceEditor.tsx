import { Alert, App, Button, Card, Result, Skeleton, Space, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoomPrices, useSavePrices } from '../../api/prices.ts';
import { pricesTexts } from '../../i18n/namespaces.ts';
import { PriceForm, type PriceFormInitial } from './PriceForm.tsx';
import { QuotePreview } from './QuotePreview.tsx';
import { canManagePrices, ReadOnlyNote } from './ReadOnlyNote.tsx';

/**
 * One room's prices (room/priceInfo): the editor (room/setPrice, room/setRenew) and what a stay would cost. Any
 * room in scope, with a lock or not; read-only for an account without `price.manage`.
 */
export function RoomPriceEditor({ roomId, name }: { roomId: number; name?: string | undefined }) {
  const { t } = useTranslation(pricesTexts.ns);
  const { message } = App.useApp();
  const prices = useRoomPrices(roomId);
  const save = useSavePrices();
  const readOnly = !canManagePrices();
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
        extra={<Button onClick={() => void prices.refetch()}>{t('tryAgain')}</Button>}
        data-testid="room-price-failed"
      />
    );

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="room-price-editor">
      <Card size="small" title={name ? t('room.title', { name }) : t('page.roomsTab')}>
        {readOnly ? <ReadOnlyNote /> : null}
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
          readOnly={readOnly}
          saving={save.isPending}
          submitText={t('actions.save')}
          onSubmit={({ prices: input, renew }) =>
            save.mutate(
              { roomIds: [roomId], prices: input, ...(renew === data.renew ? {} : { renew }) },
              { onSuccess: () => void message.success(t('room.saved')) },
            )
          }
        />
      </Card>
      <Card size="small" title={t('quote.title')}>
        <QuotePreview roomId={roomId} hasPrice={data.price >= 1} />
      </Card>
    </Space>
  );
}
