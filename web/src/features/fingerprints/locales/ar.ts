import type { Texts } from './en.ts';

const ar: Texts = {
  feature: 'بصمات الأصابع',
  libraryTitle: 'مكتبة البصمات',
  tabs: {
    library: 'البصمات',
    deliveries: 'المُرسلة إلى الأقفال',
  },
  fields: {
    fingerId: 'معرّف البصمة',
    note: 'ملاحظة',
    room: 'الغرفة',
    status: 'الحالة',
    createdAt: 'تاريخ التسجيل',
    sentAt: 'تاريخ الإرسال',
  },
  placeholders: {
    note: 'مثال: لي وي، الإبهام الأيمن',
    fingerId: 'يُنشأ تلقائيًا إذا تُرك فارغًا',
    search: 'البحث بمعرّف البصمة أو الملاحظة',
    allRooms: 'كل الغرف',
  },
  steps: {
    connect: 'توصيل جهاز الترميز',
    press: 'ضع الإصبع',
    pressAgain: 'ضعه مرة أخرى',
    captured: 'تم الالتقاط',
    saved: 'تم الحفظ',
  },
  hints: {
    room: 'عند اختيار غرفة، تُرسل البصمة إلى قفل الغرفة طوال الإقامة.',
    connecting: 'جارٍ الاتصال بجهاز ترميز البطاقات…',
    press: 'ضع الإصبع على جهاز الترميز.',
    pressAgain: 'ارفع الإصبع ثم ضعه على جهاز الترميز مرة أخرى.',
    captured: 'تم التقاط البصمة.',
    saving: 'جارٍ حفظ البصمة…',
    done: 'تم حفظ البصمة (الجودة {{quality}}).',
  },
  encoder: {
    simulated: 'جهاز ترميز مُحاكى',
    usb: 'جهاز ترميز USB متصل',
    unplugged: 'جهاز الترميز مفصول',
    offline: 'بوابة LockDesk لا تعمل على هذا الحاسوب. شغّلها ووصّل جهاز ترميز البطاقات ثم حاول مرة أخرى.',
  },
  status: {
    pending: 'قيد الانتظار (حتى مزامنة القفل)',
    delivered: 'على القفل',
    deleting: 'جارٍ الإزالة',
    deleted: 'أُزيلت',
  },
  actions: {
    enrol: 'تسجيل بصمة',
    start: 'بدء التسجيل',
    again: 'التسجيل مرة أخرى',
    saveAgain: 'الحفظ مرة أخرى',
    send: 'إرسال إلى قفل',
    withdraw: 'إزالة من القفل',
  },
  send: {
    title: 'إرسال البصمة {{fingerId}} إلى قفل',
    hint: 'يستلمها القفل عند المزامنة التالية.',
    pickRoom: 'يُرجى اختيار غرفة',
  },
  messages: {
    saved: 'تم حفظ البصمة {{fingerId}}',
    deleted: 'تم حذف البصمة',
    deleteConfirm: 'حذف البصمة {{fingerId}}؟ ستزيلها الأقفال عند المزامنة التالية.',
    sent: 'أُرسلت إلى قفل الغرفة {{room}}؛ قيد الانتظار حتى مزامنة القفل',
    withdrawConfirm: 'إزالة البصمة {{fingerId}} من قفل الغرفة {{room}}؟',
    withdrawn: 'سيزيل القفل البصمة عند المزامنة التالية',
  },
  list: {
    empty: 'لا توجد بصمات بعد',
    emptyFiltered: 'لا شيء يطابق عوامل التصفية هذه',
    deliveriesEmpty: 'لم تُرسل أي بصمة إلى قفل بعد',
    loadFailed: 'تعذّر تحميل البصمات.',
    total: 'المجموع {{count}}',
    noRoom: 'المكتبة فقط',
  },
};

export default ar;
