import type { Texts } from './en.ts';

const ja: Texts = {
  link: 'API リファレンス',
  newTab: '新しいタブで開きます',
  card: {
    title: '開発者向け',
    description: '管理 API とカードサービス API のすべての呼び出し：フィールド、権限、応答、エラーコード。',
  },
};

export default ja;
