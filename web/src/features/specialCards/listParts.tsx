import { PlusOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LoadFailed } from '../../shared/listParts.tsx';

/**
 * A special card list's add button: a link to the add page when the account may issue this kind, else disabled
 * with `reason` as its tooltip.
 */
export function AddCardButton({ to, mayIssue, reason }: { to: string; mayIssue: boolean; reason: string }) {
  const { t } = useTranslation('specialCards');
  const button = (
    <Button type="primary" icon={<PlusOutlined />} disabled={!mayIssue} data-testid="card-add">
      {t('actions.add')}
    </Button>
  );
  return mayIssue ? <Link to={to}>{button}</Link> : <Tooltip title={reason}>{button}</Tooltip>;
}

/** A card list's table, or, when the list could not be loaded, the failure with a retry. */
export function ListOrFailure({
  query,
  children,
}: {
  query: { isError: boolean; refetch: () => unknown };
  children: ReactNode;
}) {
  const { t } = useTranslation('specialCards');
  return query.isError ? (
    <LoadFailed
      title={t('messages.loadFailed')}
      retryText={t('actions.retry')}
      onRetry={() => query.refetch()}
      testId="card-list-error"
    />
  ) : (
    children
  );
}
