import { LockOutlined, SafetyCertificateOutlined, UnlockOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Descriptions, Popconfirm, Result, Skeleton, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../i18n/index.ts';
import { encryptionTexts } from '../../i18n/namespaces.ts';
import { useDisableEncryption, useEncryptionState } from './api.ts';
import { cardPageUrl, ENCRYPTION_PATHS } from './links.ts';
import { mayManageEncryption } from './who.ts';

/** The sectors as the pages show them: '1, 5, 13'. */
export function sectorList(sectors: readonly number[]): string {
  return sectors.join(', ');
}

/**
 * /center/cardEncryption: whether the hotel's cards are encrypted and which sectors; the super administrator turns
 * it on (choosing sectors) or off. Links to encrypting a card on the encoder and to the encrypted cards.
 */
export default function EncryptionSettingsPage() {
  const { t } = useTranslation(encryptionTexts.ns);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const state = useEncryptionState();
  const disable = useDisableEncryption();
  const mayChange = mayManageEncryption();

  if (state.isPending) return <Skeleton active data-testid="encryption-loading" />;
  if (state.isError)
    return (
      <Result
        status="warning"
        title={t('settings.loadFailed')}
        extra={<Button onClick={() => state.refetch()}>{t('tryAgain')}</Button>}
      />
    );
  const { enabled, sectors, encrypted_cards } = state.data;

  const turnOff = async () => {
    try {
      await disable.mutateAsync();
      message.success(t('settings.turnedOff'));
    } catch {
      // The request layer has shown the refusal.
    }
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%', maxWidth: 880 }}>
      <Card
        title={
          <Space>
            <SafetyCertificateOutlined />
            {t('settings.title')}
          </Space>
        }
        data-testid="encryption-settings"
      >
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('settings.state')}>
            {enabled ? (
              <Tag color="green" icon={<LockOutlined />} data-testid="encryption-state">
                {t('settings.on')}
              </Tag>
            ) : (
              <Tag icon={<UnlockOutlined />} data-testid="encryption-state">
                {t('settings.off')}
              </Tag>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('settings.sectors')}>
            <span data-testid="encryption-sectors">{enabled ? sectorList(sectors) : t('settings.none')}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('settings.encryptedCards')}>
            <span data-testid="encrypted-count">{encrypted_cards}</span>
          </Descriptions.Item>
        </Descriptions>
        <Alert
          style={{ marginTop: 16 }}
          type="info"
          showIcon
          title={enabled ? t('settings.explainOn') : t('settings.explainOff')}
        />
        {enabled && sectors.length === 0 ? (
          <Alert
            style={{ marginTop: 16 }}
            type="warning"
            showIcon
            title={errorMessage('NO_ENCRYPTED_SECTOR')}
            data-testid="no-sector"
          />
        ) : null}
        {mayChange ? (
          <Space wrap style={{ marginTop: 16 }}>
            <Button
              type="primary"
              icon={<LockOutlined />}
              onClick={() => navigate(ENCRYPTION_PATHS.sectors)}
              data-testid="choose-sectors"
            >
              {enabled ? t('settings.changeSectors') : t('settings.turnOn')}
            </Button>
            {enabled ? (
              <Popconfirm
                title={t('settings.turnOffConfirm')}
                description={t('settings.turnOffHint')}
                okText={t('actions.confirm')}
                cancelText={t('cancel')}
                onConfirm={() => {
                  void turnOff();
                }}
              >
                <Button danger icon={<UnlockOutlined />} loading={disable.isPending} data-testid="turn-off">
                  {t('settings.turnOff')}
                </Button>
              </Popconfirm>
            ) : null}
          </Space>
        ) : (
          <Alert
            style={{ marginTop: 16 }}
            type="warning"
            showIcon
            title={t('settings.superOnly')}
            data-testid="super-only"
          />
        )}
      </Card>
      <Card title={t('settings.cardsTitle')}>
        <Space wrap>
          <Link to={cardPageUrl('encrypt')} data-testid="link-encrypt">
            <Button icon={<LockOutlined />}>{t('settings.encryptCard')}</Button>
          </Link>
          <Link to={cardPageUrl('decrypt')} data-testid="link-decrypt">
            <Button icon={<UnlockOutlined />}>{t('settings.decryptCard')}</Button>
          </Link>
          <Link to={ENCRYPTION_PATHS.cards} data-testid="link-cards">
            <Button>{t('settings.viewCards')}</Button>
          </Link>
        </Space>
      </Card>
    </Space>
  );
}
