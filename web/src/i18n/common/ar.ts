import type { CommonTexts } from './en.ts';

const ar: CommonTexts = {
  actions: 'الإجراءات',
  cancel: 'إلغاء',
  delete: 'حذف',
  refresh: 'تحديث',
  result: 'النتيجة',
  save: 'حفظ',
  time: 'الوقت',
  tryAgain: 'إعادة المحاولة',
};

export default ar;
