import type { Texts } from './en.ts';

const ko: Texts = {
  feature: '지문',
  libraryTitle: '지문 라이브러리',
  tabs: {
    library: '지문',
    deliveries: '도어락으로 전송됨',
  },
  fields: {
    fingerId: '지문 ID',
    note: '메모',
    room: '객실',
    status: '상태',
    createdAt: '등록 시간',
    sentAt: '전송 시간',
  },
  placeholders: {
    note: '예: 리웨이, 오른손 엄지',
    fingerId: '비워 두면 자동 생성',
    search: '지문 ID 또는 메모로 검색',
    allRooms: '모든 객실',
  },
  steps: {
    connect: '카드 발급기 연결',
    press: '손가락 누르기',
    pressAgain: '다시 누르기',
    captured: '읽기 완료',
    saved: '저장됨',
  },
  hints: {
    room: '객실을 선택하면 투숙 기간 동안 지문이 객실 도어락으로 전송됩니다.',
    connecting: '카드 발급기에 연결하는 중…',
    press: '손가락을 발급기에 올려 주세요.',
    pressAgain: '손가락을 떼었다가 다시 발급기에 올려 주세요.',
    captured: '지문을 읽었습니다.',
    saving: '지문을 저장하는 중…',
    done: '지문이 저장되었습니다(품질 {{quality}}).',
  },
  encoder: {
    simulated: '시뮬레이션 발급기',
    usb: 'USB 발급기 연결됨',
    unplugged: '발급기 분리됨',
    offline:
      '이 컴퓨터에서 LockDesk 게이트웨이가 실행되고 있지 않습니다. 게이트웨이를 시작하고 카드 발급기를 연결한 뒤 다시 시도하세요.',
  },
  status: {
    pending: '대기 중(도어락 동기화 전)',
    delivered: '도어락에 있음',
    deleting: '제거 중',
    deleted: '제거됨',
  },
  actions: {
    enrol: '지문 등록',
    start: '등록 시작',
    again: '다시 등록',
    saveAgain: '다시 저장',
    send: '도어락으로 전송',
    withdraw: '도어락에서 제거',
  },
  send: {
    title: '지문 {{fingerId}}을(를) 도어락으로 전송',
    hint: '도어락은 다음 동기화 때 받습니다.',
    pickRoom: '객실을 선택하세요',
  },
  messages: {
    saved: '지문 {{fingerId}} 저장됨',
    deleted: '지문이 삭제되었습니다',
    deleteConfirm: '지문 {{fingerId}}을(를) 삭제할까요? 도어락은 다음 동기화 때 이를 제거합니다.',
    sent: '객실 {{room}}의 도어락으로 전송했습니다. 도어락이 동기화될 때까지 대기 중입니다',
    withdrawConfirm: '객실 {{room}}의 도어락에서 지문 {{fingerId}}을(를) 제거할까요?',
    withdrawn: '도어락은 다음 동기화 때 지문을 제거합니다',
  },
  list: {
    empty: '등록된 지문이 없습니다',
    emptyFiltered: '조건에 맞는 항목이 없습니다',
    deliveriesEmpty: '아직 도어락으로 전송한 지문이 없습니다',
    loadFailed: '지문을 불러올 수 없습니다.',
    total: '총 {{count}}개',
    noRoom: '라이브러리만',
  },
};

export default ko;
