import type { Texts } from './en.ts';

const chsTW: Texts = {
  kinds: {
    '1': '本機讀卡服務',
    '2': '第二讀卡機',
    '3': '第三讀卡機',
    '4': '遠端讀卡機（訊息伺服器）',
  },
  status: {
    label: '讀卡機',
    online: '連線中',
    offline: '離線',
    simulated: '模擬發卡機',
    simulatedHint: '閘道使用的是模擬發卡機：不會寫入真實的卡',
    refresh: '重新檢測讀卡機',
  },
  select: {
    title: '讀卡機',
    hint: '本電腦連接發卡機的方式，只保存在本電腦上。',
    type: '讀卡機類型',
    default: '部署預設',
    saved: '讀卡機已設定為 {{name}}',
    deviceId: '遠端讀卡機位址',
    deviceIdHint: '綁定到您帳號的遠端讀卡機的 12 位位址',
    noDevice: '您的帳號尚未綁定遠端讀卡機',
    status: '狀態',
  },
  steps: {
    connect: '連接讀卡機',
    findCard: '尋卡',
    allocate: '在伺服器上準備卡片',
    write: '寫卡',
    verify: '回讀校驗',
    confirm: '登記卡片',
    done: '完成',
    blocks: '第 {{done}} / {{total}} 區塊',
    cancelled: '寫卡已取消，沒有發出任何卡',
    failed: '卡片未發出',
    putCard: '請將卡片放在發卡機上',
  },
  log: {
    title: '裝置日誌',
    empty: '尚無裝置操作',
    clear: '清除日誌',
    send: '傳送',
    receive: '接收',
    info: '資訊',
    error: '錯誤',
  },
};

export default chsTW;
