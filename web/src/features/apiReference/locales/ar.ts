import type { Texts } from './en.ts';

const ar: Texts = {
  link: 'مرجع واجهة البرمجة (API)',
  newTab: 'يُفتح في علامة تبويب جديدة',
  card: {
    title: 'للمطوّرين',
    description:
      'جميع استدعاءات واجهة الإدارة وواجهة خدمة البطاقات: الحقول والصلاحيات والردود ورموز الأخطاء.',
  },
};

export default ar;
