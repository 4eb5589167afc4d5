import { Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useCurrentRouteTitle } from '../../app/currentRoute.ts';

/** The page of a route whose screen a later issue builds: it says so plainly, in the user's language. */
export default function NotBuiltPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const key = useCurrentRouteTitle();
  const page = key ? t(`route.${key}`) : pathname;
  return (
    <Card data-testid="not-built">
      <Result status="info" title={t('notBuilt.title')} subTitle={t('notBuilt.text', { page })} />
    </Card>
  );
}
