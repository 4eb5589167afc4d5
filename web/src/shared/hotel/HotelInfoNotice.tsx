import { Alert, Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { hotelInfoUrl } from '../../api/client.ts';
import { getUserInfo } from '../../api/session.ts';
import { errorMessage } from '../../i18n/index.ts';
import { hotelTexts } from '../../i18n/namespaces.ts';

// The hotel feature's words: this part shows them on other features' pages too.

/**
 * The login answer's `hotelInfo: false` as a banner: saving prices, check-ins and moves wait for the merchant or
 * hotel information (spec §5), so say it before the operator fills a form in vain.
 */
export function HotelInfoNotice() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void hotelTexts.load().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  if (getUserInfo()?.['hotelInfo'] !== false || !ready) return null;
  return <Notice />;
}

function Notice() {
  const { t } = useTranslation(hotelTexts.ns);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="hotel-info-notice"
      title={errorMessage('HOTEL_INFO_REQUIRED')}
      action={
        <Button size="small" onClick={() => navigate(hotelInfoUrl(pathname + search))}>
          {t('notice.complete')}
        </Button>
      }
    />
  );
}
