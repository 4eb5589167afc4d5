import type { Texts } from './en.ts';

const ja: Texts = {
  feature: '指紋',
  libraryTitle: '指紋ライブラリ',
  tabs: {
    library: '指紋',
    deliveries: 'ドアロックへ送信済み',
  },
  fields: {
    fingerId: '指紋ID',
    note: 'メモ',
    room: '客室',
    status: '状態',
    createdAt: '登録日時',
    sentAt: '送信日時',
  },
  placeholders: {
    note: '例：李偉 右手の親指',
    fingerId: '空欄なら自動生成',
    search: '指紋IDまたはメモで検索',
    allRooms: 'すべての客室',
  },
  steps: {
    connect: 'エンコーダーに接続',
    press: '指を置く',
    pressAgain: 'もう一度置く',
    captured: '読み取り完了',
    saved: '保存済み',
  },
  hints: {
    room: '客室を選ぶと、滞在期間中その客室のドアロックに指紋が送信されます。',
    connecting: 'カードエンコーダーに接続しています…',
    press: '指をエンコーダーに置いてください。',
    pressAgain: '指を離して、もう一度エンコーダーに置いてください。',
    captured: '指紋を読み取りました。',
    saving: '指紋を保存しています…',
    done: '指紋を保存しました（品質 {{quality}}）。',
  },
  encoder: {
    simulated: 'シミュレーションのエンコーダー',
    usb: 'USB エンコーダー接続済み',
    unplugged: 'エンコーダーが外れています',
    offline:
      'このコンピューターで LockDesk ゲートウェイが動いていません。起動してカードエンコーダーを接続し、もう一度お試しください。',
  },
  status: {
    pending: '保留中（ドアロックの同期待ち）',
    delivered: 'ドアロックに登録済み',
    deleting: '削除中',
    deleted: '削除済み',
  },
  actions: {
    enrol: '指紋を登録',
    start: '登録を開始',
    again: 'もう一度登録',
    saveAgain: 'もう一度保存',
    send: 'ドアロックへ送信',
    withdraw: 'ドアロックから削除',
  },
  send: {
    title: '指紋 {{fingerId}} をドアロックへ送信',
    hint: 'ドアロックは次回の同期で受け取ります。',
    pickRoom: '客室を選択してください',
  },
  messages: {
    saved: '指紋 {{fingerId}} を保存しました',
    deleted: '指紋を削除しました',
    deleteConfirm: '指紋 {{fingerId}} を削除しますか？ドアロックは次回の同期で削除します。',
    sent: '客室 {{room}} のドアロックへ送信しました。ドアロックが同期するまで保留中です',
    withdrawConfirm: '客室 {{room}} のドアロックから指紋 {{fingerId}} を削除しますか？',
    withdrawn: 'ドアロックは次回の同期で指紋を削除します',
  },
  list: {
    empty: '指紋はまだありません',
    emptyFiltered: '条件に一致するものはありません',
    deliveriesEmpty: 'ドアロックへ送信した指紋はまだありません',
    loadFailed: '指紋を読み込めませんでした。',
    total: '全 {{count}} 件',
    noRoom: 'ライブラリのみ',
  },
};

export default ja;
