import type { Texts } from './en.ts';

const ko: Texts = {
  feature: '호텔 정보',
  notice: { complete: '호텔 정보 입력하기' },
  required: {
    description: '아래에 이름, 주소, 전화번호를 입력하고 저장한 뒤 하던 작업으로 돌아가세요.',
    back: '이전 페이지로 돌아가기',
  },
  actions: { retry: '다시 시도' },
  account: {
    title: '내 계정',
    name: '이름',
    mobile: '휴대폰 번호',
    email: '이메일 주소',
    role: '역할',
    roles: { super: '최고 관리자', secondary: '보조 관리자', staff: '직원', customer_manager: '고객 담당자' },
    hotel: '호텔 이름',
    serviceExpires: '서비스 만료일',
  },
  info: {
    title: '가맹점 또는 호텔 정보',
    loadFailed: '호텔 정보를 불러오지 못했습니다',
    incomplete: '이름, 주소, 전화번호를 입력하기 전까지 체크인, 객실 이동, 요금 설정을 할 수 없습니다.',
    name: '가맹점 또는 호텔 이름',
    address: '주소',
    telephone: '전화번호',
    telephoneHint: '숫자 5~20자리; 공백, +, -, 괄호 사용 가능',
    latitude: '지도 위도',
    longitude: '지도 경도',
    openMap: 'OpenStreetMap에서 이 위치 열기',
    mapHint: '위도와 경도를 입력하면 지도에서 위치를 확인할 수 있습니다.',
    save: '호텔 정보 저장',
    saveAndBack: '저장하고 돌아가기',
    saved: '호텔 정보를 저장했습니다',
  },
  breakfast: {
    title: '조식',
    loadFailed: '조식 설정을 불러오지 못했습니다',
    enabled: '조식 제공',
    hours: '조식 시간',
    price: '1인분 가격',
    options: '체크인 시 제공하는 조식 선택지',
    optionName: '선택지 이름',
    count: '하루 인분 수',
    optionPrice: '하루 가격',
    removeOption: '이 선택지 삭제',
    addOption: '선택지 추가',
    save: '조식 설정 저장',
    saved: '조식 설정을 저장했습니다',
  },
};

export default ko;
