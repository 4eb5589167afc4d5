import type { Texts } from './en.ts';

const ar: Texts = {
  feature: 'معلومات الفندق',
  notice: { complete: 'استكمال معلومات الفندق' },
  required: {
    description: 'املأ الاسم والعنوان والهاتف أدناه واحفظ، ثم عُد إلى ما كنت تفعله.',
    back: 'العودة إلى الصفحة السابقة',
  },
  actions: { retry: 'إعادة المحاولة' },
  account: {
    title: 'حسابي',
    name: 'الاسم',
    mobile: 'رقم الجوال',
    email: 'البريد الإلكتروني',
    role: 'الدور',
    roles: {
      super: 'المدير الأعلى',
      secondary: 'مدير ثانوي',
      staff: 'موظف',
      customer_manager: 'مدير العملاء',
    },
    hotel: 'اسم الفندق',
    serviceExpires: 'الخدمة سارية حتى',
  },
  info: {
    title: 'معلومات التاجر أو الفندق',
    loadFailed: 'تعذّر تحميل معلومات الفندق',
    incomplete: 'تتوقف عمليات تسجيل الوصول ونقل الغرف وضبط الأسعار حتى يُملأ الاسم والعنوان والهاتف.',
    name: 'اسم التاجر أو الفندق',
    address: 'العنوان',
    telephone: 'الهاتف',
    telephoneHint: 'من 5 إلى 20 رقمًا؛ يُسمح بالمسافات و+ و- والأقواس',
    latitude: 'خط العرض على الخريطة',
    longitude: 'خط الطول على الخريطة',
    openMap: 'فتح هذا الموقع على OpenStreetMap',
    mapHint: 'أدخل خط العرض وخط الطول للتحقق من الموقع على الخريطة.',
    save: 'حفظ معلومات الفندق',
    saveAndBack: 'حفظ والعودة',
    saved: 'تم حفظ معلومات الفندق',
  },
  breakfast: {
    title: 'الإفطار',
    loadFailed: 'تعذّر تحميل إعدادات الإفطار',
    enabled: 'يُقدَّم الإفطار',
    hours: 'مواعيد الإفطار',
    price: 'سعر الحصة',
    options: 'خيارات الإفطار عند تسجيل الوصول',
    optionName: 'اسم الخيار',
    count: 'الحصص في اليوم',
    optionPrice: 'السعر في اليوم',
    removeOption: 'إزالة هذا الخيار',
    addOption: 'إضافة خيار',
    save: 'حفظ إعدادات الإفطار',
    saved: 'تم حفظ إعدادات الإفطار',
  },
};

export default ar;
