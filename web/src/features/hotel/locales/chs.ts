import type { Texts } from './en.ts';

const chs: Texts = {
  feature: '酒店信息',
  notice: { complete: '完善酒店信息' },
  required: {
    description: '请在下方填写名称、地址和电话并保存，然后返回继续之前的操作。',
    back: '返回上一页',
  },
  actions: { retry: '重试' },
  account: {
    title: '我的账号',
    name: '姓名',
    mobile: '手机号',
    email: '电子邮箱',
    role: '角色',
    roles: { super: '超级管理员', secondary: '二级管理员', staff: '员工', customer_manager: '客户经理' },
    hotel: '酒店名称',
    serviceExpires: '服务有效期至',
  },
  info: {
    title: '商户或酒店信息',
    loadFailed: '酒店信息加载失败',
    incomplete: '在填写名称、地址和电话之前，入住、换房和价格设置将无法进行。',
    name: '商户或酒店名称',
    address: '地址',
    telephone: '电话',
    telephoneHint: '5 到 20 位数字；可含空格、+、- 和括号',
    latitude: '地图纬度',
    longitude: '地图经度',
    openMap: '在 OpenStreetMap 上查看此位置',
    mapHint: '输入纬度和经度即可在地图上核对位置。',
    save: '保存酒店信息',
    saveAndBack: '保存并返回',
    saved: '酒店信息已保存',
  },
  breakfast: {
    title: '早餐',
    loadFailed: '早餐设置加载失败',
    enabled: '提供早餐',
    hours: '早餐时间',
    price: '每份价格',
    options: '入住时可选的早餐',
    optionName: '选项名称',
    count: '每天份数',
    optionPrice: '每天价格',
    removeOption: '删除此选项',
    addOption: '添加选项',
    save: '保存早餐设置',
    saved: '早餐设置已保存',
  },
};

export default chs;
