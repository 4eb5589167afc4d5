import type { Texts } from './en.ts';

const pt: Texts = {
  feature: 'Rostos',
  libraryTitle: 'Biblioteca de rostos',
  buildTitle: 'Cadastrar um rosto',
  fields: {
    faceId: 'ID do rosto',
    note: 'Nota do rosto',
    lockNote: 'Nota da fechadura',
    image: 'Imagem do rosto',
    room: 'Quarto',
    stay: 'Estadia',
    createdAt: 'Criado em',
    actions: 'Ações',
  },
  placeholders: {
    faceId: 'ex.: G-20261125-01',
    note: 'ex.: o nome do hóspede',
    search: 'Pesquisar por ID do rosto ou nota',
    allRooms: 'Todos os quartos',
    noRoom: 'Sem quarto: manter apenas na biblioteca',
    currentGuest: 'O hóspede atual do quarto',
  },
  hints: {
    room: 'Com um quarto, o rosto é autorizado na fechadura do quarto durante a estadia.',
    noOpenStay: 'Este quarto não tem hóspede nem reserva agora.',
    lockNote: 'O nome que a fechadura mostra para este rosto.',
  },
  image: {
    fromFile: 'Arquivo',
    fromCamera: 'Câmera',
    chooseFile: 'Escolher uma imagem',
    formats: 'JPEG, PNG ou WebP, no máximo 2 MB.',
    startCamera: 'Ligar a câmera',
    stopCamera: 'Desligar a câmera',
    capture: 'Tirar a foto',
    preview: 'Pré-visualização da imagem do rosto',
    remove: 'Remover',
    cameraUnavailable: 'Este navegador não oferece câmera nesta página.',
    cameraFailed: 'Não foi possível ligar a câmera: {{reason}}',
    captureFailed: 'Não foi possível tirar a foto. Tente novamente.',
  },
  actions: {
    save: 'Salvar o rosto',
    create: 'Cadastrar um rosto',
    library: 'Biblioteca de rostos',
    edit: 'Editar notas',
    saveNotes: 'Salvar',
    delete: 'Excluir',
    cancel: 'Cancelar',
    retry: 'Tentar novamente',
  },
  edit: {
    title: 'Notas do rosto {{faceId}}',
  },
  messages: {
    uploading: 'Enviando a imagem…',
    created: 'Rosto {{faceId}} salvo',
    updated: 'Notas salvas',
    deleted: 'Rosto excluído',
    deleteConfirm: 'Excluir o rosto {{faceId}}? A fechadura o remove na próxima sincronização.',
  },
  list: {
    empty: 'Ainda não há rostos',
    emptyFiltered: 'Nenhum rosto corresponde a estes filtros',
    loadFailed: 'Não foi possível carregar os rostos.',
    total: 'Rostos: {{count}}',
    noRoom: 'Apenas biblioteca',
  },
};

export default pt;
