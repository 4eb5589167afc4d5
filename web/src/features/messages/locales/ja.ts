import type { Texts } from './en.ts';

const ja: Texts = {
  title: 'メッセージ',
  kind: {
    all: 'すべての種類',
    low_battery: '電池残量低下',
    service_expiring: 'サービス期限間近',
    lock_not_synced: 'ドアロック未同期',
    card_write_failed: 'カード書き込み失敗',
    notice: 'お知らせ',
  },
  text: {
    low_battery: '部屋 {{room}}：ドアロックの電池残量 {{battery}}%。早めに電池を交換してください。',
    service_expiring:
      'サービス期限までの日数：{{days}}（{{date}}）。更新は顧客担当者 {{mobile}} にご連絡ください。',
    service_expiring_no_manager: 'サービス期限までの日数：{{days}}（{{date}}）。',
    lock_not_synced:
      '部屋 {{room}}：ドアロックが {{days}} 日間同期していません。最新のカードとパスワードを反映するため、Bluetooth で一度解錠してください。',
    lock_never_synced:
      '部屋 {{room}}：ドアロックは設置後一度も同期していません（{{days}} 日）。Bluetooth で一度解錠してください。',
    card_write_failed:
      'カード {{card}}（部屋 {{room}}）：書き込みの検証に失敗しました。もう一度書き込んでください。',
    card_write_failed_hotel: 'カード {{card}}：書き込みの検証に失敗しました。もう一度書き込んでください。',
  },
  filter: {
    kind: '種類',
    order: '並び順',
    unreadFirst: '未読を先に',
    newest: '新しい順',
    unreadOnly: '未読のみ',
  },
  column: {
    message: 'メッセージ',
    kind: '種類',
    status: '状態',
  },
  status: {
    unread: '未読',
    read: '既読',
    resolved: '解決済み',
  },
  action: {
    openRoom: '部屋を表示',
    markRead: '既読にする',
    markAllRead: 'すべて既読にする',
    deleteSelected: '選択を削除（{{count}}）',
    deleteConfirm: 'このメッセージを削除しますか？',
    deleteSelectedConfirm: '選択したメッセージ（{{count}}）を削除しますか？',
    deleted: '削除しました',
    allRead: 'すべてのメッセージを既読にしました',
  },
  list: {
    unread: '未読：{{count}}',
    total: 'メッセージ：{{count}}',
    empty:
      'メッセージはありません。電池残量の低下、長期間同期していないドアロック、カード書き込みの失敗、サービス期限はここに表示されます。',
    emptyFiltered: '条件に一致するメッセージはありません。',
    clearFilters: '条件をクリア',
    loadFailed: 'メッセージを読み込めませんでした。',
  },
};

export default ja;
