import { koWords } from '@lockdesk/protocol/i18n/ko';
import type { Texts } from './en.ts';

const ko: Texts = {
  columns: {
    room: '객실',
    type: '잠금 해제 방식',
    credential: '인증 수단',
    from: '출처',
    operator: '작업자',
    guest: '투숙객',
  },
  types: {
    ...koWords.unlockTypes,
    bluetooth: '휴대폰 블루투스',
    remote: '원격 잠금 해제',
  },
  result: {
    ...koWords.unlockResults,
    all: '열림 또는 거부',
  },
  reasons: {
    ...koWords.cardKinds,
    ...koWords.refusals,
    floorCard: '층 카드',
    corruptedCard: '읽을 수 없는 카드',
    externalCard: '다른 시스템의 카드',
    emptyCard: '빈 카드',
    tamperedCard: '변조된 카드',
    copiedCard: '복제된 카드',
    wrongHotel: '다른 호텔의 카드',
    wrongBuilding: '다른 건물의 카드',
    wrongFloor: '다른 층의 카드',
    wrongRoom: '다른 객실의 카드',
    universalNotLearned: '도어락이 아직 학습하지 않은 공용 카드',
    issuerNotAllowed: '이 도어락이 허용하지 않는 계정이 발급한 카드',
    notYetValid: '아직 유효하지 않음',
    deadbolt: '실내에서 데드볼트 잠금',
    passwordExpired: '만료되었거나 회수된 비밀번호',
    bluetooth: '휴대폰 블루투스 잠금 해제',
  },
  filters: {
    room: '객실',
    allRooms: '모든 객실',
    mobile: '투숙객 휴대폰',
    mobilePlaceholder: '투숙객 휴대폰 번호',
    stay: '투숙 #{{id}}',
    type: '잠금 해제 방식',
    allTypes: '모든 잠금 해제 방식',
    from: '시작',
    to: '종료',
    keyword: '키워드',
    keywordPlaceholder: '내용, 출처, 작업자 또는 투숙객 검색',
    clear: '필터 지우기',
  },
  table: {
    empty: '잠금 해제 기록이 아직 없습니다',
    emptyHint: '도어락은 블루투스로 동기화할 때 기록을 보고합니다.',
    noMatch: '이 필터에 맞는 잠금 해제 기록이 없습니다',
    loadFailed: '잠금 해제 기록을 불러오지 못했습니다.',
    total: '기록 {{count}}건',
  },
  export: {
    button: '내보내기',
    preparing: '파일을 준비하는 중…',
    started: '{{file}} 다운로드가 시작되었습니다',
    hint: '파일에는 이 페이지뿐 아니라 필터에 맞는 모든 기록이 담깁니다.',
  },
};

export default ko;
