import type { Texts } from './en.ts';

const ar: Texts = {
  feature: 'الوجوه',
  libraryTitle: 'مكتبة الوجوه',
  buildTitle: 'إنشاء وجه',
  fields: {
    faceId: 'معرّف الوجه',
    note: 'ملاحظة الوجه',
    lockNote: 'ملاحظة القفل',
    image: 'صورة الوجه',
    room: 'الغرفة',
    stay: 'الإقامة',
    createdAt: 'تاريخ الإنشاء',
    actions: 'الإجراءات',
  },
  placeholders: {
    // An isolate keeps the Latin id in one piece inside the right-to-left text.
    faceId: 'مثال: \u2066G-20261125-01\u2069',
    note: 'مثال: اسم النزيل',
    search: 'البحث بمعرّف الوجه أو الملاحظة',
    allRooms: 'كل الغرف',
    noRoom: 'بدون غرفة: يُحفظ في المكتبة فقط',
    currentGuest: 'النزيل الحالي للغرفة',
  },
  hints: {
    room: 'عند اختيار غرفة، يُمنح الوجه صلاحية فتح قفل الغرفة طوال الإقامة.',
    noOpenStay: 'لا يوجد نزيل أو حجز في هذه الغرفة الآن.',
    lockNote: 'الاسم الذي يعرضه القفل لهذا الوجه.',
  },
  image: {
    fromFile: 'ملف',
    fromCamera: 'الكاميرا',
    chooseFile: 'اختيار صورة',
    formats: 'JPEG أو PNG أو WebP، بحد أقصى 2 ميغابايت.',
    startCamera: 'تشغيل الكاميرا',
    stopCamera: 'إيقاف الكاميرا',
    capture: 'التقاط الصورة',
    preview: 'معاينة صورة الوجه',
    remove: 'إزالة',
    cameraUnavailable: 'هذا المتصفح لا يتيح الكاميرا في هذه الصفحة.',
    cameraFailed: 'تعذّر تشغيل الكاميرا: {{reason}}',
    captureFailed: 'تعذّر التقاط الصورة. يُرجى المحاولة مرة أخرى.',
  },
  actions: {
    save: 'حفظ الوجه',
    create: 'إنشاء وجه',
    library: 'مكتبة الوجوه',
    edit: 'تعديل الملاحظات',
    saveNotes: 'حفظ',
    delete: 'حذف',
    cancel: 'إلغاء',
    retry: 'إعادة المحاولة',
  },
  edit: {
    title: 'ملاحظات الوجه {{faceId}}',
  },
  messages: {
    uploading: 'جارٍ رفع الصورة…',
    created: 'تم حفظ الوجه {{faceId}}',
    updated: 'تم حفظ الملاحظات',
    deleted: 'تم حذف الوجه',
    deleteConfirm: 'حذف الوجه {{faceId}}؟ سيزيله القفل عند المزامنة التالية.',
  },
  list: {
    empty: 'لا توجد وجوه بعد',
    emptyFiltered: 'لا يوجد وجه يطابق عوامل التصفية هذه',
    loadFailed: 'تعذّر تحميل الوجوه.',
    total: 'عدد الوجوه: {{count}}',
    noRoom: 'المكتبة فقط',
  },
};

export default ar;
