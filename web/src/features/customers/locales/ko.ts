import type { Texts } from './en.ts';

const ko: Texts = {
  remove: '제거',
  loadFailed: '고객 정보를 불러오지 못했습니다.',
  total: '총 {{count}}건',
  service: {
    expiresAt: '서비스 만료일',
    unlimited: '기한 없음',
    expired: '만료됨',
    daysLeft: '남은 일수: {{count}}',
  },
  manager: {
    title: '고객 담당자',
    hint: '고객 담당자는 서비스 기간이 끝났거나 곧 끝날 때 계정에 표시되는 연락처입니다.',
    current: '현재 고객 담당자',
    none: '설정된 고객 담당자 없음',
    mobile: '고객 담당자 휴대폰 번호',
    set: '설정',
    change: '변경',
    saved: '고객 담당자가 저장되었습니다',
    removeConfirm: '고객 담당자를 제거할까요? 이후 만료 안내에 연락처가 표시되지 않습니다.',
    removed: '고객 담당자가 제거되었습니다',
  },
  clients: {
    title: '내 고객',
    search: '호텔, 휴대폰 번호 또는 이름',
    searchPlaceholder: '호텔, 휴대폰 번호 또는 이름으로 검색',
    state: '서비스',
    allStates: '모든 서비스 상태',
    states: {
      expired: '만료됨',
      expiring: '곧 만료',
      active: '정상',
    },
    hotel: '호텔',
    unnamed: '이름 없는 호텔',
    admin: '최고 관리자',
    empty: '아직 고객이 없습니다.',
    emptyFiltered: '필터와 일치하는 고객이 없습니다.',
    removeConfirm: '{{hotel}} 관리를 중단할까요?',
    removed: '고객이 제거되었습니다',
  },
};

export default ko;
