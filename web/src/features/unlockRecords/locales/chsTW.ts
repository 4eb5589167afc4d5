import { chsTWWords } from '@lockdesk/protocol/i18n/chsTW';
import type { Texts } from './en.ts';

const chsTW: Texts = {
  columns: {
    room: '房間',
    type: '開鎖方式',
    credential: '憑證',
    from: '來源',
    operator: '操作人',
    guest: '住客',
  },
  types: {
    ...chsTWWords.unlockTypes,
    bluetooth: '手機藍牙',
    remote: '遠端開鎖',
  },
  result: {
    ...chsTWWords.unlockResults,
    all: '開門或拒絕',
  },
  reasons: {
    ...chsTWWords.cardKinds,
    ...chsTWWords.refusals,
    floorCard: '樓層卡',
    corruptedCard: '無法讀取的卡',
    externalCard: '其他系統的卡',
    emptyCard: '空白卡',
    tamperedCard: '遭竄改的卡',
    copiedCard: '複製卡',
    wrongHotel: '其他飯店的卡',
    wrongBuilding: '其他樓棟的卡',
    wrongFloor: '其他樓層的卡',
    wrongRoom: '其他房間的卡',
    universalNotLearned: '門鎖尚未學習此通用卡',
    issuerNotAllowed: '由本門鎖不接受的帳號發卡',
    notYetValid: '尚未生效',
    deadbolt: '室內已反鎖',
    passwordExpired: '密碼已過期或已收回',
    bluetooth: '手機藍牙開鎖',
  },
  filters: {
    room: '房間',
    allRooms: '全部房間',
    mobile: '住客手機號碼',
    mobilePlaceholder: '住客手機號碼',
    stay: '入住 #{{id}}',
    type: '開鎖方式',
    allTypes: '全部開鎖方式',
    from: '開始',
    to: '結束',
    keyword: '關鍵字',
    keywordPlaceholder: '搜尋內容、來源、操作人或住客',
    clear: '清除篩選條件',
  },
  table: {
    empty: '尚無開鎖紀錄',
    emptyHint: '門鎖在藍牙同步時上傳開鎖紀錄。',
    noMatch: '沒有符合篩選條件的開鎖紀錄',
    loadFailed: '開鎖紀錄載入失敗。',
    total: '共 {{count}} 筆紀錄',
  },
  export: {
    button: '匯出',
    preparing: '正在產生檔案…',
    started: '已開始下載 {{file}}',
    hint: '檔案包含符合篩選條件的全部紀錄，而不只是本頁。',
  },
};

export default chsTW;
