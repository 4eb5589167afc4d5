import type { Texts } from './en.ts';

const pt: Texts = {
  kinds: {
    '1': 'Serviço de leitor local',
    '2': 'Segundo leitor',
    '3': 'Terceiro leitor',
    '4': 'Leitor remoto (broker)',
  },
  status: {
    label: 'Leitor de cartões',
    online: 'Conectado',
    offline: 'Desconectado',
    simulated: 'Codificador simulado',
    simulatedHint: 'O gateway usa um codificador simulado: nenhum cartão real é gravado',
    refresh: 'Verificar o leitor de novo',
  },
  select: {
    title: 'Leitor de cartões',
    hint: 'Como este computador chega ao codificador de cartões. Guardado apenas neste computador.',
    type: 'Tipo de leitor',
    default: 'padrão da instalação',
    saved: 'Leitor de cartões definido como {{name}}',
    deviceId: 'Endereço do leitor remoto',
    deviceIdHint: 'O endereço de 12 caracteres do leitor remoto vinculado à sua conta',
    noDevice: 'Ainda não há leitor remoto vinculado à sua conta',
    status: 'Estado',
  },
  steps: {
    connect: 'Conectar ao leitor',
    findCard: 'Localizar o cartão',
    allocate: 'Preparar o cartão no servidor',
    write: 'Gravar o cartão',
    verify: 'Ler de volta para conferir',
    confirm: 'Registrar o cartão',
    done: 'Concluído',
    blocks: 'Bloco {{done}} de {{total}}',
    cancelled: 'A gravação foi cancelada; nenhum cartão foi emitido',
    failed: 'O cartão não foi emitido',
    putCard: 'Coloque o cartão sobre o codificador',
  },
  log: {
    title: 'Registro do dispositivo',
    empty: 'Ainda não há atividade do dispositivo',
    clear: 'Limpar o registro',
    send: 'enviado',
    receive: 'recebido',
    info: 'aviso',
    error: 'erro',
  },
};

export default pt;
