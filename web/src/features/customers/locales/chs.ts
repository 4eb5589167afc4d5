import type { Texts } from './en.ts';

const chs: Texts = {
  remove: '移除',
  loadFailed: '客户信息加载失败。',
  total: '共 {{count}} 条',
  service: {
    expiresAt: '服务到期时间',
    unlimited: '不限期',
    expired: '已到期',
    daysLeft: '剩余 {{count}} 天',
  },
  manager: {
    title: '客户经理',
    hint: '客户经理是服务到期或即将到期时向您的账号展示的联系人。',
    current: '当前客户经理',
    none: '未设置客户经理',
    mobile: '客户经理手机号',
    set: '设置',
    change: '更换',
    saved: '客户经理已保存',
    removeConfirm: '确定移除客户经理？之后到期提醒将不显示联系人。',
    removed: '客户经理已移除',
  },
  clients: {
    title: '我的客户',
    search: '酒店、手机号或姓名',
    searchPlaceholder: '按酒店、手机号或姓名搜索',
    state: '服务',
    allStates: '全部服务状态',
    states: {
      expired: '已到期',
      expiring: '即将到期',
      active: '正常',
    },
    hotel: '酒店',
    unnamed: '未命名酒店',
    admin: '超级管理员',
    empty: '暂无客户。',
    emptyFiltered: '没有符合筛选条件的客户。',
    removeConfirm: '确定不再负责 {{hotel}}？',
    removed: '客户已移除',
  },
};

export default chs;
