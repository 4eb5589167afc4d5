import { DeleteOutlined } from '@ant-design/icons';
import { App, Button, Empty, Input, Popconfirm, Result, Select, type TablePaginationConfig } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useRoomOptions } from '../api/locks.ts';
import { useMobile } from '../app/layout/useMobile.ts';
import { LIMITS, listParams } from './listParams.ts';

/**
 * The parts the face library and the fingerprint library lists share: their filters and page in the URL, the
 * keyword box, the room filter, the paging, the empty and failed states and the row's confirmed delete. Texts come from the page's own
 * namespace.
 */

type Changes = Record<string, string | number | undefined>;

/** The list's filters and page from the URL, and `update` to write changes back (a new filter starts from page 1). */
export function useListSearch() {
  const [search, setSearch] = useSearchParams();
  const update = (changes: Changes) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(changes)) {
      if (v === undefined || v === '') next.delete(k);
      else next.set(k, String(v));
    }
    if (!('page' in changes)) next.delete('page');
    setSearch(next);
  };
  return { search, params: listParams(search), update };
}

/** The keyword box: typed freely, searched on Enter or the button; back and forward put the URL's keyword in it. */
export function KeywordSearch(props: {
  keyword: string | undefined;
  placeholder: string;
  onSearch: (keyword: string | undefined) => void;
  testId: string;
  maxLength?: number;
  /** Its width in pixels (260 unless told). */
  width?: number;
}) {
  const [value, setValue] = useState(props.keyword ?? '');
  useEffect(() => setValue(props.keyword ?? ''), [props.keyword]);
  return (
    <Input.Search
      allowClear
      value={value}
      maxLength={props.maxLength}
      onChange={(e) => setValue(e.target.value)}
      onSearch={(typed) => props.onSearch(typed.trim() || undefined)}
      placeholder={props.placeholder}
      style={{ width: props.width ?? 260, maxWidth: '100%' }}
      data-testid={props.testId}
    />
  );
}

/** Filters by one room of the caller's scope (cleared: every room). */
export function RoomFilter(props: {
  roomId: number | undefined;
  placeholder: string;
  onChange: (roomId: number | undefined) => void;
  testId: string;
}) {
  const rooms = useRoomOptions();
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      value={props.roomId}
      placeholder={props.placeholder}
      loading={rooms.isLoading}
      options={(rooms.data ?? []).map((r) => ({ value: r.room_id ?? r.id, label: r.name }))}
      onChange={(value?: number) => props.onChange(value)}
      style={{ width: 200, maxWidth: '100%' }}
      data-testid={props.testId}
    />
  );
}

/** A table's paging from the URL's page and size (page 1 and size 20 are left out of the URL). */
export function listPagination(
  params: { page: number; limit: number },
  total: number,
  totalText: (count: number) => string,
  update: (changes: Changes) => void,
): TablePaginationConfig {
  return {
    current: params.page,
    pageSize: params.limit,
    total,
    showSizeChanger: true,
    pageSizeOptions: LIMITS,
    showTotal: totalText,
    onChange: (page, limit) =>
      update({ page: page > 1 ? page : undefined, limit: limit !== 20 ? limit : undefined }),
  };
}

/** A table's empty state: nothing while the first page loads. */
export function emptyOf(loading: boolean, text: string, testId: string): ReactNode {
  return loading ? ' ' : <Empty description={text} data-testid={testId} />;
}

/** A list that did not load, with a retry. */
export function LoadFailed(props: { title: string; retryText: string; onRetry: () => void; testId: string }) {
  return (
    <Result
      status="error"
      title={props.title}
      extra={<Button onClick={props.onRetry}>{props.retryText}</Button>}
      data-testid={props.testId}
    />
  );
}

/**
 * A row's destructive button behind a confirm (`Popconfirm`); its success message once the call succeeds, its
 * failure shown by the request layer. On a phone the icon alone (the title names it).
 */
export function ConfirmedButton(props: {
  confirm: string;
  label: string;
  cancelText: string;
  done: string;
  onConfirm: () => Promise<unknown>;
  testId: string;
  okTestId?: string;
}) {
  const { message } = App.useApp();
  const mobile = useMobile();
  return (
    <Popconfirm
      title={props.confirm}
      okText={props.label}
      cancelText={props.cancelText}
      okButtonProps={{
        danger: true,
        ...(props.okTestId ? ({ 'data-testid': props.okTestId } as object) : {}),
      }}
      onConfirm={() =>
        props.onConfirm().then(
          () => {
            message.success(props.done);
          },
          () => {},
        )
      }
    >
      <Button title={props.label} size="small" danger icon={<DeleteOutlined />} data-testid={props.testId}>
        {mobile ? null : props.label}
      </Button>
    </Popconfirm>
  );
}
