import type { Texts } from './en.ts';

const pt: Texts = {
  title: 'Mensagens',
  kind: {
    all: 'Todos os tipos',
    low_battery: 'Bateria fraca',
    service_expiring: 'Serviço prestes a expirar',
    lock_not_synced: 'Fechadura não sincronizada',
    card_write_failed: 'Falha ao gravar cartão',
    notice: 'Aviso',
  },
  text: {
    low_battery: 'Quarto {{room}}: bateria da fechadura em {{battery}} %. Troque as pilhas em breve.',
    service_expiring:
      'Dias até o serviço expirar: {{days}} ({{date}}). Para renovar, entre em contato com seu gestor de clientes {{mobile}}.',
    service_expiring_no_manager: 'Dias até o serviço expirar: {{days}} ({{date}}).',
    lock_not_synced:
      'Quarto {{room}}: a fechadura não sincroniza há {{days}} dias. Abra-a uma vez por Bluetooth para que receba os cartões e senhas mais recentes.',
    lock_never_synced:
      'Quarto {{room}}: a fechadura nunca sincronizou desde a instalação ({{days}} dias). Abra-a uma vez por Bluetooth.',
    card_write_failed:
      'Cartão {{card}} (quarto {{room}}): a gravação não foi verificada. Grave o cartão novamente.',
    card_write_failed_hotel: 'Cartão {{card}}: a gravação não foi verificada. Grave o cartão novamente.',
  },
  filter: {
    kind: 'Tipo',
    order: 'Ordem',
    unreadFirst: 'Não lidas primeiro',
    newest: 'Mais recentes primeiro',
    unreadOnly: 'Somente não lidas',
  },
  column: {
    message: 'Mensagem',
    kind: 'Tipo',
    status: 'Situação',
  },
  status: {
    unread: 'Não lida',
    read: 'Lida',
    resolved: 'Resolvida',
  },
  action: {
    openRoom: 'Ver quarto',
    markRead: 'Marcar como lida',
    markAllRead: 'Marcar todas como lidas',
    deleteSelected: 'Excluir selecionadas ({{count}})',
    deleteConfirm: 'Excluir esta mensagem?',
    deleteSelectedConfirm: 'Excluir as mensagens selecionadas ({{count}})?',
    deleted: 'Excluída',
    allRead: 'Todas as mensagens marcadas como lidas',
  },
  list: {
    unread: 'Não lidas: {{count}}',
    total: 'Mensagens: {{count}}',
    empty:
      'Sem mensagens. Aqui aparecem baterias fracas, fechaduras que não sincronizam há muito tempo, cartões mal gravados e o fim do período de serviço.',
    emptyFiltered: 'Nenhuma mensagem corresponde a estes filtros.',
    clearFilters: 'Limpar filtros',
    loadFailed: 'Não foi possível carregar as mensagens.',
  },
};

export default pt;
