import type { Texts } from './en.ts';

const ar: Texts = {
  title: 'الرسائل',
  kind: {
    all: 'كل الأنواع',
    low_battery: 'بطارية منخفضة',
    service_expiring: 'الخدمة على وشك الانتهاء',
    lock_not_synced: 'القفل غير متزامن',
    card_write_failed: 'فشل كتابة البطاقة',
    notice: 'إشعار',
  },
  text: {
    low_battery: 'الغرفة {{room}}: بطارية القفل {{battery}}٪. استبدل البطاريات قريبًا.',
    service_expiring:
      'الأيام المتبقية حتى انتهاء الخدمة: {{days}} ({{date}}). للتجديد، تواصل مع مدير العملاء {{mobile}}.',
    service_expiring_no_manager: 'الأيام المتبقية حتى انتهاء الخدمة: {{days}} ({{date}}).',
    lock_not_synced:
      'الغرفة {{room}}: لم يتزامن القفل منذ {{days}} يومًا. افتحه مرة واحدة عبر البلوتوث ليتلقى أحدث البطاقات وكلمات المرور.',
    lock_never_synced:
      'الغرفة {{room}}: لم يتزامن القفل أبدًا منذ تركيبه ({{days}} يومًا). افتحه مرة واحدة عبر البلوتوث.',
    card_write_failed: 'البطاقة {{card}} (الغرفة {{room}}): لم يتم التحقق من الكتابة. اكتب البطاقة مرة أخرى.',
    card_write_failed_hotel: 'البطاقة {{card}}: لم يتم التحقق من الكتابة. اكتب البطاقة مرة أخرى.',
  },
  filter: {
    kind: 'النوع',
    order: 'الترتيب',
    unreadFirst: 'غير المقروءة أولًا',
    newest: 'الأحدث أولًا',
    unreadOnly: 'غير المقروءة فقط',
  },
  column: {
    message: 'الرسالة',
    kind: 'النوع',
    status: 'الحالة',
  },
  status: {
    unread: 'غير مقروءة',
    read: 'مقروءة',
    resolved: 'تمت المعالجة',
  },
  action: {
    openRoom: 'عرض الغرفة',
    markRead: 'تعليم كمقروءة',
    markAllRead: 'تعليم الكل كمقروء',
    deleteSelected: 'حذف المحدد ({{count}})',
    deleteConfirm: 'هل تريد حذف هذه الرسالة؟',
    deleteSelectedConfirm: 'هل تريد حذف الرسائل المحددة ({{count}})؟',
    deleted: 'تم الحذف',
    allRead: 'تم تعليم كل الرسائل كمقروءة',
  },
  list: {
    unread: 'غير المقروءة: {{count}}',
    total: 'الرسائل: {{count}}',
    empty:
      'لا توجد رسائل. تظهر هنا البطاريات المنخفضة والأقفال التي لم تتزامن منذ مدة وفشل كتابة البطاقات وانتهاء فترة الخدمة.',
    emptyFiltered: 'لا توجد رسالة تطابق عوامل التصفية هذه.',
    clearFilters: 'مسح عوامل التصفية',
    loadFailed: 'تعذّر تحميل الرسائل.',
  },
};

export default ar;
