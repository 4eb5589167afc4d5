import type { Texts } from './en.ts';

const ko: Texts = {
  title: '메시지',
  kind: {
    all: '모든 종류',
    low_battery: '배터리 부족',
    service_expiring: '서비스 만료 예정',
    lock_not_synced: '도어락 미동기화',
    card_write_failed: '카드 기록 실패',
    notice: '알림',
  },
  text: {
    low_battery: '객실 {{room}}: 도어락 배터리 {{battery}}%. 곧 배터리를 교체하세요.',
    service_expiring:
      '서비스 만료까지 남은 일수: {{days}} ({{date}}). 갱신하려면 고객 담당자 {{mobile}}에게 연락하세요.',
    service_expiring_no_manager: '서비스 만료까지 남은 일수: {{days}} ({{date}}).',
    lock_not_synced:
      '객실 {{room}}: 도어락이 {{days}}일 동안 동기화되지 않았습니다. 최신 카드와 비밀번호를 받도록 블루투스로 한 번 열어 주세요.',
    lock_never_synced:
      '객실 {{room}}: 도어락이 설치 후 한 번도 동기화되지 않았습니다({{days}}일). 블루투스로 한 번 열어 주세요.',
    card_write_failed: '카드 {{card}} (객실 {{room}}): 기록 검증에 실패했습니다. 카드를 다시 기록하세요.',
    card_write_failed_hotel: '카드 {{card}}: 기록 검증에 실패했습니다. 카드를 다시 기록하세요.',
  },
  filter: {
    kind: '종류',
    order: '정렬',
    unreadFirst: '읽지 않은 메시지 먼저',
    newest: '최신순',
    unreadOnly: '읽지 않은 메시지만',
  },
  column: {
    message: '메시지',
    kind: '종류',
    status: '상태',
  },
  status: {
    unread: '읽지 않음',
    read: '읽음',
    resolved: '해결됨',
  },
  action: {
    openRoom: '객실 보기',
    markRead: '읽음으로 표시',
    markAllRead: '모두 읽음으로 표시',
    deleteSelected: '선택 항목 삭제 ({{count}})',
    deleteConfirm: '이 메시지를 삭제할까요?',
    deleteSelectedConfirm: '선택한 메시지({{count}})를 삭제할까요?',
    deleted: '삭제되었습니다',
    allRead: '모든 메시지를 읽음으로 표시했습니다',
  },
  list: {
    unread: '읽지 않음: {{count}}',
    total: '메시지: {{count}}',
    empty:
      '메시지가 없습니다. 배터리 부족, 오래 동기화되지 않은 도어락, 카드 기록 실패, 서비스 만료 예정이 여기에 표시됩니다.',
    emptyFiltered: '조건에 맞는 메시지가 없습니다.',
    clearFilters: '필터 지우기',
    loadFailed: '메시지를 불러오지 못했습니다.',
  },
};

export default ko;
