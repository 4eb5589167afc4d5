import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { HOME_PATH } from '../../app/paths.ts';

/** The 404 page every unknown path is sent to. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Result
        status="404"
        title="404"
        subTitle={t('notFound.text')}
        data-testid="not-found"
        extra={
          <Button type="primary" onClick={() => navigate(HOME_PATH)}>
            {t('notFound.backHome')}
          </Button>
        }
      />
    </div>
  );
}
