import { CreditCardOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addCardStepTwoNew, type Card, invalidateCards, sendCard, type WritePlan } from '../../api/cards.ts';
import { CardWriteProgress, useCardWriter } from './writeParts.tsx';

/** What the writer needs of a stay. */
export interface StayForCard {
  stay_id: number;
  room_id: number;
  /** The stay's 'disable old tenant's cards': a new card unsubscribes the older ones by default. */
  disable_old_cards?: boolean;
}

/**
 * Writes a guest card for a stay (spec §4 'Cards', issue 9 §3): the server allocates the card and its content for
 * the card found on the encoder, the card service writes it and reads it back, and only a verified write is
 * confirmed, so an unplugged encoder, a card taken away or another card put down leaves no issued card. Several
 * cards may be written for one stay; 'unsubscribe old card' makes the earlier ones stop opening the lock.
 */
export function GuestCardWriter({
  stay,
  hasCards = false,
  onIssued,
}: {
  stay: StayForCard;
  /** The stay has cards already: the button says 'another'. */
  hasCards?: boolean;
  onIssued?: (card: Card) => void;
}) {
  const { t } = useTranslation('cards');
  const client = useQueryClient();
  const [unsubscribeOld, setUnsubscribeOld] = useState(!!stay.disable_old_cards);
  const [issued, setIssued] = useState<Card>();
  const write = useCardWriter<Card>({
    allocate: (uid: string) =>
      sendCard({ stay_id: stay.stay_id, uid, unsubscribe_old: unsubscribeOld ? 1 : 0 }),
    confirm: async (plan: WritePlan, blocks: Record<string, string>) => {
      const card = await addCardStepTwoNew({ id: plan.id, uid: plan.uid, blocks });
      await invalidateCards(client);
      return card;
    },
    onDone: (card) => {
      setIssued(card);
      onIssued?.(card);
    },
  });

  return (
    <div data-testid="guest-card-writer" data-stay-id={stay.stay_id}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {hasCards || issued ? t('writer.another') : t('writer.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('writer.put')}</Typography.Paragraph>
      <Flex gap={8} align="center" wrap style={{ marginBottom: 12 }}>
        <Switch
          checked={unsubscribeOld}
          onChange={setUnsubscribeOld}
          disabled={write.running}
          data-testid="card-unsubscribe-old"
          aria-label={t('writer.unsubscribeOld')}
        />
        <span>{t('writer.unsubscribeOld')}</span>
        <Typography.Text type="secondary">{t('writer.unsubscribeOldHint')}</Typography.Text>
      </Flex>
      <Button
        type="primary"
        icon={<CreditCardOutlined />}
        onClick={() => {
          setIssued(undefined);
          write.start();
        }}
        loading={write.running}
        data-testid="card-write-start"
      >
        {issued ? t('writer.again') : write.failed ? t('writer.retry') : t('writer.start')}
      </Button>
      <CardWriteProgress write={write} />
      {issued && !write.running && (
        <Alert
          type="success"
          showIcon
          style={{ marginTop: 12 }}
          title={t('writer.issued', { card: issued.card_id })}
          data-testid="card-write-issued"
          data-card-id={issued.card_id}
        />
      )}
    </div>
  );
}
