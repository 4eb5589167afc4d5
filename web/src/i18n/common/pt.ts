import type { CommonTexts } from './en.ts';

const pt: CommonTexts = {
  actionsColumn: 'Ações',
  cancel: 'Cancelar',
  delete: 'Excluir',
  refresh: 'Atualizar',
  resultLabel: 'Resultado',
  save: 'Salvar',
  time: 'Hora',
  tryAgain: 'Tentar novamente',
};

export default pt;
