import type { Texts } from './en.ts';

const chs: Texts = {
  feature: '指纹',
  libraryTitle: '指纹库',
  tabs: {
    library: '指纹',
    deliveries: '已下发到门锁',
  },
  fields: {
    fingerId: '指纹ID',
    note: '备注',
    room: '房间',
    status: '状态',
    createdAt: '录入时间',
    sentAt: '下发时间',
  },
  placeholders: {
    note: '例如 李伟 右手拇指',
    fingerId: '留空则自动生成',
    search: '按指纹ID或备注搜索',
    allRooms: '全部房间',
  },
  steps: {
    connect: '连接发卡器',
    press: '按压手指',
    pressAgain: '再次按压',
    captured: '已采集',
    saved: '已保存',
  },
  hints: {
    room: '选择房间后，该指纹将在入住期间下发到房间门锁。',
    connecting: '正在连接发卡器…',
    press: '请将手指放在发卡器上。',
    pressAgain: '请抬起手指，再次放在发卡器上。',
    captured: '指纹已采集。',
    saving: '正在保存指纹…',
    done: '指纹已保存（质量 {{quality}}）。',
  },
  encoder: {
    simulated: '模拟发卡器',
    usb: 'USB 发卡器已连接',
    unplugged: '发卡器已拔出',
    offline: '本机未运行 LockDesk 网关。请启动网关，连接发卡器后重试。',
  },
  status: {
    pending: '待下发（等待门锁同步）',
    delivered: '已在门锁上',
    deleting: '正在移除',
    deleted: '已移除',
  },
  actions: {
    enrol: '录入指纹',
    start: '开始录入',
    again: '重新录入',
    saveAgain: '重新保存',
    send: '下发到门锁',
    withdraw: '从门锁移除',
  },
  send: {
    title: '将指纹 {{fingerId}} 下发到门锁',
    hint: '门锁将在下次同步时接收。',
    pickRoom: '请选择房间',
  },
  messages: {
    saved: '指纹 {{fingerId}} 已保存',
    deleted: '指纹已删除',
    deleteConfirm: '删除指纹 {{fingerId}}？门锁将在下次同步时移除它。',
    sent: '已下发到房间 {{room}} 的门锁；门锁同步前为待下发状态',
    withdrawConfirm: '从房间 {{room}} 的门锁移除指纹 {{fingerId}}？',
    withdrawn: '门锁将在下次同步时移除该指纹',
  },
  list: {
    empty: '暂无指纹',
    emptyFiltered: '没有符合筛选条件的记录',
    deliveriesEmpty: '尚未向门锁下发任何指纹',
    loadFailed: '无法加载指纹。',
    total: '共 {{count}} 条',
    noRoom: '仅指纹库',
  },
};

export default chs;
