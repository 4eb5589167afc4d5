import type { Texts } from './en.ts';

const pt: Texts = {
  feature: 'Impressões digitais',
  libraryTitle: 'Biblioteca de impressões digitais',
  tabs: {
    library: 'Impressões digitais',
    deliveries: 'Enviadas às fechaduras',
  },
  fields: {
    fingerId: 'ID da impressão',
    note: 'Nota',
    room: 'Quarto',
    status: 'Situação',
    createdAt: 'Registrada em',
    sentAt: 'Enviada em',
  },
  placeholders: {
    note: 'ex.: Li Wei, polegar direito',
    fingerId: 'Gerado se ficar vazio',
    search: 'Pesquisar por ID da impressão ou nota',
    allRooms: 'Todos os quartos',
  },
  steps: {
    connect: 'Conectar o codificador',
    press: 'Pressionar o dedo',
    pressAgain: 'Pressionar de novo',
    captured: 'Capturada',
    saved: 'Salva',
  },
  hints: {
    room: 'Com um quarto, a impressão digital é enviada à fechadura do quarto durante a estadia.',
    connecting: 'Conectando ao codificador de cartões…',
    press: 'Coloque o dedo no codificador.',
    pressAgain: 'Levante o dedo e coloque-o no codificador de novo.',
    captured: 'Impressão digital capturada.',
    saving: 'Salvando a impressão digital…',
    done: 'Impressão digital salva (qualidade {{quality}}).',
  },
  encoder: {
    simulated: 'Codificador SIMULADO',
    usb: 'Codificador USB conectado',
    unplugged: 'Codificador desconectado',
    offline:
      'O gateway do LockDesk não está em execução neste computador. Inicie-o, conecte o codificador de cartões e tente novamente.',
  },
  status: {
    pending: 'Pendente (até a fechadura sincronizar)',
    delivered: 'Na fechadura',
    deleting: 'Sendo removida',
    deleted: 'Removida',
  },
  actions: {
    enrol: 'Registrar uma impressão digital',
    start: 'Iniciar o registro',
    again: 'Registrar de novo',
    saveAgain: 'Salvar de novo',
    send: 'Enviar a uma fechadura',
    withdraw: 'Remover da fechadura',
  },
  send: {
    title: 'Enviar a impressão {{fingerId}} a uma fechadura',
    hint: 'A fechadura a recebe na próxima sincronização.',
    pickRoom: 'Selecione um quarto',
  },
  messages: {
    saved: 'Impressão digital {{fingerId}} salva',
    deleted: 'Impressão digital excluída',
    deleteConfirm: 'Excluir a impressão {{fingerId}}? As fechaduras a removem na próxima sincronização.',
    sent: 'Enviada à fechadura do quarto {{room}}; pendente até a fechadura sincronizar',
    withdrawConfirm: 'Remover a impressão {{fingerId}} da fechadura do quarto {{room}}?',
    withdrawn: 'A fechadura remove a impressão digital na próxima sincronização',
  },
  list: {
    empty: 'Ainda não há impressões digitais',
    emptyFiltered: 'Nada corresponde a estes filtros',
    deliveriesEmpty: 'Nenhuma impressão digital foi enviada a uma fechadura ainda',
    loadFailed: 'Não foi possível carregar as impressões digitais.',
    total: '{{count}} no total',
    noRoom: 'Apenas biblioteca',
  },
};

export default pt;
