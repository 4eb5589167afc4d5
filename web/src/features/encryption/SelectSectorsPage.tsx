import { LockOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Checkbox, Result, Skeleton, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { encryptionTexts } from '../../i18n/namespaces.ts';
import { useEnableEncryption, useEncryptionState } from './api.ts';
import { ENCRYPTION_PATHS } from './links.ts';
import { ALL_SECTORS, ALWAYS_ENCRYPTED, normaliseSectors, storedEncryptedSectors } from './sectors.ts';
import { mayManageEncryption } from './who.ts';

/**
 * /center/cardEncryptionByUserSelectSector: the super administrator picks which sectors (1–15) of the hotel's
 * cards are encrypted; 1 (the card record) and 13 (its check and signature) always are. Saving turns encryption
 * on (`room/cardEncryption`) and keeps the sectors in local storage for the card pages.
 */
export default function SelectSectorsPage() {
  const { t } = useTranslation(encryptionTexts.ns);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const state = useEncryptionState();
  const enable = useEnableEncryption();
  const [chosen, setChosen] = useState<number[] | null>(null);
  const mayChange = mayManageEncryption();

  useEffect(() => {
    if (chosen !== null || !state.data) return;
    const current = state.data.enabled ? state.data.sectors : storedEncryptedSectors();
    setChosen(normaliseSectors(current));
  }, [chosen, state.data]);

  if (state.isPending || (chosen === null && !state.isError))
    return <Skeleton active data-testid="sectors-loading" />;
  if (state.isError || chosen === null)
    return (
      <Result
        status="warning"
        title={t('settings.loadFailed')}
        extra={<Button onClick={() => state.refetch()}>{t('tryAgain')}</Button>}
      />
    );

  const save = async () => {
    const sectors = normaliseSectors(chosen);
    try {
      await enable.mutateAsync(sectors);
      message.success(t('sectors.saved', { sectors: sectors.join(', ') }));
      navigate(ENCRYPTION_PATHS.settings);
    } catch {
      // The request layer has shown the refusal; the choice stays on screen.
    }
  };

  return (
    <Card
      title={
        <Space>
          <LockOutlined />
          {t('sectors.title')}
        </Space>
      }
      style={{ maxWidth: 880 }}
      data-testid="sector-select"
    >
      <Typography.Paragraph>{t('sectors.hint')}</Typography.Paragraph>
      <Checkbox.Group
        value={chosen}
        onChange={(values) => setChosen(normaliseSectors(values))}
        disabled={!mayChange}
        style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))', gap: 8 }}
      >
        {ALL_SECTORS.map((sector) => (
          <Checkbox
            key={sector}
            value={sector}
            disabled={ALWAYS_ENCRYPTED.includes(sector)}
            data-testid={`sector-${sector}`}
          >
            {t('sectors.sector', { sector })}
            {ALWAYS_ENCRYPTED.includes(sector) ? ` (${t('sectors.always')})` : ''}
          </Checkbox>
        ))}
      </Checkbox.Group>
      <Typography.Paragraph type="secondary" style={{ marginTop: 16 }} data-testid="sector-summary">
        {t('sectors.summary', { sectors: chosen.join(', ') })}
      </Typography.Paragraph>
      {mayChange ? (
        <Space>
          <Button type="primary" onClick={save} loading={enable.isPending} data-testid="save-sectors">
            {state.data.enabled ? t('sectors.save') : t('sectors.saveAndTurnOn')}
          </Button>
          <Button onClick={() => navigate(ENCRYPTION_PATHS.settings)}>{t('cancel')}</Button>
        </Space>
      ) : (
        <Alert type="warning" showIcon title={t('settings.superOnly')} />
      )}
    </Card>
  );
}
