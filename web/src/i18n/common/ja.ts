import type { CommonTexts } from './en.ts';

const ja: CommonTexts = {
  actionsColumn: '操作',
  cancel: 'キャンセル',
  delete: '削除',
  refresh: '更新',
  resultLabel: '結果',
  save: '保存',
  time: '日時',
  tryAgain: '再試行',
};

export default ja;
