import type { Texts } from './en.ts';

const ja: Texts = {
  remove: '削除',
  loadFailed: '顧客情報を読み込めませんでした。',
  total: '合計 {{count}} 件',
  service: {
    expiresAt: 'サービス終了日',
    unlimited: '期限なし',
    expired: '期限切れ',
    daysLeft: '残り日数: {{count}}',
  },
  manager: {
    title: '顧客担当者',
    hint: '顧客担当者は、サービス期間が終了したとき、または終了が近いときにアカウントに表示される連絡先です。',
    current: '現在の顧客担当者',
    none: '顧客担当者未設定',
    mobile: '顧客担当者の携帯番号',
    set: '設定',
    change: '変更',
    saved: '顧客担当者を保存しました',
    removeConfirm: '顧客担当者を削除しますか？期限の通知に連絡先が表示されなくなります。',
    removed: '顧客担当者を削除しました',
  },
  clients: {
    title: '担当顧客',
    search: 'ホテル、携帯番号または名前',
    searchPlaceholder: 'ホテル、携帯番号または名前で検索',
    state: 'サービス',
    allStates: 'すべての状態',
    states: {
      expired: '期限切れ',
      expiring: 'まもなく期限',
      active: '有効',
    },
    hotel: 'ホテル',
    unnamed: '名称未設定のホテル',
    admin: 'スーパー管理者',
    empty: '担当顧客はまだいません。',
    emptyFiltered: 'この条件に一致する顧客はいません。',
    removeConfirm: '{{hotel}} の担当をやめますか？',
    removed: '顧客を削除しました',
  },
};

export default ja;
