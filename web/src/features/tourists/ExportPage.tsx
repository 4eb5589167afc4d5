import { DownloadOutlined } from '@ant-design/icons';
import { isMobile } from '@lockdesk/protocol';
import { Alert, App, Button, Card, DatePicker, Form, Input, Radio, Select, Space, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import {
  EXPORT_FORMATS,
  EXPORT_KINDS,
  type ExportFormat,
  type ExportKind,
  exportFilters,
  FORMAT_NAMES,
  UNLOCK_RESULTS,
  UNLOCK_TYPES,
  type UnlockResult,
  type UnlockType,
  useCreateExport,
} from '../../api/unlockRecords.ts';
import { hotelDays } from '../../app/listState.ts';
import { PATHS } from '../../app/paths.ts';
import { errorMessage } from '../../i18n/index.ts';
import { RoomFilter } from '../../shared/RoomSearchFilter.tsx';
import { GuestNav } from './GuestNav.tsx';
import { NAME_MAX } from './listParams.ts';

const DAY = 'YYYY-MM-DD';

/** What the form holds, for every dataset (each sends only its own fields). */
export interface ExportForm {
  name?: string | undefined;
  inHouse?: boolean | undefined;
  room?: number | undefined;
  mobile?: string | undefined;
  type?: UnlockType | undefined;
  result?: UnlockResult | undefined;
  keyword?: string | undefined;
  path?: string | undefined;
  period?: [Dayjs, Dayjs] | null | undefined;
}

/** The filters of a dataset as its list call takes them (contract E: passenger/list, lock/checkHistory, operation/list). */
export function exportRequestFilters(kind: ExportKind, form: ExportForm): Record<string, unknown> {
  const days = form.period ? hotelDays(form.period[0].format(DAY), form.period[1].format(DAY)) : {};
  switch (kind) {
    case 'guests':
      return exportFilters({
        name: form.name?.trim(),
        in_house: form.inHouse ? 1 : undefined,
        room_id: form.room,
        ...days,
      });
    case 'unlock_records':
      return exportFilters({
        room_id: form.room,
        mobile: form.mobile?.trim(),
        type: form.type,
        result: form.result,
        keyword: form.keyword?.trim(),
        ...days,
      });
    default:
      return exportFilters({ path: form.path?.trim(), ...days });
  }
}

/**
 * Export of guests, unlock records or the operation log (export/create, contract E): the dataset, CSV or Excel and
 * the dataset's filters; the browser downloads the single-use link the server answers. `?kind=` preselects one.
 */
export default function ExportPage() {
  const { t } = useTranslation('tourists');
  const { t: tr } = useTranslation('unlockRecords');
  const { message } = App.useApp();
  const [search] = useSearchParams();
  const [kind, setKind] = useState<ExportKind>(
    EXPORT_KINDS.find((k) => k === search.get('kind')) ?? 'guests',
  );
  const [format, setFormat] = useState<ExportFormat>('xlsx');
  const [form] = Form.useForm<ExportForm>();
  const create = useCreateExport();

  const submit = (values: ExportForm) =>
    create.mutate(
      { kind, format, filters: exportRequestFilters(kind, values) },
      { onSuccess: (link) => message.success(t('export.started', { file: link.file_name })) },
    );

  const period = (
    <Form.Item name="period" label={t('export.period')}>
      <DatePicker.RangePicker
        allowClear
        placeholder={[t('common.from'), t('common.to')]}
        data-testid="export-period"
      />
    </Form.Item>
  );
  const room = (
    <Form.Item name="room" label={t('common.room')}>
      <RoomFilter placeholder={t('common.allRooms')} label={t('common.room')} testId="export-room" />
    </Form.Item>
  );

  return (
    <Card title={t('nav.export')} extra={<GuestNav current={PATHS.export} />} data-testid="export-page">
      <Space orientation="vertical" size={16} style={{ width: '100%', maxWidth: 720 }}>
        <Alert
          type="info"
          showIcon
          title={t('export.streaming')}
          description={t('export.linkOnce')}
          data-testid="export-streaming"
        />
        <Form<ExportForm> form={form} layout="vertical" onFinish={submit} data-testid="export-form">
          <Form.Item label={t('export.dataset')}>
            <Radio.Group
              value={kind}
              onChange={(e) => setKind(e.target.value as ExportKind)}
              optionType="button"
              options={EXPORT_KINDS.map((k) => ({ value: k, label: t(`export.kinds.${k}`) }))}
              data-testid="export-kind"
            />
          </Form.Item>
          <Form.Item label={t('export.format')}>
            <Radio.Group
              value={format}
              onChange={(e) => setFormat(e.target.value as ExportFormat)}
              options={EXPORT_FORMATS.map((f) => ({ value: f, label: FORMAT_NAMES[f] }))}
              data-testid="export-format"
            />
          </Form.Item>
          <Card size="small" title={t('export.filters')} key={kind}>
            {kind === 'guests' ? (
              <>
                <Form.Item name="name" label={t('export.name')}>
                  <Input allowClear maxLength={NAME_MAX} data-testid="export-name" />
                </Form.Item>
                <Form.Item name="inHouse" label={t('export.inHouse')} valuePropName="checked">
                  <Switch data-testid="export-in-house" />
                </Form.Item>
                {room}
                {period}
              </>
            ) : null}
            {kind === 'unlock_records' ? (
              <>
                {room}
                <Form.Item
                  name="mobile"
                  label={t('export.mobile')}
                  rules={[
                    {
                      validator: (_r, v: string | undefined) =>
                        !v?.trim() || isMobile(v.trim())
                          ? Promise.resolve()
                          : Promise.reject(new Error(errorMessage('MOBILE_INVALID'))),
                    },
                  ]}
                >
                  <Input allowClear maxLength={11} inputMode="numeric" data-testid="export-mobile" />
                </Form.Item>
                <Form.Item name="type" label={t('export.type')}>
                  <Select<UnlockType>
                    allowClear
                    placeholder={t('export.allTypes')}
                    options={UNLOCK_TYPES.map((k) => ({ value: k, label: tr(`types.${k}`) }))}
                    data-testid="export-type"
                  />
                </Form.Item>
                <Form.Item name="result" label={t('resultLabel')}>
                  <Select<UnlockResult>
                    allowClear
                    placeholder={t('export.allResults')}
                    options={UNLOCK_RESULTS.map((k) => ({
                      value: k,
                      label: k === 'open' ? t('export.opened') : t('export.refused'),
                    }))}
                    data-testid="export-result"
                  />
                </Form.Item>
                <Form.Item name="keyword" label={t('export.keyword')}>
                  <Input allowClear maxLength={50} data-testid="export-keyword" />
                </Form.Item>
                {period}
              </>
            ) : null}
            {kind === 'operation_log' ? (
              <>
                <Form.Item name="path" label={t('export.path')}>
                  <Input
                    allowClear
                    maxLength={100}
                    placeholder={t('export.pathPlaceholder')}
                    data-testid="export-path"
                  />
                </Form.Item>
                {period}
              </>
            ) : null}
          </Card>
          <Button
            type="primary"
            htmlType="submit"
            icon={<DownloadOutlined />}
            loading={create.isPending}
            style={{ marginTop: 16 }}
            data-testid="export-submit"
          >
            {t('export.submit')}
          </Button>
        </Form>
      </Space>
    </Card>
  );
}
