import type { Texts } from './en.ts';

const es: Texts = {
  feature: 'Huellas dactilares',
  libraryTitle: 'Biblioteca de huellas',
  tabs: {
    library: 'Huellas',
    deliveries: 'Enviadas a cerraduras',
  },
  fields: {
    fingerId: 'ID de la huella',
    note: 'Nota',
    room: 'Habitación',
    status: 'Estado',
    createdAt: 'Registrada',
    sentAt: 'Enviada',
  },
  placeholders: {
    note: 'p. ej. Li Wei, pulgar derecho',
    fingerId: 'Se genera si se deja vacío',
    search: 'Buscar por ID de la huella o nota',
    allRooms: 'Todas las habitaciones',
  },
  steps: {
    connect: 'Conectar el codificador',
    press: 'Apoyar el dedo',
    pressAgain: 'Apoyar de nuevo',
    captured: 'Capturada',
    saved: 'Guardada',
  },
  hints: {
    room: 'Con una habitación, la huella se envía a la cerradura de la habitación durante la estancia.',
    connecting: 'Conectando con el codificador de tarjetas…',
    press: 'Apoye el dedo en el codificador.',
    pressAgain: 'Levante el dedo y apóyelo de nuevo en el codificador.',
    captured: 'Huella capturada.',
    saving: 'Guardando la huella…',
    done: 'Huella guardada (calidad {{quality}}).',
  },
  encoder: {
    simulated: 'Codificador SIMULADO',
    usb: 'Codificador USB conectado',
    unplugged: 'Codificador desconectado',
    offline:
      'La pasarela de LockDesk no se está ejecutando en este equipo. Iníciela, conecte el codificador de tarjetas e inténtelo de nuevo.',
  },
  status: {
    pending: 'Pendiente (hasta que la cerradura se sincronice)',
    delivered: 'En la cerradura',
    deleting: 'Eliminándose',
    deleted: 'Eliminada',
  },
  actions: {
    enrol: 'Registrar una huella',
    start: 'Iniciar el registro',
    again: 'Registrar de nuevo',
    saveAgain: 'Guardar de nuevo',
    send: 'Enviar a una cerradura',
    withdraw: 'Quitar de la cerradura',
  },
  send: {
    title: 'Enviar la huella {{fingerId}} a una cerradura',
    hint: 'La cerradura la recibe en su próxima sincronización.',
    pickRoom: 'Seleccione una habitación',
  },
  messages: {
    saved: 'Huella {{fingerId}} guardada',
    deleted: 'Huella eliminada',
    deleteConfirm:
      '¿Eliminar la huella {{fingerId}}? Las cerraduras la quitarán en su próxima sincronización.',
    sent: 'Enviada a la cerradura de la habitación {{room}}; pendiente hasta que la cerradura se sincronice',
    withdrawConfirm: '¿Quitar la huella {{fingerId}} de la cerradura de la habitación {{room}}?',
    withdrawn: 'La cerradura quitará la huella en su próxima sincronización',
  },
  list: {
    empty: 'Aún no hay huellas',
    emptyFiltered: 'Nada coincide con estos filtros',
    deliveriesEmpty: 'Todavía no se ha enviado ninguna huella a una cerradura',
    loadFailed: 'No se pudieron cargar las huellas.',
    total: '{{count}} en total',
    noRoom: 'Solo biblioteca',
  },
};

export default es;
