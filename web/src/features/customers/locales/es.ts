import type { Texts } from './en.ts';

const es: Texts = {
  remove: 'Quitar',
  loadFailed: 'No se pudo cargar la información de clientes.',
  total: 'En total: {{count}}',
  service: {
    expiresAt: 'Fin del servicio',
    unlimited: 'Sin fecha de fin',
    expired: 'Caducado',
    daysLeft: 'Días restantes: {{count}}',
  },
  manager: {
    title: 'Gestor de clientes',
    hint: 'Su gestor de clientes es el contacto que ven sus cuentas cuando el periodo de servicio termina o está por terminar.',
    current: 'Gestor de clientes actual',
    none: 'Sin gestor de clientes',
    mobile: 'Móvil del gestor de clientes',
    set: 'Asignar',
    change: 'Cambiar',
    saved: 'Gestor de clientes guardado',
    removeConfirm: '¿Quitar el gestor de clientes? Los avisos de caducidad no indicarán ningún contacto.',
    removed: 'Gestor de clientes quitado',
  },
  clients: {
    title: 'Mis clientes',
    search: 'Hotel, móvil o nombre',
    searchPlaceholder: 'Buscar por hotel, móvil o nombre',
    state: 'Servicio',
    allStates: 'Todos los estados',
    states: {
      expired: 'Caducado',
      expiring: 'Caduca pronto',
      active: 'Activo',
    },
    hotel: 'Nombre del hotel',
    unnamed: 'Hotel sin nombre',
    admin: 'Superadministrador',
    empty: 'Todavía no tiene clientes.',
    emptyFiltered: 'Ningún cliente coincide con estos filtros.',
    removeConfirm: '¿Dejar de gestionar {{hotel}}?',
    removed: 'Cliente quitado',
  },
};

export default es;
