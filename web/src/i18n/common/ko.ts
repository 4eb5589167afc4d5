import type { CommonTexts } from './en.ts';

const ko: CommonTexts = {
  actionsColumn: '작업',
  cancel: '취소',
  delete: '삭제',
  refresh: '새로 고침',
  resultLabel: '결과',
  save: '저장',
  time: '시간',
  tryAgain: '다시 시도',
};

export default ko;
