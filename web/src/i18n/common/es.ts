import type { CommonTexts } from './en.ts';

const es: CommonTexts = {
  actions: 'Acciones',
  cancel: 'Cancelar',
  delete: 'Eliminar',
  refresh: 'Actualizar',
  result: 'Resultado',
  save: 'Guardar',
  time: 'Hora',
  tryAgain: 'Reintentar',
};

export default es;
