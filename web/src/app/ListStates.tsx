import { Alert, Button, Empty } from 'antd';

/** A list that did not load and has nothing to show: the error, with a retry. */
export function ListLoadError(props: {
  title: string;
  retryText: string;
  onRetry: () => void;
  testId?: string;
}) {
  return (
    <Alert
      type="error"
      showIcon
      title={props.title}
      data-testid={props.testId}
      action={
        <Button size="small" onClick={props.onRetry}>
          {props.retryText}
        </Button>
      }
    />
  );
}

/** A list's empty state: when filtered, says so with a button that clears the filters. */
export function ListEmpty(props: {
  filtered: boolean;
  empty: string;
  emptyFiltered: string;
  clearText: string;
  onClear: () => void;
}) {
  return props.filtered ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.emptyFiltered}>
      <Button size="small" onClick={props.onClear}>
        {props.clearText}
      </Button>
    </Empty>
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.empty} />
  );
}
