import { chsWords } from '@lockdesk/protocol/i18n/chs';
import type { Texts } from './en.ts';

const chs: Texts = {
  columns: {
    room: '房间',
    type: '开锁方式',
    credential: '凭证',
    from: '来源',
    operator: '操作人',
    guest: '住客',
  },
  types: {
    ...chsWords.unlockTypes,
    bluetooth: '手机蓝牙',
    remote: '远程开锁',
  },
  result: {
    ...chsWords.unlockResults,
    all: '开门或拒绝',
  },
  reasons: {
    ...chsWords.cardKinds,
    ...chsWords.refusals,
    floorCard: '楼层卡',
    corruptedCard: '无法读取的卡',
    externalCard: '其他系统的卡',
    emptyCard: '空白卡',
    tamperedCard: '被篡改的卡',
    copiedCard: '复制卡',
    wrongHotel: '其他酒店的卡',
    wrongBuilding: '其他楼栋的卡',
    wrongFloor: '其他楼层的卡',
    wrongRoom: '其他房间的卡',
    universalNotLearned: '门锁尚未学习该通用卡',
    issuerNotAllowed: '由本门锁不接受的账号发卡',
    notYetValid: '尚未生效',
    deadbolt: '室内已反锁',
    passwordExpired: '密码已过期或已收回',
    bluetooth: '手机蓝牙开锁',
  },
  filters: {
    room: '房间',
    allRooms: '全部房间',
    mobile: '住客手机号',
    mobilePlaceholder: '住客手机号码',
    stay: '入住 #{{id}}',
    type: '开锁方式',
    allTypes: '全部开锁方式',
    from: '开始',
    to: '结束',
    keyword: '关键词',
    keywordPlaceholder: '搜索内容、来源、操作人或住客',
    clear: '清除筛选条件',
  },
  table: {
    empty: '暂无开锁记录',
    emptyHint: '门锁在蓝牙同步时上报开锁记录。',
    noMatch: '没有符合筛选条件的开锁记录',
    loadFailed: '开锁记录加载失败。',
    total: '共 {{count}} 条记录',
  },
  export: {
    button: '导出',
    preparing: '正在生成文件…',
    started: '已开始下载 {{file}}',
    hint: '文件包含符合筛选条件的全部记录，而不只是本页。',
  },
};

export default chs;
