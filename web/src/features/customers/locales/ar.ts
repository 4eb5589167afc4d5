import type { Texts } from './en.ts';

const ar: Texts = {
  remove: 'إزالة',
  loadFailed: 'تعذّر تحميل معلومات العملاء.',
  total: 'الإجمالي: {{count}}',
  service: {
    expiresAt: 'انتهاء الخدمة',
    unlimited: 'بلا تاريخ انتهاء',
    expired: 'منتهية',
    daysLeft: 'الأيام المتبقية: {{count}}',
  },
  manager: {
    title: 'مدير العملاء',
    hint: 'مدير العملاء هو جهة الاتصال التي تظهر لحساباتك عند انتهاء فترة الخدمة أو قرب انتهائها.',
    current: 'مدير العملاء الحالي',
    none: 'لم يتم تعيين مدير عملاء',
    mobile: 'رقم جوال مدير العملاء',
    set: 'تعيين',
    change: 'تغيير',
    saved: 'تم حفظ مدير العملاء',
    removeConfirm: 'إزالة مدير العملاء؟ لن تذكر رسائل الانتهاء أي جهة اتصال بعد ذلك.',
    removed: 'تمت إزالة مدير العملاء',
  },
  clients: {
    title: 'عملائي',
    search: 'الفندق أو الجوال أو الاسم',
    searchPlaceholder: 'ابحث بالفندق أو الجوال أو الاسم',
    state: 'الخدمة',
    allStates: 'كل حالات الخدمة',
    states: {
      expired: 'منتهية',
      expiring: 'تنتهي قريبًا',
      active: 'نشطة',
    },
    hotel: 'الفندق',
    unnamed: 'فندق بلا اسم',
    admin: 'المدير الأعلى',
    empty: 'لا يوجد لديك عملاء بعد.',
    emptyFiltered: 'لا يوجد عملاء يطابقون عوامل التصفية هذه.',
    removeConfirm: 'التوقف عن متابعة {{hotel}}؟',
    removed: 'تمت إزالة العميل',
  },
};

export default ar;
