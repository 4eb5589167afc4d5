import type { Texts } from './en.ts';

const chsTW: Texts = {
  feature: '人臉',
  libraryTitle: '人臉庫',
  buildTitle: '建立人臉',
  fields: {
    faceId: '人臉ID',
    note: '人臉備註',
    lockNote: '門鎖備註',
    image: '人臉圖片',
    room: '房間',
    stay: '入住',
    createdAt: '建立時間',
    actions: '操作',
  },
  placeholders: {
    faceId: '例如 G-20261125-01',
    note: '例如 住客姓名',
    search: '依人臉ID或備註搜尋',
    allRooms: '全部房間',
    noRoom: '不選房間：僅儲存在人臉庫',
    currentGuest: '該房間的目前住客',
  },
  hints: {
    room: '選擇房間後，該人臉將在入住期間授權給房間門鎖。',
    noOpenStay: '該房間目前沒有住客或預訂。',
    lockNote: '門鎖上顯示的該人臉名稱。',
  },
  image: {
    fromFile: '檔案',
    fromCamera: '攝影機',
    chooseFile: '選擇圖片',
    formats: 'JPEG、PNG 或 WebP，最大 2 MB。',
    startCamera: '開啟攝影機',
    stopCamera: '關閉攝影機',
    capture: '拍照',
    preview: '人臉圖片預覽',
    remove: '移除',
    cameraUnavailable: '此瀏覽器在本頁面無法使用攝影機。',
    cameraFailed: '無法開啟攝影機：{{reason}}',
    captureFailed: '拍照失敗，請重試。',
  },
  actions: {
    save: '儲存人臉',
    create: '建立人臉',
    library: '人臉庫',
    edit: '編輯備註',
    saveNotes: '儲存',
    delete: '刪除',
    cancel: '取消',
    retry: '重試',
  },
  edit: {
    title: '人臉 {{faceId}} 的備註',
  },
  messages: {
    uploading: '正在上傳圖片…',
    created: '人臉 {{faceId}} 已儲存',
    updated: '備註已儲存',
    deleted: '人臉已刪除',
    deleteConfirm: '刪除人臉 {{faceId}}？門鎖將在下次同步時移除它。',
  },
  list: {
    empty: '尚無人臉',
    emptyFiltered: '沒有符合篩選條件的人臉',
    loadFailed: '無法載入人臉。',
    total: '共 {{count}} 個人臉',
    noRoom: '僅人臉庫',
  },
};

export default chsTW;
