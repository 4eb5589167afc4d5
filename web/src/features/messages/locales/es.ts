import type { Texts } from './en.ts';

const es: Texts = {
  title: 'Mensajes',
  kind: {
    all: 'Todos los tipos',
    low_battery: 'Batería baja',
    service_expiring: 'Servicio a punto de vencer',
    lock_not_synced: 'Cerradura sin sincronizar',
    card_write_failed: 'Fallo al grabar tarjeta',
    notice: 'Aviso',
  },
  text: {
    low_battery: 'Habitación {{room}}: batería de la cerradura al {{battery}} %. Cambie las pilas pronto.',
    service_expiring:
      'Días hasta que venza el servicio: {{days}} ({{date}}). Para renovarlo, contacte con su gestor de clientes {{mobile}}.',
    service_expiring_no_manager: 'Días hasta que venza el servicio: {{days}} ({{date}}).',
    lock_not_synced:
      'Habitación {{room}}: la cerradura lleva {{days}} días sin sincronizar. Ábrala una vez por Bluetooth para que reciba las últimas tarjetas y contraseñas.',
    lock_never_synced:
      'Habitación {{room}}: la cerradura no se ha sincronizado nunca desde su instalación ({{days}} días). Ábrala una vez por Bluetooth.',
    card_write_failed:
      'Tarjeta {{card}} (habitación {{room}}): la grabación no se verificó. Grabe la tarjeta de nuevo.',
    card_write_failed_hotel: 'Tarjeta {{card}}: la grabación no se verificó. Grabe la tarjeta de nuevo.',
  },
  filter: {
    kind: 'Tipo',
    order: 'Orden',
    unreadFirst: 'No leídos primero',
    newest: 'Más recientes primero',
    unreadOnly: 'Solo no leídos',
  },
  column: {
    message: 'Mensaje',
    kind: 'Tipo',
    status: 'Estado',
  },
  status: {
    unread: 'No leído',
    read: 'Leído',
    resolved: 'Resuelto',
  },
  action: {
    openRoom: 'Ver habitación',
    markRead: 'Marcar como leído',
    markAllRead: 'Marcar todo como leído',
    deleteSelected: 'Eliminar seleccionados ({{count}})',
    deleteConfirm: '¿Eliminar este mensaje?',
    deleteSelectedConfirm: '¿Eliminar los mensajes seleccionados ({{count}})?',
    deleted: 'Eliminado',
    allRead: 'Todos los mensajes marcados como leídos',
  },
  list: {
    unread: 'No leídos: {{count}}',
    total: 'Mensajes: {{count}}',
    empty:
      'No hay mensajes. Aquí aparecerán las baterías bajas, las cerraduras que llevan tiempo sin sincronizar, las tarjetas mal grabadas y el fin del periodo de servicio.',
    emptyFiltered: 'Ningún mensaje coincide con estos filtros.',
    clearFilters: 'Quitar filtros',
    loadFailed: 'No se pudieron cargar los mensajes.',
  },
};

export default es;
