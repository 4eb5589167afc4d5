import type { Texts } from './en.ts';

const chsTW: Texts = {
  feature: '指紋',
  libraryTitle: '指紋庫',
  tabs: {
    library: '指紋',
    deliveries: '已傳送到門鎖',
  },
  fields: {
    fingerId: '指紋ID',
    note: '備註',
    room: '房間',
    status: '狀態',
    createdAt: '登錄時間',
    sentAt: '傳送時間',
  },
  placeholders: {
    note: '例如 李偉 右手拇指',
    fingerId: '留空則自動產生',
    search: '依指紋ID或備註搜尋',
    allRooms: '全部房間',
  },
  steps: {
    connect: '連接發卡機',
    press: '按壓手指',
    pressAgain: '再次按壓',
    captured: '已採集',
    saved: '已儲存',
  },
  hints: {
    room: '選擇房間後，該指紋將在入住期間傳送到房間門鎖。',
    connecting: '正在連接發卡機…',
    press: '請將手指放在發卡機上。',
    pressAgain: '請抬起手指，再次放在發卡機上。',
    captured: '指紋已採集。',
    saving: '正在儲存指紋…',
    done: '指紋已儲存（品質 {{quality}}）。',
  },
  encoder: {
    simulated: '模擬發卡機',
    usb: 'USB 發卡機已連接',
    unplugged: '發卡機已拔出',
    offline: '本機未執行 LockDesk 閘道。請啟動閘道，連接發卡機後重試。',
  },
  status: {
    pending: '待傳送（等待門鎖同步）',
    delivered: '已在門鎖上',
    deleting: '正在移除',
    deleted: '已移除',
  },
  actions: {
    enrol: '登錄指紋',
    start: '開始登錄',
    again: '重新登錄',
    saveAgain: '重新儲存',
    send: '傳送到門鎖',
    withdraw: '從門鎖移除',
  },
  send: {
    title: '將指紋 {{fingerId}} 傳送到門鎖',
    hint: '門鎖將在下次同步時接收。',
    pickRoom: '請選擇房間',
  },
  messages: {
    saved: '指紋 {{fingerId}} 已儲存',
    deleted: '指紋已刪除',
    deleteConfirm: '刪除指紋 {{fingerId}}？門鎖將在下次同步時移除它。',
    sent: '已傳送到房間 {{room}} 的門鎖；門鎖同步前為待傳送狀態',
    withdrawConfirm: '從房間 {{room}} 的門鎖移除指紋 {{fingerId}}？',
    withdrawn: '門鎖將在下次同步時移除該指紋',
  },
  list: {
    empty: '尚無指紋',
    emptyFiltered: '沒有符合篩選條件的紀錄',
    deliveriesEmpty: '尚未向門鎖傳送任何指紋',
    loadFailed: '無法載入指紋。',
    total: '共 {{count}} 筆',
    noRoom: '僅指紋庫',
  },
};

export default chsTW;
