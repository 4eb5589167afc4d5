import type { CommonTexts } from './en.ts';

const es: CommonTexts = {
  actionsColumn: 'Acciones',
  cancel: 'Cancelar',
  delete: 'Eliminar',
  refresh: 'Actualizar',
  resultLabel: 'Resultado',
  save: 'Guardar',
  time: 'Hora',
  tryAgain: 'Reintentar',
};

export default es;
