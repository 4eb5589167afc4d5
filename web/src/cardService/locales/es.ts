import type { Texts } from './en.ts';

const es: Texts = {
  kinds: {
    '1': 'Servicio lector local',
    '2': 'Segundo lector',
    '3': 'Tercer lector',
    '4': 'Lector remoto (bróker)',
  },
  status: {
    label: 'Lector de tarjetas',
    online: 'Conectado',
    offline: 'Desconectado',
    simulated: 'Codificador simulado',
    simulatedHint: 'La pasarela usa un codificador simulado: no se graba ninguna tarjeta real',
    refresh: 'Volver a comprobar el lector',
  },
  select: {
    title: 'Lector de tarjetas',
    hint: 'Cómo llega este ordenador al codificador de tarjetas. Se guarda solo en este ordenador.',
    type: 'Tipo de lector',
    default: 'predeterminado de la instalación',
    saved: 'Lector de tarjetas cambiado a {{name}}',
    deviceId: 'Dirección del lector remoto',
    deviceIdHint: 'La dirección de 12 caracteres del lector remoto vinculado a su cuenta',
    noDevice: 'Su cuenta aún no tiene ningún lector remoto vinculado',
    status: 'Estado',
  },
  steps: {
    connect: 'Conectar con el lector',
    findCard: 'Buscar la tarjeta',
    allocate: 'Preparar la tarjeta en el servidor',
    write: 'Grabar la tarjeta',
    verify: 'Leerla de nuevo para comprobar',
    confirm: 'Registrar la tarjeta',
    done: 'Terminado',
    blocks: 'Bloque {{done}} de {{total}}',
    cancelled: 'Se canceló la grabación; no se emitió ninguna tarjeta',
    failed: 'La tarjeta no se emitió',
    putCard: 'Coloque la tarjeta sobre el codificador',
  },
  log: {
    title: 'Registro del dispositivo',
    empty: 'Aún no hay actividad del dispositivo',
    clear: 'Vaciar el registro',
    send: 'enviado',
    receive: 'recibido',
    info: 'aviso',
    error: 'error',
  },
};

export default es;
