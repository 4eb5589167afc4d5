import type { LanguageTexts } from '../../../i18n/plurals.ts';

/** English texts of the 'messages' feature (the message centre): the reference every other language matches. */
const en = {
  title: 'Messages',
  kind: {
    all: 'All kinds',
    low_battery: 'Low battery',
    service_expiring: 'Service expiring',
    lock_not_synced: 'Lock not synced',
    card_write_failed: 'Card write failed',
    notice: 'Notice',
  },
  text: {
    low_battery: 'Room {{room}}: lock battery {{battery}} %. Replace the batteries soon.',
    service_expiring:
      'Days until the service expires: {{days}} ({{date}}). Contact your customer manager {{mobile}} to renew.',
    service_expiring_no_manager: 'Days until the service expires: {{days}} ({{date}}).',
    lock_not_synced:
      'Room {{room}}: the lock has not synced for {{days}} days. Open it once by Bluetooth so it learns the latest cards and passwords.',
    lock_never_synced:
      'Room {{room}}: the lock has never synced since it was installed ({{days}} days). Open it once by Bluetooth.',
    card_write_failed: 'Card {{card}} (room {{room}}): the write did not verify. Write the card again.',
    card_write_failed_hotel: 'Card {{card}}: the write did not verify. Write the card again.',
  },
  filter: {
    kind: 'Kind',
    order: 'Order',
    unreadFirst: 'Unread first',
    newest: 'Newest first',
    unreadOnly: 'Unread only',
  },
  column: {
    message: 'Message',
    kind: 'Kind',
    status: 'Status',
  },
  status: {
    unread: 'Unread',
    read: 'Read',
    resolved: 'Resolved',
  },
  action: {
    openRoom: 'View room',
    markRead: 'Mark read',
    markAllRead: 'Mark all read',
    deleteSelected: 'Delete selected ({{count}})',
    deleteConfirm: 'Delete this message?',
    deleteSelectedConfirm: 'Delete the selected messages ({{count}})?',
    deleted: 'Deleted',
    allRead: 'All messages marked read',
  },
  list: {
    unread: 'Unread: {{count}}',
    total: 'Messages: {{count}}',
    empty:
      'No messages. Low batteries, locks that have not synced, failed card writes and the end of the service period show up here.',
    emptyFiltered: 'No message matches these filters.',
    clearFilters: 'Clear filters',
    loadFailed: 'The messages could not be loaded.',
  },
};

export type Texts = LanguageTexts<typeof en>;
export default en;
