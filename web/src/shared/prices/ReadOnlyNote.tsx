import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { can } from '../../app/permissions.ts';
import { pricesTexts } from '../../i18n/namespaces.ts';

/** May the signed-in account change prices and templates? (The server refuses a save otherwise.) */
export const canManagePrices = (): boolean => can('price.manage');

/** Says why the prices are shown read-only. */
export function ReadOnlyNote() {
  const { t } = useTranslation(pricesTexts.ns);
  return (
    <Alert
      type="info"
      showIcon
      title={t('readOnly.note')}
      style={{ marginBottom: 12 }}
      data-testid="price-read-only"
    />
  );
}
