import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { can } from '../../app/permissions.ts';
import { textsNamed } from '../../i18n/feature.ts';

// The prices feature's words, which this part shows on other features' pages too.
const pricesTexts = textsNamed('prices');

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
