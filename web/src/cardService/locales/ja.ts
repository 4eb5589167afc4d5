import type { Texts } from './en.ts';

const ja: Texts = {
  kinds: {
    '1': 'ローカルリーダーサービス',
    '2': '第2リーダー',
    '3': '第3リーダー',
    '4': 'リモートリーダー（ブローカー経由）',
  },
  status: {
    label: 'カードリーダー',
    online: 'オンライン',
    offline: 'オフライン',
    simulated: 'シミュレーションのエンコーダー',
    simulatedHint:
      'ゲートウェイはシミュレーションのエンコーダーを使っています。実際のカードには書き込まれません',
    refresh: 'リーダーを再確認',
  },
  select: {
    title: 'カードリーダー',
    hint: 'このパソコンがカードエンコーダーにつながる方法です。このパソコンにだけ保存されます。',
    type: 'リーダーの種類',
    default: '導入時の既定',
    saved: 'カードリーダーを{{name}}に設定しました',
    deviceId: 'リモートリーダーのアドレス',
    deviceIdHint: 'アカウントに紐付けられたリモートリーダーの12文字のアドレス',
    noDevice: 'アカウントに紐付けられたリモートリーダーはまだありません',
    status: '状態',
  },
  steps: {
    connect: 'リーダーに接続',
    findCard: 'カードを検出',
    allocate: 'サーバーでカードを準備',
    write: 'カードに書き込み',
    verify: '読み戻して確認',
    confirm: 'カードを登録',
    done: '完了',
    blocks: '{{total}}ブロック中{{done}}ブロック',
    cancelled: '書き込みをキャンセルしました。カードは発行されていません',
    failed: 'カードは発行されませんでした',
    putCard: 'カードをエンコーダーに置いてください',
  },
  log: {
    title: 'デバイスログ',
    empty: 'デバイスの動作はまだありません',
    clear: 'ログを消去',
    send: '送信',
    receive: '受信',
    info: '情報',
    error: 'エラー',
  },
};

export default ja;
