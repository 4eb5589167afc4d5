import { esWords } from '@lockdesk/protocol/i18n/es';
import type { Texts } from './en.ts';

const es: Texts = {
  columns: {
    room: 'Habitación',
    type: 'Tipo de apertura',
    credential: 'Credencial',
    from: 'Origen',
    operator: 'Operador',
    guest: 'Huésped',
  },
  types: {
    ...esWords.unlockTypes,
    bluetooth: 'Bluetooth del móvil',
    remote: 'Apertura remota',
  },
  result: {
    ...esWords.unlockResults,
    all: 'Abierta o rechazada',
  },
  reasons: {
    ...esWords.cardKinds,
    ...esWords.refusals,
    floorCard: 'Tarjeta de planta',
    corruptedCard: 'Tarjeta ilegible',
    externalCard: 'Tarjeta de otro sistema',
    emptyCard: 'Tarjeta en blanco',
    tamperedCard: 'Tarjeta alterada',
    copiedCard: 'Tarjeta copiada',
    wrongHotel: 'Tarjeta de otro hotel',
    wrongBuilding: 'Tarjeta de otro edificio',
    wrongFloor: 'Tarjeta de otra planta',
    wrongRoom: 'Tarjeta de otra habitación',
    universalNotLearned: 'Tarjeta universal que la cerradura aún no ha aprendido',
    issuerNotAllowed: 'Emitida por una cuenta que esta cerradura no acepta',
    notYetValid: 'Aún no es válida',
    deadbolt: 'Cerrojo echado desde dentro',
    passwordExpired: 'Contraseña caducada o retirada',
    bluetooth: 'Apertura por Bluetooth desde el móvil',
  },
  filters: {
    room: 'Habitación',
    allRooms: 'Todas las habitaciones',
    mobile: 'Móvil del huésped',
    mobilePlaceholder: 'Número de móvil del huésped',
    stay: 'Estancia n.º {{id}}',
    type: 'Tipo de apertura',
    allTypes: 'Todos los tipos de apertura',
    from: 'Desde',
    to: 'Hasta',
    keyword: 'Palabra clave',
    keywordPlaceholder: 'Buscar contenido, origen, operador o huésped',
    clear: 'Quitar los filtros',
  },
  table: {
    empty: 'Aún no hay registros de apertura',
    emptyHint: 'Una cerradura envía sus registros al sincronizarse por Bluetooth.',
    noMatch: 'Ningún registro de apertura coincide con estos filtros',
    loadFailed: 'No se pudieron cargar los registros de apertura.',
    total: 'Registros encontrados: {{count}}',
  },
  export: {
    button: 'Exportar',
    preparing: 'Preparando el archivo…',
    started: 'Ha comenzado la descarga de {{file}}',
    hint: 'El archivo contiene todos los registros que coinciden con los filtros, no solo esta página.',
  },
};

export default es;
