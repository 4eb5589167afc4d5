import {
  CARD_READ,
  cardEncryptionCalls,
  decodeGuestCard,
  type ErrorCode,
  formatMacId,
  type GuestCard,
} from '@lockdesk/protocol';
import { Alert, Button, Card, Descriptions, Empty, Progress, Space, Steps, Tag, Typography } from 'antd';
import { memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callManage } from '../../api/client.ts';
import { notifier } from '../../api/notifier.ts';
import { errorMessage } from '../../i18n/index.ts';
import { useDevice } from './DeviceContext.tsx';
import type { CardDevice, DeviceLogEntry, SectorScanResult } from './device.ts';
import { cardTimeText } from './LockDetailsPage.tsx';
import { liveDevice } from './liveDevice.ts';
import { ReaderTag } from './ReaderTag.tsx';
import { type CardReadResult, type ReadStep, readContent, stepOfService } from './readFlow.ts';

/** The server's verdict on a read card (room/sendCardCheck, contract B). */
export type CheckReason =
  | 'ok'
  | 'tampered'
  | 'copied'
  | 'unsigned'
  | 'external'
  | 'unknown'
  | 'withdrawn'
  | 'deleted'
  | 'expired';
export interface CheckVerdict {
  valid: boolean;
  reason: CheckReason;
  card: { card_id: string; type: number; room_name: string | null } | null;
}

/** The catalogue text that says why a refused card is refused. */
const REASON_CODES: Partial<Record<CheckReason, ErrorCode>> = {
  tampered: 'CARD_TAMPERED',
  copied: 'CARD_COPIED',
  unsigned: 'CARD_UNSIGNED',
  external: 'EXTERNAL_CARD',
  unknown: 'CARD_NOT_ISSUED',
};

const READ_STEPS: ReadStep[] = ['connect', 'findCard', 'readCheck', 'content', 'done'];
const CHECKED_BLOCKS = ['4', '5', '6', '53', '54'];
const SCAN_LAST = 15;

interface RawCard {
  read: CardReadResult;
  blocks: Record<number, string>;
  content: GuestCard | null;
  verdict: CheckVerdict | null;
}

/**
 * The device log, redrawn at most once per frame: a sector scan or a read logs two lines per block, and only the
 * log (not the whole page) needs drawing again.
 */
function useDeviceLog(device: CardDevice): readonly DeviceLogEntry[] {
  const [log, setLog] = useState(() => device.log());
  useEffect(() => {
    let frame = 0;
    const unsubscribe = device.subscribeLog(() => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        setLog(device.log());
      });
    });
    setLog(device.log());
    return () => {
      cancelAnimationFrame(frame);
      unsubscribe();
    };
  }, [device]);
  return log;
}

/** The device log card (at most 100 lines, newest first). */
const DeviceLog = memo(function DeviceLog({ device }: { device: CardDevice }) {
  const { t } = useTranslation('cardReading');
  const log = useDeviceLog(device);
  return (
    <Card title={t('rawPage.log')} size="small" data-testid="device-log">
      {log.length ? (
        <div style={{ maxHeight: 260, overflowY: 'auto', fontFamily: 'monospace', fontSize: 12 }} dir="ltr">
          {/* Newest first: what the encoder just did is what the operator looks for. */}
          {[...log].reverse().map((entry, i) => (
            <div key={`${entry.time}-${log.length - i}`} data-kind={entry.kind} className="device-log-line">
              <Typography.Text type={entry.kind === 'error' ? 'danger' : 'secondary'}>
                {new Date(entry.time).toISOString().slice(11, 23)} {entry.kind}
              </Typography.Text>{' '}
              {entry.text}
            </div>
          ))}
        </div>
      ) : (
        <Typography.Text type="secondary">{t('rawPage.logEmpty')}</Typography.Text>
      )}
    </Card>
  );
});

const hex = (value: string | undefined) => (
  <Typography.Text code copyable={!!value} dir="ltr" style={{ fontSize: 12 }}>
    {value ?? '—'}
  </Typography.Text>
);

/**
 * /room/cardReading: the raw card on the encoder. Read shows the UID, card blocks 1–3 (MIFARE 4–6), check block
 * 54, signature block 53, the lock mac as colon pairs, start and end in Asia/Shanghai, and the server's verdict
 * (valid, altered, copied onto another card, unsigned, another system's). 'Sector check' runs spec §4's sector
 * encryption check with progress and cancel. The device log (at most 100 lines) and the reader's status are shown
 * as they change.
 */
export default function CardReadingPage() {
  const { t } = useTranslation('cardReading');
  const device = useDevice(liveDevice);
  const [step, setStep] = useState<ReadStep | null>(null);
  const [reading, setReading] = useState(false);
  const [raw, setRaw] = useState<RawCard | null>(null);
  const [scanSector, setScanSector] = useState<number | null>(null);
  const [scan, setScan] = useState<SectorScanResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const operation = useRef<AbortController | null>(null);
  useEffect(() => () => operation.current?.abort(), []);

  const begin = () => {
    operation.current?.abort();
    const controller = new AbortController();
    operation.current = controller;
    setFailure(null);
    return controller;
  };
  const cancel = () => operation.current?.abort();
  const failed = (error: unknown, signal: AbortSignal, cancelCode: ErrorCode) => {
    if (signal.aborted || (error as { cancelled?: boolean })?.cancelled) {
      notifier().warning(errorMessage(cancelCode));
      return;
    }
    // A refused call has been shown by the request layer already.
    if (typeof (error as { errno?: unknown })?.errno === 'number') return;
    const text = device.errorText(error);
    setFailure(text);
    notifier().error(text);
  };

  const read = async () => {
    const controller = begin();
    const { signal } = controller;
    setReading(true);
    setRaw(null);
    setStep('connect');
    try {
      const result = await device.readCard({ signal, onStep: (s) => setStep(stepOfService(s)) });
      setStep('content');
      const blocks = await readContent(
        { readBlocks: (uid, keys, s, known) => device.readBlocks(uid, keys, s, known), call: callManage },
        result.uid,
        signal,
        { [CARD_READ.checkBlock]: result.block54 },
      );
      const decoded = decodeGuestCard(blocks);
      const content = decoded.ok && decoded.value.isLockDesk ? decoded.value : null;
      const sent: Record<string, string> = {};
      for (const b of CHECKED_BLOCKS) if (blocks[Number(b)]) sent[b] = blocks[Number(b)] as string;
      setRaw({ read: result, blocks, content, verdict: null });
      const verdict: CheckVerdict = await callManage(cardEncryptionCalls.checkCard, {
        card_uid: result.uid,
        blocks: sent,
      });
      if (signal.aborted) return;
      setRaw({ read: result, blocks, content, verdict });
      setStep('done');
    } catch (error) {
      failed(error, signal, 'READ_CARD_CANCELLED');
    } finally {
      if (operation.current === controller) operation.current = null;
      setReading(false);
    }
  };

  const sectorCheck = async () => {
    const controller = begin();
    const { signal } = controller;
    setScan(null);
    setScanSector(0);
    try {
      const result = await device.scanSectors({ signal, onSector: (sector) => setScanSector(sector) });
      setScan(result);
    } catch (error) {
      failed(error, signal, 'OPERATION_CANCELLED');
    } finally {
      if (operation.current === controller) operation.current = null;
      setScanSector(null);
    }
  };

  const busy = reading || scanSector !== null;
  const current = step ? READ_STEPS.indexOf(step === 'cardNumber' ? 'readCheck' : step) : -1;
  const verdict = raw?.verdict;
  const reasonCode = verdict ? REASON_CODES[verdict.reason] : undefined;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="card-reading-page">
      <Card
        title={
          <Space>
            {t('rawPage.title')}
            <ReaderTag />
          </Space>
        }
        extra={
          <Space wrap>
            <Button type="primary" onClick={read} disabled={busy} data-testid="card-read">
              {t('rawPage.read')}
            </Button>
            <Button onClick={sectorCheck} disabled={busy} data-testid="sector-check">
              {t('rawPage.sectorCheck')}
            </Button>
            {busy ? (
              <Button danger onClick={cancel} data-testid="card-operation-cancel">
                {t('rawPage.cancel')}
              </Button>
            ) : null}
          </Space>
        }
      >
        {step ? (
          <Steps
            size="small"
            current={current}
            status={failure ? 'error' : 'process'}
            data-testid="card-read-steps"
            data-step={step}
            items={READ_STEPS.map((s) => ({ title: t(`steps.${s}`) }))}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('rawPage.empty')} />
        )}
        {failure ? (
          <Alert
            type="error"
            showIcon
            message={failure}
            style={{ marginTop: 12 }}
            data-testid="card-failure"
          />
        ) : null}
      </Card>

      {raw ? (
        <Card title={t('rawPage.content')} data-testid="raw-card">
          <Descriptions column={{ xs: 1, md: 2 }} bordered size="small">
            <Descriptions.Item label={t('fields.uid')}>
              <span data-testid="raw-uid">{hex(raw.read.uid)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.cardType')}>
              {t(`types.${raw.content?.type ?? 0}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.cardNumber')}>
              <bdi dir="ltr" data-testid="raw-card-id">
                {raw.content?.card_id || '—'}
              </bdi>
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.mac')}>
              <bdi dir="ltr" data-testid="raw-mac">
                {raw.content && !/^(0+|F+)$/i.test(raw.content.mac_id)
                  ? formatMacId(raw.content.mac_id)
                  : '—'}
              </bdi>
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.validFrom')}>
              <span data-testid="raw-start">{cardTimeText(raw.content?.start_time)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.validUntil')}>
              <span data-testid="raw-end">{cardTimeText(raw.content?.end_time)}</span>
            </Descriptions.Item>
            {[1, 2, 3].map((n) => (
              <Descriptions.Item key={n} label={t('rawPage.block', { card: n, mifare: n + 3 })} span={2}>
                <span data-testid={`raw-block-${n + 3}`}>{hex(raw.blocks[n + 3])}</span>
              </Descriptions.Item>
            ))}
            <Descriptions.Item label={t('rawPage.checkBlock')} span={2}>
              <span data-testid="raw-block-54">{hex(raw.blocks[54] ?? raw.read.block54)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('rawPage.authBlock')} span={2}>
              <span data-testid="raw-block-53">{hex(raw.blocks[53])}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('rawPage.verdict')} span={2}>
              {verdict ? (
                <Space direction="vertical" size={2} data-testid="raw-verdict" data-reason={verdict.reason}>
                  <Tag color={verdict.valid ? 'green' : 'red'}>{t(`verdict.${verdict.reason}`)}</Tag>
                  {reasonCode ? (
                    <Typography.Text type="danger">{errorMessage(reasonCode)}</Typography.Text>
                  ) : null}
                </Space>
              ) : (
                '…'
              )}
            </Descriptions.Item>
          </Descriptions>
        </Card>
      ) : null}

      {scanSector !== null || scan ? (
        <Card title={t('rawPage.scan')} data-testid="sector-scan">
          {scanSector !== null ? (
            <div data-testid="sector-scan-progress" data-sector={scanSector}>
              <Progress percent={Math.round((scanSector / SCAN_LAST) * 100)} />
              {scanSector > 0 ? t('rawPage.scanProgress', { sector: scanSector, last: SCAN_LAST }) : null}
            </div>
          ) : null}
          {scan ? (
            <Descriptions column={1} bordered size="small" data-testid="sector-scan-result">
              <Descriptions.Item label={t('rawPage.scanDefault')}>
                <span data-testid="sector-scan-read">
                  {scan.sectors.length ? scan.sectors.map((s) => s.sector).join(', ') : t('rawPage.scanNone')}
                </span>
              </Descriptions.Item>
              <Descriptions.Item label={t('rawPage.scanOther')}>
                <span data-testid="sector-scan-failed">
                  {scan.failedSectors.length
                    ? scan.failedSectors.map((s) => s.sector).join(', ')
                    : t('rawPage.scanNone')}
                </span>
              </Descriptions.Item>
              <Descriptions.Item label={t('rawPage.scan')}>
                {t('rawPage.scanSummary', { count: scan.summary.failed })}
              </Descriptions.Item>
            </Descriptions>
          ) : null}
        </Card>
      ) : null}

      <DeviceLog device={device} />
    </Space>
  );
}
