import { Alert, Button, Card, Descriptions, Empty, List, Space, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { type Card as IssuedCard, useStayCards } from '../../api/cards.ts';
import { hotelTimeText } from '../../shared/format.ts';
import { LinkButton } from '../../shared/LinkButton.tsx';
import { detailPath } from '../../shared/roomLinks.ts';
import { StatusTag } from '../../shared/rooms/StatusTag.tsx';
import { stayTimeText } from '../../shared/stays/TenantPanel.tsx';
import { StayMissing, useStayOfCard } from './api.ts';

const CARD_STATUS_COLOURS: Record<string, string> = {
  pending: 'blue',
  issued: 'green',
  withdrawn: 'default',
  deleted: 'red',
};

function CardLine({ card }: { card: IssuedCard }) {
  const { t } = useTranslation('cardReading');
  return (
    <List.Item data-testid="stay-card" data-card-id={card.card_id}>
      <Space wrap>
        <bdi dir="ltr">{card.card_id}</bdi>
        <span>{t(`types.${card.type}`, { defaultValue: card.type_name })}</span>
        <Tag color={CARD_STATUS_COLOURS[card.status] ?? 'default'}>{t(`cardStatus.${card.status}`)}</Tag>
        <Typography.Text type="secondary">
          {hotelTimeText(card.start_time)} – {hotelTimeText(card.end_time)}
        </Typography.Text>
      </Space>
    </List.Item>
  );
}

/**
 * /room/thetouristsDetails?id=<stay>&other_information=… (spec §4 step 7): the guest of a card read with the Card
 * Reading button: the room, the guest and fellow tenants, check-in and check-out, time left, other information and
 * the cards of the stay, with a link to the room. `room_id` in the link spares a lookup; without it the room is
 * found through the stay's cards.
 */
export default function StayDetailsPage() {
  const { t } = useTranslation('cardReading');
  const { t: ts } = useTranslation('stays');
  const [params] = useSearchParams();
  const stayId = Number(params.get('id'));
  const roomHint = Number(params.get('room_id') ?? 0);
  const otherFromLink = params.get('other_information') ?? '';
  const query = useStayOfCard(stayId, roomHint);
  const cards = useStayCards(stayId > 0 ? stayId : undefined);

  if (!(stayId > 0) || query.error instanceof StayMissing)
    return <Empty data-testid="stay-details-missing" description={t('stayPage.notFound')} />;
  if (query.isError)
    return (
      <Alert
        type="error"
        showIcon
        message={t('stayPage.loadFailed')}
        action={<Button onClick={() => query.refetch()}>{t('tryAgain')}</Button>}
      />
    );
  if (!query.data) return <Spin data-testid="stay-details-loading" />;

  const { stay, room } = query.data;
  const fellows = stay.tenants ?? [];
  const other = stay.other_information || otherFromLink;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="stay-details">
      <Card
        title={t('stayPage.title')}
        extra={
          <LinkButton to={detailPath(room, 'tenant')} data-testid="stay-details-room-link">
            {t('stayPage.roomDetail')}
          </LinkButton>
        }
      >
        <Descriptions column={{ xs: 1, md: 2 }} bordered size="small">
          <Descriptions.Item label={t('fields.room')}>
            <Space>
              <span data-testid="stay-details-room">{room.name}</span>
              <StatusTag status={room.status} />
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.guest')}>
            <span data-testid="stay-details-guest">{stay.nickname || stay.mobile}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.mobile')}>
            <bdi dir="ltr">{stay.mobile}</bdi>
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.fellows')}>
            {fellows.length
              ? fellows.map((f) => (
                  <div key={f.id}>
                    {f.nickname || f.mobile} <bdi dir="ltr">{f.mobile}</bdi>
                  </div>
                ))
              : t('stayPage.none')}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.checkIn')}>{hotelTimeText(stay.start_time)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.checkOut')}>{hotelTimeText(stay.end_time)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.state')}>
            <Tag data-testid="stay-details-state" data-state={stay.state}>
              {ts(`state.${stay.state}`)}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.remaining')}>
            <span data-testid="stay-details-remaining">{stayTimeText(ts, stay)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.otherInformation')} span={2}>
            <span dir="auto" data-testid="stay-details-other">
              {other || t('stayPage.none')}
            </span>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('stayPage.cards')} data-testid="stay-details-cards">
        {cards.data?.list.length ? (
          <List size="small" dataSource={cards.data.list} renderItem={(card) => <CardLine card={card} />} />
        ) : cards.isLoading ? (
          <Spin />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('stayPage.noCards')} />
        )}
      </Card>
    </Space>
  );
}
