import { ApiOutlined, DisconnectOutlined, SendOutlined } from '@ant-design/icons';
import {
  checkBrokerDeviceId,
  checkHexCommand,
  decodeResponseHex,
  type EncoderCommand,
  encodeCommandHex,
} from '@lockdesk/protocol';
import { Alert, Button, Card, Descriptions, Form, Input, List, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { brokerCredential, reportReaderSeen } from '../../api/equipment.ts';
import { storedReaderId } from '../../api/readerStorage.ts';
import { CardServiceError } from '../../cardService/errors.ts';
import { cardErrorText } from '../../cardService/messages.ts';
import { BROKER_URL } from '../../config/deploy.ts';
import { errorMessage } from '../../i18n/index.ts';
import { equipmentTexts } from '../../i18n/namespaces.ts';
import { BrokerSession, type BrokerSessionOptions, type SessionState } from './brokerSession.ts';

/** Ready-made commands (protocol frames), so a test needs no hex typed by hand. */
export const PRESETS: Record<'getVersion' | 'beep' | 'ledGreen' | 'findCard', EncoderCommand> = {
  getVersion: { name: 'getVersion' },
  beep: { name: 'beep', musicId: 1, count: 1 },
  ledGreen: { name: 'led', colour: 'green', durationMs: 600 },
  findCard: { name: 'findCard' },
};
type Preset = keyof typeof PRESETS;

/** The hex of a ready-made command. */
export function presetHex(preset: Preset): string {
  const hex = encodeCommandHex(PRESETS[preset]);
  return hex.ok ? hex.value : '';
}

/** A reply as fields (the frame decoded), or the catalogue text of why it does not decode. */
export function describeReply(
  hex: string,
): { ok: true; fields: [string, string][] } | { ok: false; text: string } {
  const decoded = decodeResponseHex(hex);
  if (!decoded.ok) return { ok: false, text: errorMessage(decoded.code) };
  return {
    ok: true,
    fields: Object.entries(decoded.value as unknown as Record<string, unknown>).map(([k, v]) => [
      k,
      String(v),
    ]),
  };
}

interface Entry {
  topic: string;
  text: string;
  direction: 'sent' | 'received';
  time: number;
}

/** Validator of a protocol rule for an antd field. */
const ruleOf = (check: (value: string) => string | undefined) => ({
  validator: async (_r: unknown, value: string | undefined) => {
    const code = check((value ?? '').trim());
    if (code) throw new Error(errorMessage(code as Parameters<typeof errorMessage>[0]));
  },
});

/**
 * /center/mqttTest: connects to the deployment's message broker, sends a hex command to a remote reader (device
 * id 12 hex, the bound reader by default) and shows the reply, decoded, with the connection state and every
 * message. A heartbeat seen is reported to the server as the reader's status.
 */
export default function MqttTestPage({
  connect,
  credentials = brokerCredential,
}: {
  connect?: BrokerSessionOptions['connect'];
  /** The operator's broker credential (tests hand in their own). */
  credentials?: BrokerSessionOptions['credentials'];
}) {
  const { t } = useTranslation(equipmentTexts.ns);
  const [params] = useSearchParams();
  const [form] = Form.useForm<{ url: string; deviceId: string; preset?: Preset; command: string }>();
  const [state, setState] = useState<SessionState>('idle');
  const [notice, setNotice] = useState<string | null>(null);
  const [entries, setEntries] = useState<Entry[]>([]);
  const [reply, setReply] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [heartbeat, setHeartbeat] = useState<number | null>(null);
  const session = useRef<BrokerSession | null>(null);
  const reported = useRef(false);

  useEffect(() => () => session.current?.close(), []);

  const open = async () => {
    let values: { url: string; deviceId: string };
    try {
      values = await form.validateFields(['url', 'deviceId']);
    } catch {
      return;
    }
    session.current?.close();
    setProblem(null);
    setReply(null);
    reported.current = false;
    try {
      const next = new BrokerSession({
        url: values.url.trim(),
        deviceId: values.deviceId.trim(),
        ...(connect ? { connect } : {}),
        credentials,
        events: {
          state: (s, n) => {
            if (session.current !== next) return;
            setState(s);
            setNotice(n);
          },
          message: (entry) => {
            if (session.current === next) setEntries((all) => [...all.slice(-99), entry]);
          },
          failed: (error) => {
            if (session.current === next) setProblem(cardErrorText(error));
          },
          heartbeat: (time) => {
            if (session.current !== next) return;
            setHeartbeat(time);
            if (!reported.current) {
              reported.current = true;
              reportReaderSeen(next.deviceId).catch(() => undefined);
            }
          },
        },
      });
      session.current = next;
      await next.open();
    } catch (error) {
      setProblem(cardErrorText(error));
    }
  };

  const close = () => {
    session.current?.close();
    session.current = null;
    setState('closed');
    setNotice(null);
  };

  const send = async () => {
    let values: { command: string };
    try {
      values = await form.validateFields(['command']);
    } catch {
      return;
    }
    setProblem(null);
    setReply(null);
    setSending(true);
    try {
      if (!session.current) throw new CardServiceError('BROKER_DEVICE_NOT_CONNECTED');
      setReply(await session.current.send(values.command));
    } catch (error) {
      setProblem(cardErrorText(error));
    } finally {
      setSending(false);
    }
  };

  const decoded = reply ? describeReply(reply) : null;
  const stateColour = state === 'connected' ? 'green' : state === 'connecting' ? 'gold' : 'default';

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%', maxWidth: 960 }}>
      <Card title={t('mqtt.title')} data-testid="mqtt-test">
        <Form
          form={form}
          layout="vertical"
          initialValues={{
            url: BROKER_URL,
            deviceId: params.get('mac_id') ?? storedReaderId(),
            preset: 'getVersion',
            command: presetHex('getVersion'),
          }}
        >
          <Form.Item
            name="url"
            label={t('mqtt.broker')}
            rules={[{ required: true, message: t('mqtt.broker') }]}
          >
            <Input
              dir="ltr"
              disabled={state === 'connected' || state === 'connecting'}
              data-testid="mqtt-url"
            />
          </Form.Item>
          <Form.Item name="deviceId" label={t('mqtt.deviceId')} rules={[ruleOf(checkBrokerDeviceId)]}>
            <Input
              dir="ltr"
              maxLength={12}
              style={{ width: 200 }}
              disabled={state === 'connected' || state === 'connecting'}
              data-testid="mqtt-device"
            />
          </Form.Item>
          <Space wrap style={{ marginBottom: 16 }}>
            <Button
              type="primary"
              icon={<ApiOutlined />}
              onClick={open}
              disabled={state === 'connected'}
              loading={state === 'connecting' && !notice}
              data-testid="mqtt-connect"
            >
              {t('mqtt.connect')}
            </Button>
            <Button
              icon={<DisconnectOutlined />}
              onClick={close}
              disabled={state === 'idle'}
              data-testid="mqtt-disconnect"
            >
              {t('mqtt.disconnect')}
            </Button>
            <span>
              {t('mqtt.state')}:{' '}
              <Tag color={stateColour} data-testid="mqtt-state">
                {t(`mqtt.states.${state}`)}
              </Tag>
            </span>
            {heartbeat ? (
              <Tag color="green" data-testid="mqtt-heartbeat">
                {t('mqtt.heartbeat', { time: new Date(heartbeat).toLocaleTimeString() })}
              </Tag>
            ) : null}
          </Space>
          {notice ? (
            <Alert
              type="warning"
              showIcon
              title={notice}
              style={{ marginBottom: 16 }}
              data-testid="mqtt-notice"
            />
          ) : null}
          {session.current ? (
            <Typography.Paragraph type="secondary" dir="ltr">
              {t('mqtt.topics', {
                send: session.current.topics.send,
                receive: session.current.topics.receive,
              })}
            </Typography.Paragraph>
          ) : null}
          <Form.Item name="preset" label={t('mqtt.preset')}>
            <Select<Preset>
              style={{ width: 240 }}
              options={(Object.keys(PRESETS) as Preset[]).map((p) => ({
                value: p,
                label: t(`mqtt.presets.${p}`),
              }))}
              onChange={(p) => form.setFieldValue('command', presetHex(p))}
              data-testid="mqtt-preset"
            />
          </Form.Item>
          <Form.Item name="command" label={t('mqtt.command')} rules={[ruleOf(checkHexCommand)]}>
            <Input dir="ltr" data-testid="mqtt-command" />
          </Form.Item>
          <Button
            icon={<SendOutlined />}
            onClick={send}
            loading={sending}
            disabled={state !== 'connected'}
            data-testid="mqtt-send"
          >
            {t('mqtt.send')}
          </Button>
        </Form>
        {problem ? (
          <Alert type="error" showIcon title={problem} style={{ marginTop: 16 }} data-testid="mqtt-problem" />
        ) : null}
      </Card>
      <Card title={t('mqtt.reply')} size="small">
        {reply ? (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Typography.Text>
              {t('mqtt.replyHex')}:{' '}
              <Typography.Text code dir="ltr" data-testid="mqtt-reply">
                {reply}
              </Typography.Text>
            </Typography.Text>
            {decoded?.ok ? (
              <Descriptions
                size="small"
                bordered
                column={2}
                title={t('mqtt.decoded')}
                data-testid="mqtt-decoded"
              >
                {decoded.fields.map(([k, v]) => (
                  <Descriptions.Item key={k} label={k}>
                    <span dir="ltr">{v}</span>
                  </Descriptions.Item>
                ))}
              </Descriptions>
            ) : decoded ? (
              <Alert type="warning" showIcon title={decoded.text} />
            ) : null}
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('mqtt.noReply')}</Typography.Text>
        )}
      </Card>
      <Card title={t('mqtt.messages')} size="small">
        <List<Entry>
          size="small"
          dataSource={[...entries].reverse()}
          locale={{ emptyText: t('mqtt.noReply') }}
          style={{ maxHeight: 280, overflow: 'auto' }}
          renderItem={(entry) => (
            <List.Item>
              <Space size={8} wrap>
                <Tag color={entry.direction === 'sent' ? 'blue' : 'green'}>
                  {entry.direction === 'sent' ? t('mqtt.sent') : t('mqtt.received')}
                </Tag>
                <Typography.Text type="secondary" dir="ltr">
                  {entry.topic}
                </Typography.Text>
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
