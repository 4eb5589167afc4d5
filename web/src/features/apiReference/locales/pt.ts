import type { Texts } from './en.ts';

const pt: Texts = {
  link: 'Referência da API',
  newTab: 'abre em uma nova aba',
  card: {
    title: 'Para desenvolvedores',
    description:
      'Todas as chamadas da API de gerenciamento e da API do serviço de cartões: campos, permissões, respostas e códigos de erro.',
  },
};

export default pt;
