import { Button, type ButtonProps, Descriptions, Form, Input, Modal, Space, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '../../app/permissions.ts';
import { formatHotelTime } from '../../app/time.ts';
import {
  type MerchantAccount,
  type Order,
  useMerchantAccount,
  useRecharge,
  useRefund,
  useSetCashData,
  useWithdraw,
} from './api.ts';
import { checkAmount, fenToYuanText, formatYuan, MAX_AMOUNT_FEN } from './money.ts';

/** An antd rule for a yuan amount field: 0.01 … max yuan, at most two decimals. */
function useAmountRule(maxFen: number) {
  const { t } = useTranslation('business');
  return {
    validator: async (_: unknown, value: string | undefined) => {
      const checked = checkAmount(value, maxFen);
      if (!checked.ok) {
        throw new Error(t(`amount.${checked.error}`, { max: formatYuan(maxFen) }));
      }
    },
  };
}

interface AmountForm {
  amount: string;
  note?: string;
}

/** The amount and note fields of the money forms. */
function AmountFields({ maxFen, testId }: { maxFen: number; testId: string }) {
  const { t } = useTranslation('business');
  const rule = useAmountRule(maxFen);
  return (
    <>
      <Form.Item
        name="amount"
        label={t('amount.label')}
        rules={[rule]}
        extra={t('amount.hint', { max: formatYuan(maxFen) })}
      >
        <Input prefix="¥" inputMode="decimal" autoComplete="off" data-testid={`${testId}-amount`} />
      </Form.Item>
      <Form.Item name="note" label={t('amount.note')}>
        <Input maxLength={200} data-testid={`${testId}-note`} />
      </Form.Item>
    </>
  );
}

/** What the money calls take of an amount form: the amount in fen and the note, if any. */
const amountOf = (form: AmountForm) => {
  const checked = checkAmount(form.amount);
  return { amount_fen: checked.ok ? checked.fen : 0, note: form.note?.trim() || undefined };
};

/** A modal form of an amount (up to `maxFen`) and a note, sent by `send`; it closes when the call succeeds. */
function AmountModal(props: {
  open: boolean;
  onClose: () => void;
  title: string;
  okText: string;
  pending: boolean;
  maxFen: number;
  testId: string;
  send: (amount: ReturnType<typeof amountOf>) => Promise<unknown>;
  children?: ReactNode;
}) {
  const [form] = Form.useForm<AmountForm>();
  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={props.okText}
      confirmLoading={props.pending}
      onCancel={props.onClose}
      onOk={() => form.submit()}
      okButtonProps={{ 'data-testid': `${props.testId}-submit` } as ButtonProps}
      destroyOnHidden
    >
      <Form<AmountForm>
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={async (values) => {
          await props.send(amountOf(values));
          props.onClose();
        }}
      >
        {props.children}
        <AmountFields maxFen={props.maxFen} testId={props.testId} />
      </Form>
    </Modal>
  );
}

/** A button that opens the recharge form (Order/recharge). */
export function RechargeButton() {
  const { t } = useTranslation('business');
  const [open, setOpen] = useState(false);
  const recharge = useRecharge();
  if (!can('bill.manage')) return null;
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)} data-testid="recharge-open">
        {t('recharge.action')}
      </Button>
      <AmountModal
        open={open}
        onClose={() => setOpen(false)}
        title={t('recharge.title')}
        okText={t('recharge.submit')}
        pending={recharge.isPending}
        maxFen={MAX_AMOUNT_FEN}
        testId="recharge"
        send={recharge.mutateAsync}
      />
    </>
  );
}

/** The refund form of one order (order/refund), the amount defaulting to what is left refundable. */
export function RefundModal({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const { t } = useTranslation('business');
  const [form] = Form.useForm<AmountForm>();
  const refund = useRefund();
  return (
    <Modal
      open={order !== null}
      title={t('refund.title', { id: order?.id ?? '' })}
      okText={t('refund.submit')}
      confirmLoading={refund.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ danger: true, 'data-testid': 'refund-submit' } as ButtonProps}
      destroyOnHidden
    >
      {order && (
        <Form<AmountForm>
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{ amount: fenToYuanText(order.refundable_fen) }}
          onFinish={async (values) => {
            await refund.mutateAsync({
              order_id: order.id,
              ...amountOf(values),
            });
            onClose();
          }}
        >
          <Descriptions size="small" column={1} style={{ marginBlockEnd: 16 }}>
            <Descriptions.Item label={t('orders.kind')}>{t(`kind.${order.kind}`)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.room')}>{order.room_name || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('orders.amount')}>{formatYuan(order.amount_fen)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.refundable')}>
              <span data-testid="refund-refundable">{formatYuan(order.refundable_fen)}</span>
            </Descriptions.Item>
          </Descriptions>
          <AmountFields maxFen={order.refundable_fen} testId="refund" />
        </Form>
      )}
    </Modal>
  );
}

interface BankForm {
  holder: string;
  bank: string;
  account: string;
}

/** The bank account withdrawals go to (order/setCashData); the number is checked as digits. */
export function BankDataButton({ account }: { account: MerchantAccount | undefined }) {
  const { t } = useTranslation('business');
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<BankForm>();
  const save = useSetCashData();
  if (!can('bill.manage')) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="bank-open">
        {account?.cash ? t('bank.change') : t('bank.set')}
      </Button>
      <Modal
        open={open}
        title={t('bank.title')}
        okText={t('save')}
        confirmLoading={save.isPending}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        okButtonProps={{ 'data-testid': 'bank-submit' } as ButtonProps}
        destroyOnHidden
      >
        <Form<BankForm>
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{ holder: account?.cash?.holder ?? '', bank: account?.cash?.bank ?? '' }}
          onFinish={async (values) => {
            await save.mutateAsync({
              holder: values.holder.trim(),
              bank: values.bank.trim(),
              account: values.account.replace(/\s/g, ''),
            });
            setOpen(false);
          }}
        >
          <Form.Item
            name="holder"
            label={t('bank.holder')}
            rules={[
              { required: true, whitespace: true, message: t('bank.holderRequired') },
              { pattern: /^\p{L}[\p{L}\p{M} .·'-]{1,49}$/u, message: t('bank.holderInvalid') },
            ]}
          >
            <Input maxLength={50} data-testid="bank-holder" />
          </Form.Item>
          <Form.Item
            name="bank"
            label={t('bank.bank')}
            rules={[
              { required: true, whitespace: true, message: t('bank.bankRequired') },
              { min: 2, max: 60, message: t('bank.bankRequired') },
            ]}
          >
            <Input maxLength={60} data-testid="bank-name" />
          </Form.Item>
          <Form.Item
            name="account"
            label={t('bank.account')}
            extra={t('bank.accountHint')}
            rules={[
              { required: true, message: t('bank.accountInvalid') },
              {
                validator: async (_, value: string | undefined) => {
                  if (value && !/^\d{10,30}$/.test(value.replace(/\s/g, ''))) {
                    throw new Error(t('bank.accountInvalid'));
                  }
                },
              },
            ]}
          >
            <Input inputMode="numeric" maxLength={40} autoComplete="off" data-testid="bank-account" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** A button that opens the withdrawal form (order/cash), at most the balance, to the bank account set. */
export function WithdrawButton({ account }: { account: MerchantAccount | undefined }) {
  const { t } = useTranslation('business');
  const [open, setOpen] = useState(false);
  const withdraw = useWithdraw();
  if (!can('bill.manage')) return null;
  const balance = account?.balance_fen ?? 0;
  return (
    <>
      <Button
        onClick={() => setOpen(true)}
        disabled={!account?.cash || balance < 1}
        title={!account?.cash ? t('withdraw.needBank') : undefined}
        data-testid="withdraw-open"
      >
        {t('withdraw.action')}
      </Button>
      <AmountModal
        open={open}
        onClose={() => setOpen(false)}
        title={t('withdraw.title')}
        okText={t('withdraw.submit')}
        pending={withdraw.isPending}
        maxFen={balance}
        testId="withdraw"
        send={withdraw.mutateAsync}
      >
        {account?.cash && (
          <Typography.Paragraph type="secondary">
            {t('withdraw.to', {
              holder: account.cash.holder,
              bank: account.cash.bank,
              account: account.cash.account,
            })}
          </Typography.Paragraph>
        )}
      </AmountModal>
    </>
  );
}

/** The merchant account: balance, service period, customer manager and bank data, with the money actions. */
export function AccountCard({ actions = true }: { actions?: boolean }) {
  const { t } = useTranslation('business');
  const account = useMerchantAccount();
  const a = account.data;
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, md: 2 }}
      title={a?.hotel_name}
      extra={
        actions && (
          <Space wrap>
            <RechargeButton />
            <WithdrawButton account={a} />
            <BankDataButton account={a} />
          </Space>
        )
      }
      data-testid="account-card"
    >
      <Descriptions.Item label={t('account.balance')}>
        <Typography.Text strong style={{ fontSize: 20 }} data-testid="account-balance">
          {a ? formatYuan(a.balance_fen) : account.isError ? t('common.loadFailed') : '…'}
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t('account.serviceExpires')}>
        {a
          ? a.service_expires_at
            ? formatHotelTime(a.service_expires_at, 'YYYY-MM-DD')
            : t('account.noLimit')
          : '…'}
      </Descriptions.Item>
      <Descriptions.Item label={t('account.customerManager')}>
        {a ? a.customer_manager_mobile || '—' : '…'}
      </Descriptions.Item>
      <Descriptions.Item label={t('account.bank')}>
        <span data-testid="account-bank">
          {a ? (a.cash ? `${a.cash.holder} · ${a.cash.bank} · ${a.cash.account}` : t('account.noBank')) : '…'}
        </span>
      </Descriptions.Item>
    </Descriptions>
  );
}
