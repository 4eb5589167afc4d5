import { ExperimentOutlined, ReloadOutlined, UsbOutlined } from '@ant-design/icons';
import { errorText } from '@lockdesk/protocol';
import { Button, Space, Tag, Tooltip } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../i18n/index.ts';
import { cardServiceTexts, useCardServiceTexts } from '../i18n/namespaces.ts';
import { useCardService } from './hooks.ts';
import { type CardService, readerTypeName } from './service.ts';

/** How often the status asks the reader again. */
export const STATUS_REFRESH_MS = 30_000;

export interface ReaderStatusProps {
  /** Only the coloured dot and the type name (the collapsed sidebar). */
  compact?: boolean;
  /** Offer a button that asks the reader again. */
  refreshable?: boolean;
  service?: CardService;
}

/**
 * The reader in use, as a small tag (contract C): its type (CRFD-0k), online or offline, 'Simulated encoder' when
 * the gateway says its encoder is simulated, and the broker's 'Trying to reconnect...' while it waits.
 */
export function ReaderStatus({ compact = false, refreshable = false, service }: ReaderStatusProps) {
  useCardServiceTexts();
  const { t } = useTranslation(cardServiceTexts.ns);
  const { info, refresh } = useCardService(service);
  // A gateway started (or an encoder plugged in) after the page loaded shows up without a reload.
  useEffect(() => {
    const timer = setInterval(() => void refresh(), STATUS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [refresh]);
  const name = readerTypeName(info.kind);
  const state = info.online ? t('status.online') : t('status.offline');
  const title = `${t('status.label')}: ${name} — ${t(`kinds.${info.kind}`)} · ${state}${
    info.deviceId ? ` · ${info.deviceId}` : ''
  }`;
  const main = (
    <Tag
      icon={<UsbOutlined />}
      color={info.online ? 'success' : 'default'}
      data-testid="reader-status"
      data-online={info.online ? 'true' : 'false'}
      data-kind={info.kind}
      style={{ marginInlineEnd: 0 }}
    >
      {compact ? name : `${name} · ${state}`}
    </Tag>
  );
  if (compact) return <Tooltip title={title}>{main}</Tooltip>;
  return (
    <Space size={4} wrap data-testid="reader-status-box">
      <Tooltip title={title}>{main}</Tooltip>
      {info.simulated ? (
        <Tooltip title={t('status.simulatedHint')}>
          <Tag
            icon={<ExperimentOutlined />}
            color="warning"
            data-testid="reader-simulated"
            style={{ marginInlineEnd: 0 }}
          >
            {t('status.simulated')}
          </Tag>
        </Tooltip>
      ) : null}
      {info.notice ? (
        <Tag color="processing" data-testid="reader-notice" style={{ marginInlineEnd: 0 }}>
          {info.notice === errorText('BROKER_RECONNECTING')
            ? errorMessage('BROKER_RECONNECTING')
            : info.notice}
        </Tag>
      ) : null}
      {refreshable ? (
        <Tooltip title={t('status.refresh')}>
          <Button
            size="small"
            type="text"
            icon={<ReloadOutlined />}
            aria-label={t('status.refresh')}
            onClick={() => void refresh()}
          />
        </Tooltip>
      ) : null}
    </Space>
  );
}
