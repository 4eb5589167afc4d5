import type { CommonTexts } from './en.ts';

const ar: CommonTexts = {
  actionsColumn: 'الإجراءات',
  cancel: 'إلغاء',
  delete: 'حذف',
  refresh: 'تحديث',
  resultLabel: 'النتيجة',
  save: 'حفظ',
  time: 'الوقت',
  tryAgain: 'إعادة المحاولة',
};

export default ar;
