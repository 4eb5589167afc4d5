import type { Texts } from './en.ts';

const es: Texts = {
  feature: 'Información del hotel',
  notice: { complete: 'Completar la información del hotel' },
  required: {
    description:
      'Rellene abajo el nombre, la dirección y el teléfono y guarde; después vuelva a lo que estaba haciendo.',
    back: 'Volver a la página anterior',
  },
  actions: { retry: 'Reintentar' },
  account: {
    title: 'Mi cuenta',
    name: 'Nombre',
    mobile: 'Número de móvil',
    email: 'Correo electrónico',
    role: 'Rol',
    roles: {
      super: 'Superadministrador',
      secondary: 'Administrador secundario',
      staff: 'Empleado',
      customer_manager: 'Gestor de clientes',
    },
    hotel: 'Nombre del hotel',
    serviceExpires: 'Servicio válido hasta',
  },
  info: {
    title: 'Información del comercio o del hotel',
    loadFailed: 'No se pudo cargar la información del hotel',
    incomplete:
      'Las entradas, los cambios de habitación y los precios esperan a que se rellenen el nombre, la dirección y el teléfono.',
    name: 'Nombre del comercio o del hotel',
    address: 'Dirección',
    telephone: 'Teléfono',
    telephoneHint: 'De 5 a 20 dígitos; se admiten espacios, +, - y paréntesis',
    latitude: 'Latitud en el mapa',
    longitude: 'Longitud en el mapa',
    openMap: 'Abrir esta posición en OpenStreetMap',
    mapHint: 'Introduzca una latitud y una longitud para comprobar la posición en un mapa.',
    save: 'Guardar la información del hotel',
    saveAndBack: 'Guardar y volver',
    saved: 'La información del hotel se ha guardado',
  },
  breakfast: {
    title: 'Desayuno',
    loadFailed: 'No se pudo cargar la configuración del desayuno',
    enabled: 'Se sirve desayuno',
    hours: 'Horario del desayuno',
    price: 'Precio por ración',
    options: 'Opciones de desayuno al registrar la entrada',
    optionName: 'Nombre de la opción',
    count: 'Raciones por día',
    optionPrice: 'Precio por día',
    removeOption: 'Quitar esta opción',
    addOption: 'Añadir una opción',
    save: 'Guardar la configuración del desayuno',
    saved: 'La configuración del desayuno se ha guardado',
  },
};

export default es;
