import { parseDeviceId } from '@lockdesk/protocol';
import { App, Card, Form, Input, Radio, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEPLOY } from '../config/deploy.ts';
import { errorMessage } from '../i18n/index.ts';
import { cardServiceTexts, useCardServiceTexts } from '../i18n/namespaces.ts';
import { useCardService } from './hooks.ts';
import { ReaderStatus } from './ReaderStatus.tsx';
import { type CardService, readerTypeName } from './service.ts';
import { READER_KINDS, type ReaderKind } from './types.ts';

/**
 * The reader selector of the personal centre: which of the four reader types this computer uses (kept in local
 * storage `cardSenderType`; the deployment's default marked), the reader's status, and for the remote reader the
 * address it is reached by (`cardSenderID`).
 */
export function ReaderSelect({ service: given }: { service?: CardService }) {
  useCardServiceTexts();
  const { t } = useTranslation(cardServiceTexts.ns);
  const { message } = App.useApp();
  const { kind, setKind, service, info } = useCardService(given);
  const [deviceId, setDeviceId] = useState(service.deviceId());
  const [deviceError, setDeviceError] = useState<string | null>(null);
  // Also when the account's bound reader arrives from the server after this card was drawn.
  useEffect(() => setDeviceId(service.deviceId()), [service, info.deviceId]);

  const choose = (next: ReaderKind) => {
    setKind(next);
    message.success(t('select.saved', { name: `${readerTypeName(next)} — ${t(`kinds.${next}`)}` }));
  };
  const saveDevice = () => {
    const value = deviceId.trim();
    if (!value) {
      setDeviceError(null);
      service.setDeviceId('');
      return;
    }
    const parsed = parseDeviceId(value);
    if (!parsed.ok) {
      setDeviceError(errorMessage('BROKER_INVALID_DEVICE_ID'));
      return;
    }
    setDeviceError(null);
    service.setDeviceId(parsed.value);
    setDeviceId(parsed.value);
    void service.refresh();
  };

  return (
    <Card
      title={t('select.title')}
      data-testid="reader-select"
      extra={<ReaderStatus refreshable service={service} />}
    >
      <Typography.Paragraph type="secondary">{t('select.hint')}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('select.type')}>
          <Radio.Group
            value={kind}
            onChange={(e) => choose(e.target.value as ReaderKind)}
            data-testid="reader-kind"
          >
            <Space orientation="vertical">
              {READER_KINDS.map((k) => (
                <Radio key={k} value={k} data-testid={`reader-kind-${k}`}>
                  <Space size={6} wrap>
                    <strong>{readerTypeName(k)}</strong>
                    <span>{t(`kinds.${k}`)}</span>
                    {k === DEPLOY.defaultCardIssuerType ? <Tag>{t('select.default')}</Tag> : null}
                  </Space>
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Form.Item>
        {kind === 4 ? (
          <Form.Item
            label={t('select.deviceId')}
            extra={deviceId ? t('select.deviceIdHint') : t('select.noDevice')}
            validateStatus={deviceError ? 'error' : ''}
            help={deviceError ?? undefined}
          >
            <Input
              value={deviceId}
              maxLength={17}
              dir="ltr"
              style={{ maxWidth: 240, fontFamily: 'monospace' }}
              data-testid="reader-device-id"
              onChange={(e) => setDeviceId(e.target.value)}
              onBlur={saveDevice}
              onPressEnter={saveDevice}
            />
          </Form.Item>
        ) : null}
      </Form>
    </Card>
  );
}
