import type { Texts } from './en.ts';

const ru: Texts = {
  title: 'Сообщения',
  kind: {
    all: 'Все виды',
    low_battery: 'Низкий заряд',
    service_expiring: 'Срок обслуживания истекает',
    lock_not_synced: 'Замок не синхронизирован',
    card_write_failed: 'Ошибка записи карты',
    notice: 'Уведомление',
  },
  text: {
    low_battery: 'Номер {{room}}: заряд батареи замка {{battery}} %. Замените батареи в ближайшее время.',
    service_expiring:
      'Дней до окончания обслуживания: {{days}} ({{date}}). Для продления свяжитесь с менеджером клиентов {{mobile}}.',
    service_expiring_no_manager: 'Дней до окончания обслуживания: {{days}} ({{date}}).',
    lock_not_synced:
      'Номер {{room}}: замок не синхронизировался (дней: {{days}}). Откройте его один раз по Bluetooth, чтобы он получил новые карты и пароли.',
    lock_never_synced:
      'Номер {{room}}: замок ни разу не синхронизировался после установки (дней: {{days}}). Откройте его один раз по Bluetooth.',
    card_write_failed: 'Карта {{card}} (номер {{room}}): запись не прошла проверку. Запишите карту снова.',
    card_write_failed_hotel: 'Карта {{card}}: запись не прошла проверку. Запишите карту снова.',
  },
  filter: {
    kind: 'Вид',
    order: 'Порядок',
    unreadFirst: 'Сначала непрочитанные',
    newest: 'Сначала новые',
    unreadOnly: 'Только непрочитанные',
  },
  column: {
    message: 'Сообщение',
    kind: 'Вид',
    status: 'Статус',
  },
  status: {
    unread: 'Не прочитано',
    read: 'Прочитано',
    resolved: 'Решено',
  },
  action: {
    openRoom: 'Перейти к номеру',
    markRead: 'Отметить прочитанным',
    markAllRead: 'Отметить все прочитанными',
    deleteSelected: 'Удалить выбранные ({{count}})',
    deleteConfirm: 'Удалить это сообщение?',
    deleteSelectedConfirm: 'Удалить выбранные сообщения ({{count}})?',
    deleted: 'Удалено',
    allRead: 'Все сообщения отмечены прочитанными',
  },
  list: {
    unread: 'Не прочитано: {{count}}',
    total: 'Сообщений: {{count}}',
    empty:
      'Сообщений нет. Здесь появятся низкий заряд батарей, давно не синхронизированные замки, ошибки записи карт и окончание срока обслуживания.',
    emptyFiltered: 'Нет сообщений, подходящих под эти фильтры.',
    clearFilters: 'Сбросить фильтры',
    loadFailed: 'Не удалось загрузить сообщения.',
  },
};

export default ru;
