import { jaWords } from '@lockdesk/protocol/i18n/ja';
import type { Texts } from './en.ts';

const ja: Texts = {
  columns: {
    room: '部屋',
    type: '解錠方法',
    credential: '認証情報',
    from: '発生元',
    operator: '操作者',
    guest: '宿泊者',
  },
  types: {
    ...jaWords.unlockTypes,
    bluetooth: 'スマホ Bluetooth',
    remote: 'リモート解錠',
  },
  result: {
    ...jaWords.unlockResults,
    all: '解錠または拒否',
  },
  reasons: {
    ...jaWords.cardKinds,
    ...jaWords.refusals,
    floorCard: 'フロアカード',
    corruptedCard: '読み取れないカード',
    externalCard: '他システムのカード',
    emptyCard: '空白カード',
    tamperedCard: '改ざんされたカード',
    copiedCard: 'コピーされたカード',
    wrongHotel: '他ホテルのカード',
    wrongBuilding: '他の棟のカード',
    wrongFloor: '他のフロアのカード',
    wrongRoom: '他の部屋のカード',
    universalNotLearned: 'ドアロックがまだ学習していない共通カード',
    issuerNotAllowed: 'このドアロックが受け付けないアカウントが発行したカード',
    notYetValid: 'まだ有効期間前',
    deadbolt: '室内からデッドボルト施錠中',
    passwordExpired: '期限切れまたは取り消されたパスワード',
    bluetooth: 'スマホの Bluetooth で解錠',
  },
  filters: {
    room: '部屋',
    allRooms: 'すべての部屋',
    mobile: '宿泊者の携帯番号',
    mobilePlaceholder: '宿泊者の携帯電話番号',
    stay: '滞在 #{{id}}',
    type: '解錠方法',
    allTypes: 'すべての解錠方法',
    from: '開始',
    to: '終了',
    keyword: 'キーワード',
    keywordPlaceholder: '内容、発生元、操作者、宿泊者で検索',
    clear: '絞り込みを解除',
  },
  table: {
    empty: '解錠記録はまだありません',
    emptyHint: 'ドアロックは Bluetooth 同期の際に記録を送信します。',
    noMatch: 'この条件に合う解錠記録はありません',
    loadFailed: '解錠記録を読み込めませんでした。',
    total: '{{count}} 件の記録',
  },
  export: {
    button: 'エクスポート',
    preparing: 'ファイルを準備しています…',
    started: '{{file}} のダウンロードを開始しました',
    hint: 'ファイルにはこのページだけでなく、条件に合うすべての記録が含まれます。',
  },
};

export default ja;
