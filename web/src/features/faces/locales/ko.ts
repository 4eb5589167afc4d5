import type { Texts } from './en.ts';

const ko: Texts = {
  feature: '얼굴',
  libraryTitle: '얼굴 라이브러리',
  buildTitle: '얼굴 등록',
  fields: {
    faceId: '얼굴 ID',
    note: '얼굴 메모',
    lockNote: '도어락 메모',
    image: '얼굴 이미지',
    room: '객실',
    stay: '투숙',
    createdAt: '등록 시간',
    actions: '작업',
  },
  placeholders: {
    faceId: '예: G-20261125-01',
    note: '예: 투숙객 이름',
    search: '얼굴 ID 또는 메모로 검색',
    allRooms: '모든 객실',
    noRoom: '객실 없음: 라이브러리에만 보관',
    currentGuest: '객실의 현재 투숙객',
  },
  hints: {
    room: '객실을 선택하면 투숙 기간 동안 객실 도어락에 얼굴 권한이 부여됩니다.',
    noOpenStay: '이 객실에는 현재 투숙객이나 예약이 없습니다.',
    lockNote: '도어락에 표시되는 이 얼굴의 이름입니다.',
  },
  image: {
    fromFile: '파일',
    fromCamera: '카메라',
    chooseFile: '이미지 선택',
    formats: 'JPEG, PNG 또는 WebP, 최대 2 MB.',
    startCamera: '카메라 켜기',
    stopCamera: '카메라 끄기',
    capture: '사진 찍기',
    preview: '얼굴 이미지 미리보기',
    remove: '제거',
    cameraUnavailable: '이 브라우저는 이 페이지에서 카메라를 제공하지 않습니다.',
    cameraFailed: '카메라를 시작할 수 없습니다: {{reason}}',
    captureFailed: '사진을 찍을 수 없습니다. 다시 시도하세요.',
  },
  actions: {
    save: '얼굴 저장',
    create: '얼굴 등록',
    library: '얼굴 라이브러리',
    edit: '메모 편집',
    saveNotes: '저장',
    delete: '삭제',
    cancel: '취소',
    retry: '다시 시도',
  },
  edit: {
    title: '얼굴 {{faceId}}의 메모',
  },
  messages: {
    uploading: '이미지 업로드 중…',
    created: '얼굴 {{faceId}} 저장됨',
    updated: '메모가 저장되었습니다',
    deleted: '얼굴이 삭제되었습니다',
    deleteConfirm: '얼굴 {{faceId}}을(를) 삭제할까요? 도어락은 다음 동기화 때 이를 제거합니다.',
  },
  list: {
    empty: '등록된 얼굴이 없습니다',
    emptyFiltered: '조건에 맞는 얼굴이 없습니다',
    loadFailed: '얼굴을 불러올 수 없습니다.',
    total: '얼굴 {{count}}개',
    noRoom: '라이브러리만',
  },
};

export default ko;
