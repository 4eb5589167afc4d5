import type { CommonTexts } from './en.ts';

const pt: CommonTexts = {
  actions: 'Ações',
  cancel: 'Cancelar',
  delete: 'Excluir',
  refresh: 'Atualizar',
  result: 'Resultado',
  save: 'Salvar',
  time: 'Hora',
  tryAgain: 'Tentar novamente',
};

export default pt;
