import type { Texts } from './en.ts';

const pt: Texts = {
  feature: 'Informações do hotel',
  notice: { complete: 'Completar as informações do hotel' },
  required: {
    description:
      'Preencha abaixo o nome, o endereço e o telefone e salve; depois volte ao que estava fazendo.',
    back: 'Voltar à página anterior',
  },
  actions: { retry: 'Tentar novamente' },
  account: {
    title: 'Minha conta',
    name: 'Nome',
    mobile: 'Número de celular',
    email: 'Endereço de e-mail',
    role: 'Função',
    roles: {
      super: 'Superadministrador',
      secondary: 'Administrador secundário',
      staff: 'Funcionário',
      customer_manager: 'Gestor de clientes',
    },
    hotel: 'Nome do hotel',
    serviceExpires: 'Serviço válido até',
  },
  info: {
    title: 'Informações do comerciante ou do hotel',
    loadFailed: 'Não foi possível carregar as informações do hotel',
    incomplete: 'Check-ins, trocas de quarto e preços aguardam o preenchimento do nome, endereço e telefone.',
    name: 'Nome do comerciante ou do hotel',
    address: 'Endereço',
    telephone: 'Telefone',
    telephoneHint: '5 a 20 dígitos; espaços, +, - e parênteses permitidos',
    latitude: 'Latitude no mapa',
    longitude: 'Longitude no mapa',
    openMap: 'Abrir esta posição no OpenStreetMap',
    mapHint: 'Digite uma latitude e uma longitude para verificar a posição em um mapa.',
    save: 'Salvar as informações do hotel',
    saveAndBack: 'Salvar e voltar',
    saved: 'As informações do hotel foram salvas',
  },
  breakfast: {
    title: 'Café da manhã',
    loadFailed: 'Não foi possível carregar as configurações do café da manhã',
    enabled: 'Café da manhã servido',
    hours: 'Horário do café da manhã',
    price: 'Preço por porção',
    options: 'Opções de café da manhã no check-in',
    optionName: 'Nome da opção',
    count: 'Porções por dia',
    optionPrice: 'Preço por dia',
    removeOption: 'Remover esta opção',
    addOption: 'Adicionar uma opção',
    save: 'Salvar as configurações do café da manhã',
    saved: 'As configurações do café da manhã foram salvas',
  },
};

export default pt;
