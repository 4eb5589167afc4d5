import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  EXPORT_FORMATS,
  type ExportFormat,
  type ExportKind,
  FORMAT_NAMES,
  useCreateExport,
} from '../../api/unlockRecords.ts';

export interface ExportButtonProps {
  kind: ExportKind;
  /** The list's filters as its call takes them (paging is dropped). */
  filters: object;
  testId?: string;
}

/**
 * "Export" with a choice of CSV or Excel: export/create with the list's current filters, then the browser downloads
 * the single-use link it answers. A refusal is told by the request layer's notifier.
 */
export function ExportButton({ kind, filters, testId = 'export-button' }: ExportButtonProps) {
  const { t } = useTranslation('unlockRecords');
  const { message } = App.useApp();
  const create = useCreateExport();
  const run = (format: ExportFormat) =>
    create.mutate(
      { kind, format, filters: { ...filters } },
      { onSuccess: (link) => message.success(t('export.started', { file: link.file_name })) },
    );
  return (
    <Dropdown
      trigger={['click']}
      disabled={create.isPending}
      menu={{
        items: [
          {
            type: 'group',
            label: t('export.hint'),
            children: EXPORT_FORMATS.map((f) => ({ key: f, label: FORMAT_NAMES[f] })),
          },
        ],
        onClick: ({ key }) => run(key as ExportFormat),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={create.isPending} data-testid={testId}>
        {create.isPending ? t('export.preparing') : t('export.button')}
      </Button>
    </Dropdown>
  );
}
