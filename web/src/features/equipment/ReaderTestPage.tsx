import {
  ApiOutlined,
  BulbOutlined,
  CreditCardOutlined,
  ReadOutlined,
  SoundOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { CARD_READ, checkBlockNumber, checkKey } from '@lockdesk/protocol';
import { Alert, Button, Card, Form, Input, InputNumber, List, Space, Steps, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCardService } from '../../cardService/hooks.ts';
import { cardErrorText } from '../../cardService/messages.ts';
import { cardService } from '../../cardService/service.ts';
import type { CardReader, LogEntry } from '../../cardService/types.ts';
import { errorMessage } from '../../i18n/index.ts';
import { equipmentTexts } from '../../i18n/namespaces.ts';
import { EncoderError, enrollFinger, type FingerStep } from '../../shared/fingerprintEncoder.ts';

export interface ReaderTestProps {
  /** The reader to test (the card service's current one); tests pass a fake. */
  reader?: () => CardReader;
  /** The fingerprint enrolment on the encoder; tests pass a fake. */
  enrol?: typeof enrollFinger;
}

type Outcome = { kind: 'success' | 'error' | 'info'; text: string } | null;
type FingerPhase = 'idle' | 'connecting' | FingerStep;
const FINGER_ORDER: readonly FingerPhase[] = ['connecting', 'press', 'pressAgain', 'captured'];

/** The text of a card service or encoder failure in the operator's language. */
function failureText(error: unknown): string {
  if (error instanceof EncoderError) return error.code ? errorMessage(error.code) : error.message;
  return cardErrorText(error);
}

/**
 * /center/cardSenderFingerTest: tries the reader in use one call at a time — connect, the light, the beep, find
 * the card, read a block with a key — and a fingerprint enrolment through the gateway, with the device log
 * beside it. Each call can be cancelled; leaving the page cancels what runs.
 */
export default function ReaderTestPage({ reader, enrol = enrollFinger }: ReaderTestProps) {
  const { t } = useTranslation(equipmentTexts.ns);
  const service = useCardService();
  const [form] = Form.useForm<{ block: number; key: string }>();
  const [busy, setBusy] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [finger, setFinger] = useState<FingerPhase>('idle');
  const running = useRef<AbortController | null>(null);
  const readerOf = reader ?? (() => cardService().reader());

  useEffect(() => () => running.current?.abort(), []);

  const run = async (name: string, action: (r: CardReader, signal: AbortSignal) => Promise<string>) => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setBusy(name);
    setOutcome(null);
    try {
      const text = await action(readerOf(), controller.signal);
      if (running.current === controller) setOutcome({ kind: 'success', text });
    } catch (error) {
      if (running.current === controller) setOutcome({ kind: 'error', text: failureText(error) });
    } finally {
      if (running.current === controller) {
        running.current = null;
        setBusy(null);
      }
    }
  };

  const connect = () =>
    run('connect', async (r, signal) => {
      const info = await r.connect(signal);
      return t('test.connected', { description: info.description });
    });
  const led = (color: 'green' | 'red' | 'off') =>
    run(`led-${color}`, async (r, signal) => {
      await r.connect(signal);
      await r.led(color, 600);
      return t('test.done');
    });
  const beep = () =>
    run('beep', async (r, signal) => {
      await r.connect(signal);
      await r.beep();
      return t('test.done');
    });
  const findCard = () =>
    run('findCard', async (r, signal) => {
      await r.connect(signal);
      const card = await r.findCard(signal);
      return t('test.found', { uid: card.uid, type: `0x${card.cardType.toString(16).padStart(2, '0')}` });
    });
  const readBlock = async () => {
    let values: { block: number; key: string };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    await run('readBlock', async (r, signal) => {
      await r.connect(signal);
      await r.findCard(signal);
      const key = values.key.trim().toUpperCase();
      const data = await r.readBlock(Number(values.block), key, signal);
      return t('test.blockData', { block: values.block, data });
    });
  };
  const enrolFinger = async () => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setBusy('finger');
    setOutcome(null);
    setFinger('connecting');
    try {
      const result = await enrol({ signal: controller.signal, onStep: (step) => setFinger(step) });
      setOutcome({
        kind: 'success',
        text: t('test.fingerDone', {
          bytes: Math.floor(result.template.length / 2),
          quality: result.quality,
        }),
      });
    } catch (error) {
      if (running.current === controller || controller.signal.aborted)
        setOutcome({ kind: 'error', text: failureText(error) });
    } finally {
      if (running.current === controller) {
        running.current = null;
        setBusy(null);
      }
      setFinger('idle');
    }
  };

  const disabled = busy !== null;
  const log: readonly LogEntry[] = service.log;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%', maxWidth: 960 }}>
      <Card title={t('test.title')} data-testid="reader-test">
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Text>
            {t('test.readerType')}:{' '}
            <Tag data-testid="reader-kind">{service.info.description || service.kind}</Tag>
          </Typography.Text>
          {service.info.simulated ? <Alert type="info" showIcon title={t('test.simulated')} /> : null}
          <Space wrap>
            <Button
              icon={<ApiOutlined />}
              onClick={connect}
              loading={busy === 'connect'}
              disabled={disabled}
              data-testid="test-connect"
            >
              {t('test.connect')}
            </Button>
            <Button
              icon={<BulbOutlined />}
              onClick={() => led('green')}
              loading={busy === 'led-green'}
              disabled={disabled}
              data-testid="test-led-green"
            >
              {t('test.ledGreen')}
            </Button>
            <Button
              icon={<BulbOutlined />}
              onClick={() => led('red')}
              loading={busy === 'led-red'}
              disabled={disabled}
              data-testid="test-led-red"
            >
              {t('test.ledRed')}
            </Button>
            <Button onClick={() => led('off')} loading={busy === 'led-off'} disabled={disabled}>
              {t('test.ledOff')}
            </Button>
            <Button
              icon={<SoundOutlined />}
              onClick={beep}
              loading={busy === 'beep'}
              disabled={disabled}
              data-testid="test-beep"
            >
              {t('test.beep')}
            </Button>
            <Button
              icon={<CreditCardOutlined />}
              onClick={findCard}
              loading={busy === 'findCard'}
              disabled={disabled}
              data-testid="test-find"
            >
              {t('test.findCard')}
            </Button>
          </Space>
          <Form
            form={form}
            layout="inline"
            initialValues={{ block: CARD_READ.checkBlock, key: CARD_READ.defaultKey }}
            style={{ rowGap: 8 }}
          >
            <Form.Item
              name="block"
              label={t('test.block')}
              rules={[
                {
                  validator: async (_r, value: number | null) => {
                    const code = checkBlockNumber(value);
                    if (code) throw new Error(errorMessage(code));
                  },
                },
              ]}
            >
              <InputNumber min={0} max={255} data-testid="test-block" />
            </Form.Item>
            <Form.Item
              name="key"
              label={t('test.key')}
              rules={[
                {
                  validator: async (_r, value: string | undefined) => {
                    const code = checkKey(value?.trim());
                    if (code) throw new Error(errorMessage(code));
                  },
                },
              ]}
            >
              <Input maxLength={12} dir="ltr" style={{ width: 160 }} data-testid="test-key" />
            </Form.Item>
            <Form.Item>
              <Button
                icon={<ReadOutlined />}
                onClick={readBlock}
                loading={busy === 'readBlock'}
                disabled={disabled}
                data-testid="test-read"
              >
                {t('test.readBlock')}
              </Button>
            </Form.Item>
          </Form>
          {busy ? (
            <Button
              icon={<StopOutlined />}
              danger
              onClick={() => running.current?.abort()}
              data-testid="test-cancel"
            >
              {t('cancel')}
            </Button>
          ) : null}
          {outcome ? (
            <Alert type={outcome.kind} showIcon title={outcome.text} data-testid="test-outcome" />
          ) : null}
        </Space>
      </Card>
      <Card title={t('test.fingerTitle')} size="small">
        <Space direction="vertical" style={{ width: '100%' }}>
          <Button
            onClick={enrolFinger}
            loading={busy === 'finger'}
            disabled={disabled}
            data-testid="test-finger"
          >
            {t('test.fingerStart')}
          </Button>
          {finger !== 'idle' ? (
            <Steps
              size="small"
              current={FINGER_ORDER.indexOf(finger)}
              items={FINGER_ORDER.map((step) => ({ title: t(`test.fingerSteps.${step}`) }))}
              data-testid="finger-steps"
            />
          ) : null}
        </Space>
      </Card>
      <Card
        title={t('test.log')}
        size="small"
        extra={
          <Button size="small" onClick={() => service.service.clearLog()}>
            {t('test.clearLog')}
          </Button>
        }
      >
        <List<LogEntry>
          size="small"
          dataSource={[...log].reverse()}
          locale={{ emptyText: t('test.logEmpty') }}
          style={{ maxHeight: 320, overflow: 'auto' }}
          data-testid="device-log"
          renderItem={(entry) => (
            <List.Item>
              <Space size={8} align="start">
                <Tag
                  color={
                    entry.kind === 'error'
                      ? 'red'
                      : entry.kind === 'send'
                        ? 'blue'
                        : entry.kind === 'receive'
                          ? 'green'
                          : 'default'
                  }
                >
                  {new Date(entry.time).toLocaleTimeString()}
                </Tag>
                <Typography.Text code dir="ltr" style={{ wordBreak: 'break-all' }}>
                  {entry.text}
                </Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      </Card>
    </Space>
  );
}
