import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { batteryTone } from './status.ts';

const TONE_COLOUR = { low: '#cf1322', fair: '#d46b08', good: '#389e0d', unknown: undefined } as const;

/** A percentage written as the language writes it ('88%', '88 %', '٨٨٪'). */
function percent(value: number, language: string): string {
  try {
    return new Intl.NumberFormat(INTL_LOCALE[language] ?? language, { style: 'percent' }).format(value / 100);
  } catch {
    return `${value}%`;
  }
}

/** The console's language codes that are not BCP 47 tags. */
const INTL_LOCALE: Record<string, string> = { chs: 'zh-CN', chsTW: 'zh-TW' };

/** A lock's battery as a small gauge and a percentage; low levels in red. */
export function BatteryLevel({ level }: { level: number | null | undefined }) {
  const { t, i18n } = useTranslation('rooms');
  const tone = batteryTone(level);
  if (tone === 'unknown')
    return (
      <Typography.Text type="secondary" data-testid="room-battery">
        {t('battery.unknown')}
      </Typography.Text>
    );
  const value = Math.max(0, Math.min(100, Math.round(level as number)));
  return (
    <span
      data-testid="room-battery"
      data-tone={tone}
      title={t('battery.title', { level: value })}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 4,
        color: TONE_COLOUR[tone],
        whiteSpace: 'nowrap',
      }}
    >
      <span
        aria-hidden
        style={{
          display: 'inline-block',
          width: 22,
          height: 11,
          border: '1.5px solid currentColor',
          borderRadius: 2,
          padding: 1,
          position: 'relative',
        }}
      >
        <span
          style={{
            display: 'block',
            height: '100%',
            width: `${value}%`,
            background: 'currentColor',
            borderRadius: 1,
          }}
        />
      </span>
      {percent(value, i18n.language)}
    </span>
  );
}
