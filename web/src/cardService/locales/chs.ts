import type { Texts } from './en.ts';

const chs: Texts = {
  kinds: {
    '1': '本地读卡服务',
    '2': '第二读卡器',
    '3': '第三读卡器',
    '4': '远程读卡器（消息服务器）',
  },
  status: {
    label: '读卡器',
    online: '在线',
    offline: '离线',
    simulated: '模拟发卡器',
    simulatedHint: '网关使用的是模拟发卡器：不会写入真实的卡',
    refresh: '重新检测读卡器',
  },
  select: {
    title: '读卡器',
    hint: '本电脑连接发卡器的方式，仅保存在本电脑上。',
    type: '读卡器类型',
    default: '部署默认',
    saved: '读卡器已设置为 {{name}}',
    deviceId: '远程读卡器地址',
    deviceIdHint: '绑定到您账号的远程读卡器的 12 位地址',
    noDevice: '您的账号还没有绑定远程读卡器',
    status: '状态',
  },
  steps: {
    connect: '连接读卡器',
    findCard: '寻卡',
    allocate: '在服务器上准备卡片',
    write: '写卡',
    verify: '回读校验',
    confirm: '登记卡片',
    done: '完成',
    blocks: '第 {{done}} / {{total}} 块',
    cancelled: '写卡已取消，未发出任何卡',
    failed: '卡片未发出',
    putCard: '请将卡片放在发卡器上',
  },
  log: {
    title: '设备日志',
    empty: '暂无设备操作',
    clear: '清空日志',
    send: '发送',
    receive: '接收',
    info: '信息',
    error: '错误',
  },
};

export default chs;
