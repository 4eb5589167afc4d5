import type { Texts } from './en.ts';

const ko: Texts = {
  link: 'API 참조',
  newTab: '새 탭에서 열림',
  card: {
    title: '개발자용',
    description: '관리 API와 카드 서비스 API의 모든 호출: 필드, 권한, 응답 및 오류 코드.',
  },
};

export default ko;
