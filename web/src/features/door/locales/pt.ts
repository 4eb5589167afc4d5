import type { Texts } from './en.ts';

const pt: Texts = {
  feature: 'Porta',
  panel: {
    title: 'Fechadura e entregas',
    lastSync: 'Última sincronização',
    never: 'Nunca sincronizada',
    waiting: 'Alterações pendentes',
    waitingHint: 'O que a fechadura aprende na próxima abertura por Bluetooth',
    noLock: 'Este quarto não tem fechadura (sem endereço MAC): nada é entregue a uma porta.',
    noSecret: 'A fechadura ainda não tem segredo, então não consegue sincronizar com o LockDesk.',
    loadFailed: 'Não foi possível carregar as entregas da fechadura.',
    retry: 'Tentar novamente',
    refresh: 'Atualizar',
    deliveries: 'Entregas',
    syncs: 'Últimas sincronizações',
    noDeliveries: 'A fechadura não tem nada para aprender.',
    noSyncs: 'A fechadura ainda não sincronizou.',
  },
  columns: {
    item: 'Elemento',
    kind: 'Tipo',
    state: 'Estado',
    changed: 'Alterado',
    confirmed: 'Confirmado',
    started: 'Início',
    finished: 'Fim',
    operator: 'Operador',
    records: 'Registros',
  },
  kinds: {
    card_delete: 'Cartão a recusar',
    universal_card: 'Cartão universal',
    sequence: 'Sequência de cartões',
    password: 'Senha',
    face: 'Rosto',
    fingerprint: 'Impressão digital',
  },
  actions: {
    add: 'Aprender',
    remove: 'Esquecer',
  },
  states: {
    issued: 'Emitido',
    waiting: 'Aguarda a próxima sincronização da fechadura',
    confirmed: 'Confirmado pela fechadura',
  },
  stateHints: {
    issued: 'Está no próprio cartão: a fechadura não tem nada para aprender.',
    waiting:
      'A fechadura aprende isso na próxima abertura por Bluetooth; até lá a porta continua funcionando como antes.',
    confirmed: 'A fechadura confirmou isso em uma sincronização.',
  },
  syncs: {
    unfinished: 'Interrompida',
    records: '{{stored}} salvos, {{duplicates}} já conhecidos',
  },
  bluetooth: {
    button: 'Abertura por Bluetooth',
    hint: 'Substitui o aplicativo do celular ao lado da porta: a fechadura sincroniza com o LockDesk e envia seus registros de abertura.',
    done: 'Abertura por Bluetooth concluída',
    learned:
      'A fechadura aprendeu: {{deleted}} cartões a recusar, {{universal}} cartões universais, {{passwords}} senhas, {{faces}} rostos, {{fingerprints}} impressões digitais.',
    uploaded: 'Registros de abertura enviados: {{uploaded}} (já conhecidos: {{duplicates}}).',
    failed: 'A abertura por Bluetooth falhou',
    phoneApp:
      'Nenhuma fechadura virtual roda neste PC: a abertura por Bluetooth é feita com o aplicativo do celular ao lado da porta, que sincroniza a fechadura e envia seus registros de abertura.',
  },
  virtual: {
    title: 'Fechadura virtual — SIMULADA',
    simulated: 'SIMULADA',
    installed: 'Instalada no simulador',
    buffered: 'Registros aguardando na fechadura: {{buffered}}',
    notInstalled: 'A fechadura virtual deste quarto não está instalada no simulador.',
    install: 'Instalar fechadura virtual',
    installHint:
      'A fechadura recebe um segredo novo (o antigo deixa de funcionar) e é instalada no simulador.',
    installDone: 'Fechadura virtual instalada',
    installFailed: 'Não foi possível instalar a fechadura virtual',
    adminsOnly: 'Só um administrador pode instalar a fechadura.',
  },
  errors: {
    unreachable: 'O simulador do gateway não responde neste PC ({{address}}).',
    notInstalled: 'Esta fechadura não está instalada no simulador.',
    noLocks: 'Este gateway não tem fechaduras virtuais: atualize o gateway.',
    refused: 'O simulador recusou: {{detail}}',
  },
  roomMark: {
    waiting: 'Pendentes: {{count}}',
    waitingHint: 'Alterações aguardando a próxima sincronização da fechadura: {{count}}',
    lastSync: 'Última sincronização da fechadura: {{time}}',
    neverSynced: 'A fechadura ainda não sincronizou',
  },
  card: {
    show: 'Por fechadura',
    title: 'Entrega por fechadura',
    empty: 'Nenhuma fechadura precisa aprender nada sobre este cartão.',
    loadFailed: 'Não foi possível carregar as entregas do cartão.',
    delete: 'Recusar o cartão',
    learn: 'Aprender o cartão',
    lastSync: 'Fechadura sincronizada {{time}}',
    neverSynced: 'Fechadura nunca sincronizada',
    synced: 'Aprendido pelas fechaduras',
  },
};

export default pt;
