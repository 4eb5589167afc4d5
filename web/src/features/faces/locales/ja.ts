import type { Texts } from './en.ts';

const ja: Texts = {
  feature: '顔',
  libraryTitle: '顔ライブラリ',
  buildTitle: '顔の登録',
  fields: {
    faceId: '顔ID',
    note: '顔のメモ',
    lockNote: 'ドアロックのメモ',
    image: '顔画像',
    room: '客室',
    stay: '滞在',
    createdAt: '登録日時',
    actions: '操作',
  },
  placeholders: {
    faceId: '例：G-20261125-01',
    note: '例：宿泊者の名前',
    search: '顔IDまたはメモで検索',
    allRooms: 'すべての客室',
    noRoom: '客室なし：ライブラリにのみ保存',
    currentGuest: '客室の現在の宿泊者',
  },
  hints: {
    room: '客室を選ぶと、滞在期間中その客室のドアロックに顔が登録されます。',
    noOpenStay: 'この客室には現在、宿泊者も予約もありません。',
    lockNote: 'ドアロックがこの顔に表示する名前です。',
  },
  image: {
    fromFile: 'ファイル',
    fromCamera: 'カメラ',
    chooseFile: '画像を選択',
    formats: 'JPEG、PNG または WebP、最大 2 MB。',
    startCamera: 'カメラを起動',
    stopCamera: 'カメラを停止',
    capture: '撮影する',
    preview: '顔画像のプレビュー',
    remove: '削除',
    cameraUnavailable: 'このブラウザーでは、このページでカメラを使用できません。',
    cameraFailed: 'カメラを起動できませんでした：{{reason}}',
    captureFailed: '撮影できませんでした。もう一度お試しください。',
  },
  actions: {
    save: '顔を保存',
    create: '顔を登録',
    library: '顔ライブラリ',
    edit: 'メモを編集',
    saveNotes: '保存',
    delete: '削除',
    cancel: 'キャンセル',
    retry: '再試行',
  },
  edit: {
    title: '顔 {{faceId}} のメモ',
  },
  messages: {
    uploading: '画像をアップロードしています…',
    created: '顔 {{faceId}} を保存しました',
    updated: 'メモを保存しました',
    deleted: '顔を削除しました',
    deleteConfirm: '顔 {{faceId}} を削除しますか？ドアロックは次回の同期で削除します。',
  },
  list: {
    empty: '顔はまだありません',
    emptyFiltered: '条件に一致する顔はありません',
    loadFailed: '顔を読み込めませんでした。',
    total: '{{count}} 件の顔',
    noRoom: 'ライブラリのみ',
  },
};

export default ja;
