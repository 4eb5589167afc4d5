import type { LanguageCode } from '@lockdesk/protocol';
import type { Locale } from 'antd/es/locale';
import dayjs from 'dayjs';

/** antd's locale for each console language (pt is Brazilian Portuguese, the larger market). */
const ANTD_LOCALES: Record<LanguageCode, () => Promise<{ default: Locale }>> = {
  chs: () => import('antd/es/locale/zh_CN'),
  chsTW: () => import('antd/es/locale/zh_TW'),
  en: () => import('antd/es/locale/en_US'),
  ko: () => import('antd/es/locale/ko_KR'),
  de: () => import('antd/es/locale/de_DE'),
  ru: () => import('antd/es/locale/ru_RU'),
  es: () => import('antd/es/locale/es_ES'),
  ar: () => import('antd/es/locale/ar_EG'),
  pt: () => import('antd/es/locale/pt_BR'),
  ja: () => import('antd/es/locale/ja_JP'),
  fr: () => import('antd/es/locale/fr_FR'),
  it: () => import('antd/es/locale/it_IT'),
};

/** dayjs's locale name and module for each console language. */
export const DAYJS_LOCALES: Record<LanguageCode, [string, () => Promise<unknown>]> = {
  chs: ['zh-cn', () => import('dayjs/locale/zh-cn')],
  chsTW: ['zh-tw', () => import('dayjs/locale/zh-tw')],
  en: ['en', () => import('dayjs/locale/en')],
  ko: ['ko', () => import('dayjs/locale/ko')],
  de: ['de', () => import('dayjs/locale/de')],
  ru: ['ru', () => import('dayjs/locale/ru')],
  es: ['es', () => import('dayjs/locale/es')],
  ar: ['ar', () => import('dayjs/locale/ar')],
  pt: ['pt', () => import('dayjs/locale/pt')],
  ja: ['ja', () => import('dayjs/locale/ja')],
  fr: ['fr', () => import('dayjs/locale/fr')],
  it: ['it', () => import('dayjs/locale/it')],
};

/** Loads antd's and dayjs's locale of a language and makes dayjs use it; returns antd's locale. */
export async function loadComponentLocale(code: LanguageCode): Promise<Locale> {
  const [name, loadDayjs] = DAYJS_LOCALES[code];
  const [antd] = await Promise.all([ANTD_LOCALES[code](), loadDayjs()]);
  dayjs.locale(name);
  return antd.default;
}
