import type { Texts } from './en.ts';

const pt: Texts = {
  feature: 'Informações do hotel',
  notice: { complete: 'Completar as informações do hotel' },
  required: {
    description:
      'Preencha abaixo o nome, a morada e o telefone e guarde; depois volte ao que estava a fazer.',
    back: 'Voltar à página anterior',
  },
  actions: { retry: 'Tentar novamente' },
  account: {
    title: 'A minha conta',
    name: 'Nome',
    mobile: 'Número de telemóvel',
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
    incomplete: 'Entradas, mudanças de quarto e preços aguardam o preenchimento do nome, morada e telefone.',
    name: 'Nome do comerciante ou do hotel',
    address: 'Morada',
    telephone: 'Telefone',
    telephoneHint: '5 a 20 dígitos; espaços, +, - e parênteses permitidos',
    latitude: 'Latitude no mapa',
    longitude: 'Longitude no mapa',
    openMap: 'Abrir esta posição no OpenStreetMap',
    mapHint: 'Introduza uma latitude e uma longitude para verificar a posição num mapa.',
    save: 'Guardar as informações do hotel',
    saveAndBack: 'Guardar e voltar',
    saved: 'As informações do hotel foram guardadas',
  },
  breakfast: {
    title: 'Pequeno-almoço',
    loadFailed: 'Não foi possível carregar as definições do pequeno-almoço',
    enabled: 'Pequeno-almoço servido',
    hours: 'Horário do pequeno-almoço',
    price: 'Preço por dose',
    options: 'Opções de pequeno-almoço no check-in',
    optionName: 'Nome da opção',
    count: 'Doses por dia',
    optionPrice: 'Preço por dia',
    removeOption: 'Remover esta opção',
    addOption: 'Adicionar uma opção',
    save: 'Guardar as definições do pequeno-almoço',
    saved: 'As definições do pequeno-almoço foram guardadas',
  },
};

export default pt;
