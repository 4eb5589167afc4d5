import type { CommonTexts } from './en.ts';

const chs: CommonTexts = {
  actions: '操作',
  cancel: '取消',
  delete: '删除',
  refresh: '刷新',
  result: '结果',
  save: '保存',
  time: '时间',
  tryAgain: '重试',
};

export default chs;
