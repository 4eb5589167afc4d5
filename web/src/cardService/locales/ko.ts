import type { Texts } from './en.ts';

const ko: Texts = {
  kinds: {
    '1': '로컬 리더 서비스',
    '2': '두 번째 리더',
    '3': '세 번째 리더',
    '4': '원격 리더(브로커)',
  },
  status: {
    label: '카드 리더',
    online: '온라인',
    offline: '오프라인',
    simulated: '시뮬레이션 카드 발급기',
    simulatedHint: '게이트웨이가 시뮬레이션 카드 발급기를 사용합니다. 실제 카드는 기록되지 않습니다',
    refresh: '리더 다시 확인',
  },
  select: {
    title: '카드 리더',
    hint: '이 컴퓨터가 카드 발급기에 연결하는 방식입니다. 이 컴퓨터에만 저장됩니다.',
    type: '리더 유형',
    default: '배포 기본값',
    saved: '카드 리더를 {{name}}(으)로 설정했습니다',
    deviceId: '원격 리더 주소',
    deviceIdHint: '계정에 연결된 원격 리더의 12자리 주소',
    noDevice: '계정에 연결된 원격 리더가 아직 없습니다',
    status: '상태',
  },
  steps: {
    connect: '리더에 연결',
    findCard: '카드 찾기',
    allocate: '서버에서 카드 준비',
    write: '카드 기록',
    verify: '다시 읽어 확인',
    confirm: '카드 등록',
    done: '완료',
    blocks: '{{total}}개 블록 중 {{done}}개',
    cancelled: '기록이 취소되었습니다. 발급된 카드는 없습니다',
    failed: '카드가 발급되지 않았습니다',
    putCard: '카드를 카드 발급기에 올려 주세요',
  },
  log: {
    title: '장치 로그',
    empty: '아직 장치 활동이 없습니다',
    clear: '로그 지우기',
    send: '보냄',
    receive: '받음',
    info: '정보',
    error: '오류',
  },
};

export default ko;
