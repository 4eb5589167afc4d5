import type { CommonTexts } from './en.ts';

const chs: CommonTexts = {
  actionsColumn: '操作',
  cancel: '取消',
  delete: '删除',
  refresh: '刷新',
  resultLabel: '结果',
  save: '保存',
  time: '时间',
  tryAgain: '重试',
};

export default chs;
