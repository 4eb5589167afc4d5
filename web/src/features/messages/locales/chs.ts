import type { Texts } from './en.ts';

const chs: Texts = {
  title: '消息',
  kind: {
    all: '全部类型',
    low_battery: '电量低',
    service_expiring: '服务即将到期',
    lock_not_synced: '门锁未同步',
    card_write_failed: '写卡失败',
    notice: '通知',
  },
  text: {
    low_battery: '房间 {{room}}：门锁电量 {{battery}}%，请尽快更换电池。',
    service_expiring: '服务到期剩余天数：{{days}}（{{date}}）。请联系您的客户经理 {{mobile}} 续费。',
    service_expiring_no_manager: '服务到期剩余天数：{{days}}（{{date}}）。',
    lock_not_synced: '房间 {{room}}：门锁已 {{days}} 天未同步。请用蓝牙开一次锁，让它获取最新的卡和密码。',
    lock_never_synced: '房间 {{room}}：门锁安装后从未同步（{{days}} 天）。请用蓝牙开一次锁。',
    card_write_failed: '卡 {{card}}（房间 {{room}}）：写入未通过校验，请重新写卡。',
    card_write_failed_hotel: '卡 {{card}}：写入未通过校验，请重新写卡。',
  },
  filter: {
    kind: '类型',
    order: '排序',
    unreadFirst: '未读优先',
    newest: '最新优先',
    unreadOnly: '仅未读',
  },
  column: {
    message: '消息',
    kind: '类型',
    status: '状态',
  },
  status: {
    unread: '未读',
    read: '已读',
    resolved: '已解决',
  },
  action: {
    openRoom: '查看房间',
    markRead: '标为已读',
    markAllRead: '全部标为已读',
    deleteSelected: '删除所选（{{count}}）',
    deleteConfirm: '确定删除这条消息？',
    deleteSelectedConfirm: '确定删除所选的消息（{{count}}）？',
    deleted: '已删除',
    allRead: '所有消息已标为已读',
  },
  list: {
    unread: '未读：{{count}}',
    total: '消息：{{count}}',
    empty: '暂无消息。门锁电量低、门锁长期未同步、写卡失败以及服务即将到期时会在这里提示。',
    emptyFiltered: '没有符合筛选条件的消息。',
    clearFilters: '清除筛选',
    loadFailed: '消息加载失败。',
  },
};

export default chs;
