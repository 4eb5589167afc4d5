import { KeyOutlined } from '@ant-design/icons';
import { Alert, App, Button, Descriptions, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type GatewayCredential, useGatewayCredential } from '../../api/equipment.ts';
import { equipmentTexts } from '../../i18n/namespaces.ts';

/**
 * A reader's "Broker credential" action (administrators): after a confirmation (issuing again stops the old one),
 * issues the credential of the reader's gateway and shows its username and password once, with copy buttons and
 * where they go (the gateway's LOCKDESK_GW_BROKER_USERNAME / LOCKDESK_GW_BROKER_PASSWORD). Closing forgets them.
 */
export function BrokerCredentialButton({ macId }: { macId: string }) {
  const { t } = useTranslation(equipmentTexts.ns);
  const { modal } = App.useApp();
  const issue = useGatewayCredential();
  const [shown, setShown] = useState<GatewayCredential | null>(null);

  const ask = () => {
    modal.confirm({
      title: t('credential.confirmTitle', { mac: macId }),
      content: t('credential.confirmText'),
      okText: t('credential.issue'),
      cancelText: t('cancel'),
      onOk: async () => {
        try {
          setShown(await issue.mutateAsync(macId));
        } catch {
          // The request layer has shown the refusal.
        }
      },
    });
  };

  return (
    <>
      <Button
        size="small"
        icon={<KeyOutlined />}
        loading={issue.isPending}
        onClick={ask}
        data-testid={`broker-credential-${macId}`}
      >
        {t('credential.action')}
      </Button>
      <Modal
        open={shown !== null}
        title={t('credential.title', { mac: macId })}
        onCancel={() => setShown(null)}
        footer={
          <Button type="primary" onClick={() => setShown(null)}>
            {t('credential.done')}
          </Button>
        }
        destroyOnHidden
      >
        <Alert type="warning" showIcon message={t('credential.once')} style={{ marginBottom: 16 }} />
        <Descriptions column={1} size="small" bordered data-testid="broker-credential">
          <Descriptions.Item label={t('credential.username')}>
            <Typography.Text code copyable dir="ltr" data-testid="broker-credential-username">
              {shown?.username}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('credential.password')}>
            <Typography.Text code copyable dir="ltr" data-testid="broker-credential-password">
              {shown?.password}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
        <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
          {t('credential.where')}
        </Typography.Paragraph>
      </Modal>
    </>
  );
}
