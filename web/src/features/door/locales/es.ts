import type { Texts } from './en.ts';

const es: Texts = {
  feature: 'Puerta',
  panel: {
    title: 'Cerradura y entregas',
    lastSync: 'Última sincronización',
    never: 'Nunca sincronizada',
    waiting: 'Cambios pendientes',
    waitingHint: 'Lo que la cerradura aprende en su próxima apertura por Bluetooth',
    noLock: 'Esta habitación no tiene cerradura (sin dirección MAC): no se entrega nada a ninguna puerta.',
    noSecret: 'La cerradura aún no tiene secreto, así que no puede sincronizarse con LockDesk.',
    loadFailed: 'No se pudieron cargar las entregas de la cerradura.',
    retry: 'Reintentar',
    refresh: 'Actualizar',
    deliveries: 'Entregas',
    syncs: 'Últimas sincronizaciones',
    noDeliveries: 'La cerradura no tiene nada que aprender.',
    noSyncs: 'La cerradura aún no se ha sincronizado.',
  },
  columns: {
    item: 'Elemento',
    kind: 'Tipo',
    state: 'Estado',
    changed: 'Modificado',
    confirmed: 'Confirmado',
    started: 'Inicio',
    finished: 'Fin',
    operator: 'Operador',
    records: 'Registros',
  },
  kinds: {
    card_delete: 'Tarjeta que rechazar',
    universal_card: 'Tarjeta universal',
    sequence: 'Secuencia de tarjetas',
    password: 'Contraseña',
    face: 'Rostro',
    fingerprint: 'Huella dactilar',
  },
  actions: {
    add: 'Aprender',
    remove: 'Olvidar',
  },
  states: {
    issued: 'Emitida',
    waiting: 'Espera la próxima sincronización de la cerradura',
    confirmed: 'Confirmado por la cerradura',
  },
  stateHints: {
    issued: 'Está en la propia tarjeta: la cerradura no tiene nada que aprender.',
    waiting:
      'La cerradura lo aprende en su próxima apertura por Bluetooth; hasta entonces la puerta sigue funcionando como antes.',
    confirmed: 'La cerradura lo confirmó en una sincronización.',
  },
  syncs: {
    unfinished: 'Interrumpida',
    records: '{{stored}} guardados, {{duplicates}} ya conocidos',
  },
  bluetooth: {
    button: 'Apertura por Bluetooth',
    hint: 'Sustituye a la app del móvil junto a la puerta: la cerradura se sincroniza con LockDesk y sube sus registros de apertura.',
    done: 'Apertura por Bluetooth completada',
    learned:
      'La cerradura aprendió: {{deleted}} tarjetas que rechazar, {{universal}} tarjetas universales, {{passwords}} contraseñas, {{faces}} rostros, {{fingerprints}} huellas.',
    uploaded: 'Registros de apertura subidos: {{uploaded}} (ya conocidos: {{duplicates}}).',
    failed: 'La apertura por Bluetooth falló',
    phoneApp:
      'En este PC no funciona ninguna cerradura virtual: la apertura por Bluetooth se hace con la app del móvil junto a la puerta, que sincroniza la cerradura y sube sus registros de apertura.',
  },
  virtual: {
    title: 'Cerradura virtual — SIMULADA',
    simulated: 'SIMULADA',
    installed: 'Instalada en el simulador',
    buffered: 'Registros en la cerradura: {{buffered}}',
    notInstalled: 'La cerradura virtual de esta habitación no está instalada en el simulador.',
    install: 'Instalar cerradura virtual',
    installHint:
      'La cerradura recibe un secreto nuevo (el anterior deja de valer) y se instala en el simulador.',
    installDone: 'Cerradura virtual instalada',
    installFailed: 'No se pudo instalar la cerradura virtual',
    adminsOnly: 'Solo un administrador puede instalar la cerradura.',
  },
  errors: {
    unreachable: 'El simulador de la pasarela no responde en este PC ({{address}}).',
    notInstalled: 'Esta cerradura no está instalada en el simulador.',
    noLocks: 'Esta pasarela no tiene cerraduras virtuales: actualice la pasarela.',
    refused: 'El simulador lo rechazó: {{detail}}',
  },
  roomMark: {
    waiting: 'Pendientes: {{count}}',
    waitingHint: 'Cambios que esperan la próxima sincronización de la cerradura: {{count}}',
    lastSync: 'Última sincronización de la cerradura: {{time}}',
    neverSynced: 'La cerradura aún no se ha sincronizado',
  },
  card: {
    show: 'Por cerradura',
    title: 'Entrega por cerradura',
    empty: 'Ninguna cerradura tiene que aprender nada de esta tarjeta.',
    loadFailed: 'No se pudieron cargar las entregas de la tarjeta.',
    delete: 'Rechazar la tarjeta',
    learn: 'Aprender la tarjeta',
    lastSync: 'Cerradura sincronizada {{time}}',
    neverSynced: 'Cerradura nunca sincronizada',
    synced: 'Aprendida por sus cerraduras',
  },
};

export default es;
