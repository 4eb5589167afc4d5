import type { Texts } from './en.ts';

const chsTW: Texts = {
  feature: '飯店資料',
  notice: { complete: '完善飯店資料' },
  required: {
    description: '請在下方填寫名稱、地址和電話並儲存，然後返回繼續先前的操作。',
    back: '返回上一頁',
  },
  actions: { retry: '重試' },
  account: {
    title: '我的帳號',
    name: '姓名',
    mobile: '手機號碼',
    email: '電子郵件',
    role: '角色',
    roles: { super: '超級管理員', secondary: '二級管理員', staff: '員工', customer_manager: '客戶經理' },
    hotel: '飯店名稱',
    serviceExpires: '服務有效期限至',
  },
  info: {
    title: '商家或飯店資料',
    loadFailed: '飯店資料載入失敗',
    incomplete: '在填寫名稱、地址和電話之前，入住、換房和價格設定將無法進行。',
    name: '商家或飯店名稱',
    address: '地址',
    telephone: '電話',
    telephoneHint: '5 到 20 位數字；可含空格、+、- 和括號',
    latitude: '地圖緯度',
    longitude: '地圖經度',
    openMap: '在 OpenStreetMap 上檢視此位置',
    mapHint: '輸入緯度和經度即可在地圖上核對位置。',
    save: '儲存飯店資料',
    saveAndBack: '儲存並返回',
    saved: '飯店資料已儲存',
  },
  breakfast: {
    title: '早餐',
    loadFailed: '早餐設定載入失敗',
    enabled: '提供早餐',
    hours: '早餐時間',
    price: '每份價格',
    options: '入住時可選的早餐',
    optionName: '選項名稱',
    count: '每天份數',
    optionPrice: '每天價格',
    removeOption: '刪除此選項',
    addOption: '新增選項',
    save: '儲存早餐設定',
    saved: '早餐設定已儲存',
  },
};

export default chsTW;
