import type { Texts } from './en.ts';

const pt: Texts = {
  refresh: 'Atualizar',
  retry: 'Tentar novamente',
  remove: 'Remover',
  cancel: 'Cancelar',
  loadFailed: 'Não foi possível carregar as informações dos clientes.',
  total: 'Total: {{count}}',
  service: {
    expiresAt: 'Fim do serviço',
    unlimited: 'Sem data de fim',
    expired: 'Expirado',
    daysLeft: 'Dias restantes: {{count}}',
  },
  manager: {
    title: 'Gestor de clientes',
    hint: 'O seu gestor de clientes é o contacto mostrado às suas contas quando o período de serviço termina ou está prestes a terminar.',
    current: 'Gestor de clientes atual',
    none: 'Nenhum gestor de clientes definido',
    mobile: 'Telemóvel do gestor de clientes',
    set: 'Definir',
    change: 'Alterar',
    saved: 'Gestor de clientes guardado',
    removeConfirm: 'Remover o gestor de clientes? Os avisos de expiração deixarão de indicar um contacto.',
    removed: 'Gestor de clientes removido',
  },
  clients: {
    title: 'Os meus clientes',
    search: 'Hotel, telemóvel ou nome',
    searchPlaceholder: 'Pesquisar por hotel, telemóvel ou nome',
    state: 'Serviço',
    allStates: 'Todos os estados',
    states: {
      expired: 'Expirado',
      expiring: 'Expira em breve',
      active: 'Ativo',
    },
    hotel: 'Hotel',
    unnamed: 'Hotel sem nome',
    admin: 'Superadministrador',
    actions: 'Ações',
    empty: 'Ainda não tem clientes.',
    emptyFiltered: 'Nenhum cliente corresponde a estes filtros.',
    removeConfirm: 'Deixar de acompanhar {{hotel}}?',
    removed: 'Cliente removido',
  },
};

export default pt;
