import type { Texts } from './en.ts';

const pt: Texts = {
  remove: 'Remover',
  loadFailed: 'Não foi possível carregar as informações dos clientes.',
  total: 'No total: {{count}}',
  service: {
    expiresAt: 'Fim do serviço',
    unlimited: 'Sem data de fim',
    expired: 'Expirado',
    daysLeft: 'Dias restantes: {{count}}',
  },
  manager: {
    title: 'Gestor de clientes',
    hint: 'Seu gestor de clientes é o contato mostrado às suas contas quando o período de serviço termina ou está prestes a terminar.',
    current: 'Gestor de clientes atual',
    none: 'Nenhum gestor de clientes definido',
    mobile: 'Celular do gestor de clientes',
    set: 'Definir',
    change: 'Alterar',
    saved: 'Gestor de clientes salvo',
    removeConfirm: 'Remover o gestor de clientes? Os avisos de expiração deixarão de indicar um contato.',
    removed: 'Gestor de clientes removido',
  },
  clients: {
    title: 'Meus clientes',
    search: 'Hotel, celular ou nome',
    searchPlaceholder: 'Pesquisar por hotel, celular ou nome',
    state: 'Serviço',
    allStates: 'Todas as situações',
    states: {
      expired: 'Expirado',
      expiring: 'Expira em breve',
      active: 'Ativo',
    },
    hotel: 'Nome do hotel',
    unnamed: 'Hotel sem nome',
    admin: 'Superadministrador',
    empty: 'Você ainda não tem clientes.',
    emptyFiltered: 'Nenhum cliente corresponde a estes filtros.',
    removeConfirm: 'Deixar de acompanhar {{hotel}}?',
    removed: 'Cliente removido',
  },
};

export default pt;
