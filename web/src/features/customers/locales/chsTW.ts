import type { Texts } from './en.ts';

const chsTW: Texts = {
  remove: '移除',
  loadFailed: '客戶資訊載入失敗。',
  total: '共 {{count}} 筆',
  service: {
    expiresAt: '服務到期時間',
    unlimited: '不限期',
    expired: '已到期',
    daysLeft: '剩餘 {{count}} 天',
  },
  manager: {
    title: '客戶經理',
    hint: '客戶經理是服務到期或即將到期時向您的帳號顯示的聯絡人。',
    current: '目前客戶經理',
    none: '未設定客戶經理',
    mobile: '客戶經理手機號碼',
    set: '設定',
    change: '更換',
    saved: '客戶經理已儲存',
    removeConfirm: '確定移除客戶經理？之後到期提醒將不顯示聯絡人。',
    removed: '客戶經理已移除',
  },
  clients: {
    title: '我的客戶',
    search: '飯店、手機號碼或姓名',
    searchPlaceholder: '依飯店、手機號碼或姓名搜尋',
    state: '服務',
    allStates: '全部服務狀態',
    states: {
      expired: '已到期',
      expiring: '即將到期',
      active: '正常',
    },
    hotel: '飯店',
    unnamed: '未命名飯店',
    admin: '超級管理員',
    empty: '尚無客戶。',
    emptyFiltered: '沒有符合篩選條件的客戶。',
    removeConfirm: '確定不再負責 {{hotel}}？',
    removed: '客戶已移除',
  },
};

export default chsTW;
