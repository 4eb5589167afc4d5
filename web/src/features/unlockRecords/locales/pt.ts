import { ptWords } from '@lockdesk/protocol/i18n/pt';
import type { Texts } from './en.ts';

const pt: Texts = {
  columns: {
    room: 'Quarto',
    type: 'Tipo de abertura',
    credential: 'Credencial',
    from: 'Origem',
    operator: 'Operador',
    guest: 'Hóspede',
  },
  types: {
    ...ptWords.unlockTypes,
    bluetooth: 'Bluetooth do celular',
    remote: 'Abertura remota',
  },
  result: {
    ...ptWords.unlockResults,
    all: 'Aberta ou recusada',
  },
  reasons: {
    ...ptWords.cardKinds,
    ...ptWords.refusals,
    floorCard: 'Cartão de andar',
    corruptedCard: 'Cartão ilegível',
    externalCard: 'Cartão de outro sistema',
    emptyCard: 'Cartão em branco',
    tamperedCard: 'Cartão adulterado',
    copiedCard: 'Cartão copiado',
    wrongHotel: 'Cartão de outro hotel',
    wrongBuilding: 'Cartão de outro edifício',
    wrongFloor: 'Cartão de outro andar',
    wrongRoom: 'Cartão de outro quarto',
    universalNotLearned: 'Cartão universal que a fechadura ainda não aprendeu',
    issuerNotAllowed: 'Emitido por uma conta que esta fechadura não aceita',
    notYetValid: 'Ainda não válido',
    deadbolt: 'Trancada por dentro',
    passwordExpired: 'Senha expirada ou retirada',
    bluetooth: 'Abertura por Bluetooth do celular',
  },
  filters: {
    room: 'Quarto',
    allRooms: 'Todos os quartos',
    mobile: 'Celular do hóspede',
    mobilePlaceholder: 'Número de celular do hóspede',
    stay: 'Estadia n.º {{id}}',
    type: 'Tipo de abertura',
    allTypes: 'Todos os tipos de abertura',
    from: 'De',
    to: 'Até',
    keyword: 'Palavra-chave',
    keywordPlaceholder: 'Pesquisar conteúdo, origem, operador ou hóspede',
    clear: 'Limpar os filtros',
  },
  table: {
    empty: 'Ainda não há registros de abertura',
    emptyHint: 'Uma fechadura envia seus registros ao sincronizar por Bluetooth.',
    noMatch: 'Nenhum registro de abertura corresponde a estes filtros',
    loadFailed: 'Não foi possível carregar os registros de abertura.',
    total: 'Registros encontrados: {{count}}',
  },
  export: {
    button: 'Exportar',
    preparing: 'Preparando o arquivo…',
    started: 'O download de {{file}} começou',
    hint: 'O arquivo contém todos os registros que correspondem aos filtros, não só esta página.',
  },
};

export default pt;
