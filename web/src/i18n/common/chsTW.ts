import type { CommonTexts } from './en.ts';

const chsTW: CommonTexts = {
  actionsColumn: '操作',
  cancel: '取消',
  delete: '刪除',
  refresh: '重新整理',
  resultLabel: '結果',
  save: '儲存',
  time: '時間',
  tryAgain: '重試',
};

export default chsTW;
