import { Card, List } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PATHS } from '../../app/paths.ts';
import { can } from '../../app/permissions.ts';
import { routeAllowed } from '../../app/routeTable.ts';
import { hotelTexts } from '../../i18n/namespaces.ts';

/**
 * The personal centre's pages that open on their own (spec §2 /center is a hidden section: its pages have no menu
 * entry, so the centre lists them). Each key is also the page's route title. Pages reached from another page with
 * a parameter (add a card, bind a reader, choose sectors…) are not listed.
 */
export const CENTRE_PAGES = [
  'customer',
  'thirdPartyAuthorization',
  'cardEncryption',
  'cardEncryptionManagement',
  'cardList',
  'cardReaderAndUserList',
  'cardSenderFingerTest',
  'mqttTest',
] as const satisfies readonly (keyof typeof PATHS)[];

/** The centre's pages this account may open, by the one role/route table (ROUTE_PERMISSIONS). */
export function centrePages(allows: (permission: Parameters<typeof can>[0]) => boolean = (p) => can(p)) {
  return CENTRE_PAGES.filter((key) => routeAllowed(PATHS[key], allows));
}

/** A card of links to the personal centre's other pages. */
export function CentreLinks() {
  const { t } = useTranslation(hotelTexts.ns);
  const pages = centrePages();
  if (pages.length === 0) return null;
  return (
    <Card title={t('centre.title')} data-testid="centre-links">
      <List
        grid={{ gutter: 8, xs: 1, sm: 2, md: 3 }}
        dataSource={pages}
        renderItem={(key) => (
          <List.Item>
            <Link to={PATHS[key]} data-testid={`centre-link-${key}`}>
              {t(`route.${key}`, { ns: 'translation' })}
            </Link>
          </List.Item>
        )}
      />
    </Card>
  );
}
