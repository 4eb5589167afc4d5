import type { Texts } from './en.ts';

const chsTW: Texts = {
  title: '訊息',
  kind: {
    all: '全部類型',
    low_battery: '電量低',
    service_expiring: '服務即將到期',
    lock_not_synced: '門鎖未同步',
    card_write_failed: '寫卡失敗',
    notice: '通知',
  },
  text: {
    low_battery: '房間 {{room}}：門鎖電量 {{battery}}%，請盡快更換電池。',
    service_expiring: '服務到期剩餘天數：{{days}}（{{date}}）。請聯絡您的客戶經理 {{mobile}} 續費。',
    service_expiring_no_manager: '服務到期剩餘天數：{{days}}（{{date}}）。',
    lock_not_synced: '房間 {{room}}：門鎖已 {{days}} 天未同步。請用藍牙開一次鎖，讓它取得最新的卡和密碼。',
    lock_never_synced: '房間 {{room}}：門鎖安裝後從未同步（{{days}} 天）。請用藍牙開一次鎖。',
    card_write_failed: '卡 {{card}}（房間 {{room}}）：寫入未通過校驗，請重新寫卡。',
    card_write_failed_hotel: '卡 {{card}}：寫入未通過校驗，請重新寫卡。',
  },
  filter: {
    kind: '類型',
    order: '排序',
    unreadFirst: '未讀優先',
    newest: '最新優先',
    unreadOnly: '僅未讀',
  },
  column: {
    message: '訊息',
    kind: '類型',
    status: '狀態',
  },
  status: {
    unread: '未讀',
    read: '已讀',
    resolved: '已解決',
  },
  action: {
    openRoom: '查看房間',
    markRead: '標為已讀',
    markAllRead: '全部標為已讀',
    deleteSelected: '刪除所選（{{count}}）',
    deleteConfirm: '確定刪除這則訊息？',
    deleteSelectedConfirm: '確定刪除所選的訊息（{{count}}）？',
    deleted: '已刪除',
    allRead: '所有訊息已標為已讀',
  },
  list: {
    unread: '未讀：{{count}}',
    total: '訊息：{{count}}',
    empty: '目前沒有訊息。門鎖電量低、門鎖長期未同步、寫卡失敗以及服務即將到期時會在這裡提示。',
    emptyFiltered: '沒有符合篩選條件的訊息。',
    clearFilters: '清除篩選',
    loadFailed: '訊息載入失敗。',
  },
};

export default chsTW;
