import { theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../app/LanguageSelect.tsx';
import { DEPLOY } from '../../config/deploy.ts';

/**
 * The frame of the public account screens: brand, language selector and a centred card. The card, title and
 * tagline are drawn with antd's design tokens rather than its Card and Typography: Card brings Tabs and Skeleton,
 * Typography its copy, edit and ellipsis machinery, none of which the sign-in page uses (about 20 kB gzip).
 */
export function AccountFrame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        background: 'linear-gradient(135deg, #0b1f3a 0%, #1668dc 100%)',
      }}
    >
      <div style={{ display: 'flex', justifyContent: 'flex-end', padding: 12 }}>
        <div style={{ background: 'rgba(255,255,255,0.9)', borderRadius: 6 }}>
          <LanguageSelect />
        </div>
      </div>
      <div style={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 16 }}>
        <div
          style={{
            boxSizing: 'border-box',
            width: '100%',
            maxWidth: 400,
            padding: token.paddingLG,
            background: token.colorBgContainer,
            border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
            borderRadius: token.borderRadiusLG,
            boxShadow: '0 12px 40px rgba(0,0,0,0.25)',
            color: token.colorText,
            fontFamily: token.fontFamily,
            fontSize: token.fontSize,
            lineHeight: token.lineHeight,
          }}
        >
          <div style={{ textAlign: 'center', marginBottom: 24 }}>
            <img src={DEPLOY.logo} alt="" width={48} height={48} />
            <h3
              style={{
                margin: '8px 0 4px',
                color: token.colorTextHeading,
                fontWeight: token.fontWeightStrong,
                fontSize: token.fontSizeHeading3,
                lineHeight: token.lineHeightHeading3,
                wordBreak: 'break-word',
              }}
            >
              {title}
            </h3>
            <span style={{ color: token.colorTextDescription, wordBreak: 'break-word' }}>
              {t('app.tagline')}
            </span>
          </div>
          {children}
        </div>
      </div>
      <div style={{ textAlign: 'center', padding: 12 }}>
        <a
          href={DEPLOY.filing.url}
          target="_blank"
          rel="noreferrer"
          dir="ltr"
          style={{ color: 'rgba(255,255,255,0.75)' }}
        >
          {DEPLOY.filing.text}
        </a>
      </div>
    </div>
  );
}
