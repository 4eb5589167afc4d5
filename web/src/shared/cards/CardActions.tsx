import {
  DeleteOutlined,
  EditOutlined,
  LockOutlined,
  RollbackOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type Card,
  cardsKeys,
  type EncryptionPlan,
  invalidateCards,
  type KeyChange,
  sendCardDecodeSyntony,
  sendCardEncryption,
  sendCardEncryptionSyntony,
  useCardNote,
  useDeleteCard,
  useWithdrawCard,
  type WriteStep,
} from '../../api/cards.ts';
import { errorMessage } from '../../i18n/index.ts';
import { CardWriteProgress, useCardEraser, useCardWriter, wrongCard } from './writeParts.tsx';

/** A note has at most 64 characters (contract B `room/addCardMark`). */
export const MAX_NOTE = 64;

/** Which actions a card offers in its state. */
export function cardActionsOf(card: Card): {
  withdraw: boolean;
  remove: boolean;
  encrypt: boolean;
  note: boolean;
} {
  const live = card.status === 'issued';
  return {
    withdraw: live,
    remove: card.status !== 'deleted' && card.status !== 'pending',
    encrypt: live && !!card.uid,
    note: card.status !== 'pending',
  };
}

/** Edits a card's note. */
function NoteModal({ card, onClose }: { card: Card; onClose: () => void }) {
  const { t } = useTranslation('cards');
  const { message } = App.useApp();
  const note = useCardNote();
  const [form] = Form.useForm<{ note: string }>();
  return (
    <Modal
      open
      title={t('actions.noteTitle', { card: card.card_id })}
      okText={t('save')}
      cancelText={t('cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={note.isPending}
      okButtonProps={{ 'data-testid': 'card-note-save' }}
      destroyOnHidden
    >
      <Form<{ note: string }>
        form={form}
        layout="vertical"
        initialValues={{ note: card.note ?? '' }}
        onFinish={(values) =>
          note.mutate(
            { id: card.id, note: (values.note ?? '').trim() },
            {
              onSuccess: () => {
                message.success(t('actions.noteSaved'));
                onClose();
              },
            },
          )
        }
      >
        <Form.Item
          name="note"
          label={t('fields.note')}
          rules={[{ max: MAX_NOTE, message: t('actions.noteTooLong') }]}
        >
          <Input maxLength={MAX_NOTE} showCount dir="auto" data-testid="card-note-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Encrypts or decrypts the card on the encoder: the server's plan written by the card service, then confirmed. */
function EncryptionModal({ card, decrypt, onClose }: { card: Card; decrypt: boolean; onClose: () => void }) {
  const { t } = useTranslation('cards');
  const { message } = App.useApp();
  const client = useQueryClient();
  const write = useCardWriter<KeyChange, EncryptionPlan>({
    allocate: async (uid: string) => {
      // Only this card may be changed: another card on the encoder is refused before anything is written.
      if (card.uid && uid.toUpperCase() !== card.uid.toUpperCase()) throw wrongCard();
      return sendCardEncryption({ uid, decrypt: decrypt ? 1 : 0 });
    },
    confirm: async (plan: EncryptionPlan, blocks: Record<string, string>) => {
      const done = decrypt
        ? await sendCardDecodeSyntony({ uid: plan.uid, blocks })
        : await sendCardEncryptionSyntony({ uid: plan.uid, blocks });
      await client.invalidateQueries({ queryKey: cardsKeys.all });
      return done;
    },
    onDone: () => {
      message.success(t(decrypt ? 'actions.decrypted' : 'actions.encrypted', { card: card.card_id }));
      onClose();
    },
  });
  const title = t(decrypt ? 'actions.decryptTitle' : 'actions.encryptTitle', { card: card.card_id });
  return (
    <Modal
      open
      title={title}
      onCancel={() => {
        write.cancel();
        onClose();
      }}
      footer={
        <Space>
          <Button onClick={onClose} disabled={write.running}>
            {t('actions.close')}
          </Button>
          <Button
            type="primary"
            onClick={write.start}
            loading={write.running}
            data-testid="card-encrypt-start"
          >
            {decrypt ? t('actions.decrypt') : t('actions.encrypt')}
          </Button>
        </Space>
      }
      destroyOnHidden
    >
      <div data-testid="card-encrypt">
        <Typography.Paragraph>{t('actions.encryptHint', { card: card.card_id })}</Typography.Paragraph>
        <CardWriteProgress write={write} />
      </div>
    </Modal>
  );
}

/**
 * After a withdrawal: offers to erase the returned card when it is on the encoder, its steps shown as they
 * happen; an encrypted card is then back on factory keys and the server is told (room/sendCardDecodeSyntony).
 */
function EraseModal({ card, steps, onClose }: { card: Card; steps: WriteStep[]; onClose: () => void }) {
  const { t } = useTranslation('cards');
  const { message } = App.useApp();
  const client = useQueryClient();
  const erase = useCardEraser(card.uid ?? '', steps, (changed) => {
    if (changed) void invalidateCards(client);
    message.success(t('actions.erased', { card: card.card_id }));
    onClose();
  });
  return (
    <Modal
      open
      title={t('actions.eraseTitle')}
      onCancel={() => {
        erase.cancel();
        onClose();
      }}
      footer={
        <Space>
          <Button
            onClick={() => {
              erase.cancel();
              onClose();
            }}
            data-testid="card-erase-skip"
          >
            {t('actions.notNow')}
          </Button>
          <Button type="primary" onClick={erase.start} loading={erase.running} data-testid="card-erase-start">
            {t('actions.erase')}
          </Button>
        </Space>
      }
      destroyOnHidden
    >
      <div data-testid="card-erase">
        <Typography.Paragraph>{t('actions.eraseHint', { card: card.card_id })}</Typography.Paragraph>
        <CardWriteProgress write={erase} />
      </div>
    </Modal>
  );
}

/**
 * A card's actions (spec §4 'Cards'): withdraw (the guest returned it; then erase it if it is on the encoder),
 * delete (the lock learns it at its next Bluetooth unlock, which the console says), encrypt or cancel encryption
 * (written on the encoder), and its note.
 */
export function CardActions({ card, compact = false }: { card: Card; compact?: boolean }) {
  const { t } = useTranslation('cards');
  const { message } = App.useApp();
  const withdraw = useWithdrawCard();
  const remove = useDeleteCard();
  const [open, setOpen] = useState<'note' | 'encrypt' | 'decrypt'>();
  const [erase, setErase] = useState<WriteStep[]>();
  const can = cardActionsOf(card);
  const label = (text: string) => (compact ? null : text);

  return (
    <Space size={4} wrap data-testid="card-actions">
      {can.withdraw && (
        <Popconfirm
          title={t('actions.withdrawConfirm', { card: card.card_id })}
          okText={t('actions.withdraw')}
          cancelText={t('cancel')}
          okButtonProps={{ danger: true, 'data-testid': 'card-withdraw-ok' }}
          onConfirm={() =>
            withdraw.mutateAsync({ card_id: card.card_id }).then(
              (answer) => {
                message.success(t('actions.withdrawn', { card: card.card_id }));
                message.info(errorMessage('BLUETOOTH_SYNC_NEEDED'));
                if (answer.erase && answer.erase.length > 0 && card.uid) setErase(answer.erase);
              },
              () => {},
            )
          }
        >
          <Button
            size="small"
            icon={<RollbackOutlined />}
            title={t('actions.withdraw')}
            data-testid="card-withdraw"
          >
            {label(t('actions.withdraw'))}
          </Button>
        </Popconfirm>
      )}
      {can.encrypt && !card.encrypted && (
        <Button
          size="small"
          icon={<LockOutlined />}
          title={t('actions.encrypt')}
          onClick={() => setOpen('encrypt')}
          data-testid="card-encrypt-open"
        >
          {label(t('actions.encrypt'))}
        </Button>
      )}
      {can.encrypt && card.encrypted && (
        <Button
          size="small"
          icon={<UnlockOutlined />}
          title={t('actions.decrypt')}
          onClick={() => setOpen('decrypt')}
          data-testid="card-decrypt-open"
        >
          {label(t('actions.decrypt'))}
        </Button>
      )}
      {can.note && (
        <Button
          size="small"
          icon={<EditOutlined />}
          title={t('actions.note')}
          onClick={() => setOpen('note')}
          data-testid="card-note"
        >
          {label(t('actions.note'))}
        </Button>
      )}
      {can.remove && (
        <Popconfirm
          title={t('actions.deleteConfirm', { card: card.card_id })}
          description={errorMessage('BLUETOOTH_SYNC_NEEDED')}
          okText={t('delete')}
          cancelText={t('cancel')}
          okButtonProps={{ danger: true, 'data-testid': 'card-delete-ok' }}
          onConfirm={() =>
            remove.mutateAsync({ id: card.id }).then(
              () => {
                message.success(t('actions.deleted', { card: card.card_id }));
                message.info(errorMessage('BLUETOOTH_SYNC_NEEDED'));
              },
              () => {},
            )
          }
        >
          <Button size="small" danger icon={<DeleteOutlined />} title={t('delete')} data-testid="card-delete">
            {label(t('delete'))}
          </Button>
        </Popconfirm>
      )}
      {open === 'note' && <NoteModal card={card} onClose={() => setOpen(undefined)} />}
      {(open === 'encrypt' || open === 'decrypt') && (
        <EncryptionModal card={card} decrypt={open === 'decrypt'} onClose={() => setOpen(undefined)} />
      )}
      {erase && <EraseModal card={card} steps={erase} onClose={() => setErase(undefined)} />}
    </Space>
  );
}
