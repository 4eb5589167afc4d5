import { arWords } from '@lockdesk/protocol/i18n/ar';
import type { Texts } from './en.ts';

const ar: Texts = {
  columns: {
    room: 'الغرفة',
    type: 'طريقة الفتح',
    credential: 'وسيلة الدخول',
    from: 'المصدر',
    operator: 'المشغّل',
    guest: 'النزيل',
  },
  types: {
    ...arWords.unlockTypes,
    bluetooth: 'بلوتوث الهاتف',
    remote: 'فتح عن بُعد',
  },
  result: {
    ...arWords.unlockResults,
    all: 'فُتح أو رُفض',
  },
  reasons: {
    ...arWords.cardKinds,
    ...arWords.refusals,
    floorCard: 'بطاقة الطابق',
    corruptedCard: 'بطاقة غير مقروءة',
    externalCard: 'بطاقة من نظام آخر',
    emptyCard: 'بطاقة فارغة',
    tamperedCard: 'بطاقة معدَّلة',
    copiedCard: 'بطاقة منسوخة',
    wrongHotel: 'بطاقة فندق آخر',
    wrongBuilding: 'بطاقة مبنى آخر',
    wrongFloor: 'بطاقة طابق آخر',
    wrongRoom: 'بطاقة غرفة أخرى',
    universalNotLearned: 'بطاقة عامة لم يتعلّمها القفل بعد',
    issuerNotAllowed: 'صادرة عن حساب لا يقبله هذا القفل',
    notYetValid: 'لم تصبح صالحة بعد',
    deadbolt: 'مقفل بالمزلاج من الداخل',
    passwordExpired: 'كلمة مرور منتهية أو مسحوبة',
    bluetooth: 'فتح بالبلوتوث من الهاتف',
  },
  filters: {
    room: 'الغرفة',
    allRooms: 'كل الغرف',
    mobile: 'جوال النزيل',
    mobilePlaceholder: 'رقم جوال النزيل',
    stay: 'الإقامة رقم {{id}}',
    type: 'طريقة الفتح',
    allTypes: 'كل طرق الفتح',
    from: 'من',
    to: 'إلى',
    keyword: 'كلمة البحث',
    keywordPlaceholder: 'ابحث في المحتوى أو المصدر أو المشغّل أو النزيل',
    clear: 'مسح عوامل التصفية',
  },
  table: {
    empty: 'لا توجد سجلات فتح بعد',
    emptyHint: 'يرسل القفل سجلاته عند مزامنته عبر البلوتوث.',
    noMatch: 'لا توجد سجلات فتح تطابق عوامل التصفية هذه',
    loadFailed: 'تعذّر تحميل سجلات الفتح.',
    total: 'السجلات الموجودة: {{count}}',
  },
  export: {
    button: 'تصدير',
    preparing: 'جارٍ تجهيز الملف…',
    started: 'بدأ تنزيل {{file}}',
    hint: 'يحتوي الملف على كل السجلات المطابقة لعوامل التصفية، وليس هذه الصفحة فقط.',
  },
};

export default ar;
