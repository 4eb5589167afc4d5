import { LockOutlined, StopOutlined, UnlockOutlined } from '@ant-design/icons';
import type { ErrorCode } from '@lockdesk/protocol';
import { Alert, Button, Card, Result, Segmented, Space, Steps, Table, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { asCardServiceError } from '../../cardService/errors.ts';
import { useCardService } from '../../cardService/hooks.ts';
import { cardErrorText } from '../../cardService/messages.ts';
import { scanSectors, writeCard } from '../../cardService/operations.ts';
import { ReaderStatus } from '../../cardService/ReaderStatus.tsx';
import { cardService } from '../../cardService/service.ts';
import type { CardReader, SectorScan, WriteProgress } from '../../cardService/types.ts';
import { errorMessage } from '../../i18n/index.ts';
import { encryptionTexts } from '../../i18n/namespaces.ts';
import { type EncryptionCalls, encryptionCalls, useEncryptionState, useInvalidateEncryption } from './api.ts';
import { type EncryptionOutcome, isPreciseFailure, runEncryption } from './encryptCard.ts';
import { ENCRYPTION_PATHS } from './links.ts';

type Mode = 'encrypt' | 'decrypt';
const STEPS = ['connect', 'findCard', 'allocate', 'write', 'verify', 'confirm', 'done'] as const;

export interface EncryptCardDeps {
  reader: () => CardReader;
  calls: EncryptionCalls;
  write: typeof writeCard;
  scan: typeof scanSectors;
}

const DEFAULT_DEPS: EncryptCardDeps = {
  reader: () => cardService().reader(),
  calls: encryptionCalls,
  write: writeCard,
  scan: scanSectors,
};

interface Failure {
  title: string;
  detail: string | null;
}

/** The operator's view of a failure: precise reasons as they are, anything else as '(De)cryption failed'. */
export function failureOf(error: unknown, mode: Mode): Failure | 'cancelled' {
  const failure = asCardServiceError(error);
  if (failure.cancelled) return 'cancelled';
  const text = cardErrorText(failure);
  if (isPreciseFailure(failure.code)) return { title: text, detail: null };
  const generic: ErrorCode = mode === 'encrypt' ? 'ENCRYPTION_FAILED' : 'DECRYPTION_FAILED';
  return { title: errorMessage(generic), detail: text };
}

/**
 * /center/cardEncryptionPage: encrypts the card on the encoder with the hotel's keys, or decrypts it back to
 * factory keys (`?mode=decrypt`, `?uid=` the card expected): the card service finds and checks the card, writes
 * the server's plan, reads it back with the new keys and only then the server records it. Then the sectors are
 * checked with the factory key, which the encrypted sectors now refuse. Every step shows as it happens and can be
 * cancelled.
 */
export default function EncryptCardPage({ deps = DEFAULT_DEPS }: { deps?: EncryptCardDeps }) {
  const { t } = useTranslation(encryptionTexts.ns);
  const [params, setParams] = useSearchParams();
  const mode: Mode = params.get('mode') === 'decrypt' ? 'decrypt' : 'encrypt';
  const expectedUid = params.get('uid')?.trim().toUpperCase() || undefined;
  const state = useEncryptionState();
  const invalidate = useInvalidateEncryption();
  const service = useCardService();
  const [progress, setProgress] = useState<WriteProgress | null>(null);
  const [running, setRunning] = useState(false);
  const [outcome, setOutcome] = useState<EncryptionOutcome | null>(null);
  const [failure, setFailure] = useState<Failure | 'cancelled' | null>(null);
  const [scan, setScan] = useState<SectorScan | null>(null);
  const [scanning, setScanning] = useState<number | null>(null);
  const [scanFailed, setScanFailed] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const reset = () => {
    setProgress(null);
    setOutcome(null);
    setFailure(null);
    setScan(null);
    setScanFailed(null);
  };

  const checkSectors = async (signal: AbortSignal) => {
    setScanFailed(null);
    setScanning(1);
    try {
      const result = await deps.scan(deps.reader(), {
        signal,
        onSector: (sector: number) => setScanning(sector),
      });
      setScan(result);
    } catch (error) {
      const why = failureOf(error, mode);
      if (why !== 'cancelled') setScanFailed(why.detail ?? why.title);
    } finally {
      setScanning(null);
    }
  };

  const start = async () => {
    controller.current?.abort();
    const run = new AbortController();
    controller.current = run;
    reset();
    setRunning(true);
    try {
      const result = await runEncryption({
        reader: deps.reader(),
        decrypt: mode === 'decrypt',
        expectedUid,
        calls: deps.calls,
        write: deps.write,
        signal: run.signal,
        onStep: setProgress,
      });
      setOutcome(result);
      void invalidate();
      await checkSectors(run.signal);
    } catch (error) {
      if (controller.current === run || run.signal.aborted) setFailure(failureOf(error, mode));
    } finally {
      if (controller.current === run) {
        controller.current = null;
        setRunning(false);
      }
    }
  };

  const cancel = () => controller.current?.abort();
  const enabled = state.data?.enabled ?? false;
  const encryptedSectors = state.data?.sectors ?? [];
  const blocked = mode === 'encrypt' && state.isSuccess && !enabled;
  const stepIndex = progress ? STEPS.indexOf(progress.step) : 0;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%', maxWidth: 960 }}>
      <Card title={t('card.title')} extra={<ReaderStatus />} data-testid="encrypt-card">
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Segmented<Mode>
            value={mode}
            disabled={running}
            onChange={(value) => {
              const next = new URLSearchParams(params);
              next.set('mode', value);
              setParams(next, { replace: true });
              reset();
            }}
            options={[
              { value: 'encrypt', label: t('card.encrypt'), icon: <LockOutlined /> },
              { value: 'decrypt', label: t('card.decrypt'), icon: <UnlockOutlined /> },
            ]}
            data-testid="encrypt-mode"
          />
          <Typography.Paragraph style={{ marginBottom: 0 }}>{t('card.modeHint')}</Typography.Paragraph>
          {expectedUid ? (
            <Tag color="blue" data-testid="expected-uid">
              {t('card.expected', { uid: expectedUid })}
            </Tag>
          ) : null}
          {blocked ? (
            <Alert
              type="warning"
              showIcon
              title={t('card.notEnabled')}
              action={<Link to={ENCRYPTION_PATHS.settings}>{t('card.openSettings')}</Link>}
              data-testid="encryption-off"
            />
          ) : null}
          {enabled && encryptedSectors.length === 0 ? (
            <Alert type="warning" showIcon title={errorMessage('NO_ENCRYPTED_SECTOR')} />
          ) : null}
          <Space>
            <Button
              type="primary"
              icon={mode === 'encrypt' ? <LockOutlined /> : <UnlockOutlined />}
              onClick={start}
              loading={running}
              disabled={blocked}
              data-testid="encrypt-start"
            >
              {outcome || failure ? t('card.startAgain') : t('card.start')}
            </Button>
            {running ? (
              <Button danger icon={<StopOutlined />} onClick={cancel} data-testid="encrypt-cancel">
                {t('cancel')}
              </Button>
            ) : null}
          </Space>
          {progress || failure ? (
            <Steps
              size="small"
              current={outcome ? STEPS.length - 1 : stepIndex}
              status={failure && failure !== 'cancelled' ? 'error' : outcome ? 'finish' : 'process'}
              items={STEPS.map((step, i) => ({
                title: t(`card.steps.${step}`),
                description:
                  i === stepIndex && progress?.total
                    ? t('card.progress', { done: progress.done ?? 0, total: progress.total })
                    : undefined,
              }))}
              data-testid="encrypt-steps"
            />
          ) : null}
          {outcome ? (
            <Alert
              type={outcome.kind === 'done' ? 'success' : 'info'}
              showIcon
              title={
                outcome.kind === 'alreadyEncrypted'
                  ? t('card.alreadyEncrypted', { uid: outcome.uid })
                  : outcome.decrypt
                    ? t('card.decrypted', { uid: outcome.uid })
                    : t('card.encrypted', { uid: outcome.uid })
              }
              data-testid="encrypt-outcome"
            />
          ) : null}
          {failure === 'cancelled' ? (
            <Alert type="warning" showIcon title={t('card.cancelled')} data-testid="encrypt-cancelled" />
          ) : failure ? (
            <Alert
              type="error"
              showIcon
              title={failure.title}
              description={failure.detail ?? undefined}
              data-testid="encrypt-failure"
            />
          ) : null}
        </Space>
      </Card>
      {scan || scanning !== null || scanFailed ? (
        <SectorScanCard
          scan={scan}
          scanning={scanning}
          failed={scanFailed}
          encrypted={encryptedSectors}
          onRun={() => {
            const run = new AbortController();
            controller.current = run;
            void checkSectors(run.signal);
          }}
        />
      ) : null}
      {!state.isPending && state.isError ? (
        <Result status="warning" title={t('settings.loadFailed')} />
      ) : null}
      {service.info.notice ? <Alert type="warning" showIcon title={service.info.notice} /> : null}
    </Space>
  );
}

interface ScanRow {
  sector: number;
  block: number;
  open: boolean;
  detail: string;
}

/** The sector check's result: each sector 1–15, open to the factory key or closed to it. */
function SectorScanCard({
  scan,
  scanning,
  failed,
  encrypted,
  onRun,
}: {
  scan: SectorScan | null;
  scanning: number | null;
  failed: string | null;
  encrypted: readonly number[];
  onRun: () => void;
}) {
  const { t } = useTranslation(encryptionTexts.ns);
  const rows: ScanRow[] = scan
    ? [
        ...scan.sectors.map((s) => ({ sector: s.sector, block: s.block, open: true, detail: s.data })),
        ...scan.failedSectors.map((s) => ({
          sector: s.sector,
          block: s.block,
          open: false,
          detail: s.message,
        })),
      ].sort((a, b) => a.sector - b.sector)
    : [];
  return (
    <Card
      size="small"
      title={scan ? t('scan.title', { uid: scan.uid }) : t('scan.run')}
      extra={
        <Button size="small" onClick={onRun} loading={scanning !== null} data-testid="scan-run">
          {t('scan.run')}
        </Button>
      }
      data-testid="sector-scan"
    >
      {scanning !== null ? (
        <Typography.Paragraph>{t('scan.running', { sector: scanning })}</Typography.Paragraph>
      ) : null}
      {failed ? <Alert type="error" showIcon title={t('scan.failed')} description={failed} /> : null}
      {scan ? (
        <>
          <Typography.Paragraph data-testid="scan-summary">
            {t('scan.summary', scan.summary)}
          </Typography.Paragraph>
          <Table<ScanRow>
            size="small"
            rowKey="sector"
            pagination={false}
            dataSource={rows}
            columns={[
              {
                title: t('scan.sector'),
                dataIndex: 'sector',
                render: (sector: number) =>
                  encrypted.includes(sector) ? (
                    <Space size={4}>
                      {sector}
                      <LockOutlined />
                    </Space>
                  ) : (
                    sector
                  ),
              },
              { title: t('scan.block'), dataIndex: 'block' },
              {
                title: t('scan.result'),
                key: 'result',
                render: (_v, row) => (
                  <Tag color={row.open ? 'default' : 'green'} data-testid={`scan-sector-${row.sector}`}>
                    {row.open ? t('scan.readWithDefault') : t('scan.failedWithDefault')}
                  </Tag>
                ),
              },
            ]}
          />
        </>
      ) : null}
    </Card>
  );
}
