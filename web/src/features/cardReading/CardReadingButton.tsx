import { CloseOutlined, CreditCardOutlined } from '@ant-design/icons';
import { type ErrorCode, LIMITS } from '@lockdesk/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Tooltip } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { callManage } from '../../api/client.ts';
import { notifier } from '../../api/notifier.ts';
import { errorMessage } from '../../i18n/index.ts';
import { cardReadingTexts } from '../../i18n/namespaces.ts';
import { stayOfCardQuery } from './api.ts';
import { useDevice } from './DeviceContext.tsx';
import { liveDevice } from './liveDevice.ts';
import { createReadLockout } from './lockout.ts';
import { preloadCardPages } from './pages.ts';
import { createReadFlow, type ReadOutcome, type ReadStep } from './readFlow.ts';

export interface CardReadingButtonProps {
  collapsed?: boolean;
}

/** Tells the operator how a read ended (spec §4 'Card reading', §8 'Card reading messages'). */
function announce(outcome: ReadOutcome, t: (key: string, options?: Record<string, unknown>) => string) {
  const say = notifier();
  switch (outcome.kind) {
    case 'functionCard':
      say.info(t('button.functionCard', { type: t(`types.${outcome.type}`), mobile: outcome.mobile }));
      return;
    case 'empty':
      say.info(`${errorMessage(outcome.code)}. ${t('button.writable')}`);
      return;
    case 'noGuestData':
      say.warning(errorMessage('CARD_NO_GUEST_DATA'));
      return;
    case 'cancelled':
      // A newer read stopped this one: that read speaks for itself.
      if (!outcome.superseded) say.warning(errorMessage('READ_CARD_CANCELLED'));
      return;
    case 'failed':
      say.error(errorMessage((outcome.code ?? 'CARD_READ_FAILED') as ErrorCode, outcome.params));
      return;
    default:
      // stay / lock: the page opened says it; refused: the request layer said why.
      return;
  }
}

/**
 * The Card Reading button at the bottom of the sidebar (spec §4): 2000 ms lockout with its warning, then the read
 * flow (readFlow.ts) on the card service's reader. While a read runs, its step is shown under the button with a
 * cancel control; a click after the lockout starts a new read, which cancels the one in progress.
 */
export function CardReadingButton({ collapsed = false }: CardReadingButtonProps) {
  const { t } = useTranslation('cardReading');
  const { t: tl } = useTranslation();
  const device = useDevice(liveDevice);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const location = useLocation();
  const path = useRef('');
  path.current = location.pathname + location.search;
  const lockout = useRef(createReadLockout());
  const [locked, setLocked] = useState(false);
  const [step, setStep] = useState<ReadStep | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flow = useMemo(
    () =>
      createReadFlow({
        readCard: (options) => device.readCard(options),
        readBlocks: (uid, keys, signal, known) => device.readBlocks(uid, keys, signal, known),
        call: (callPath, body) => callManage(callPath, body),
        navigate: (to, { replace }) => navigate(to, { replace }),
        currentPath: () => path.current,
        // The guest page's stay is asked for while the encoder still reads the card's content.
        stayRecords: (records) => {
          for (const r of records.slice(0, 3))
            if (r.card_status === 'issued')
              queryClient
                .prefetchQuery(stayOfCardQuery(Number(r.manage_id), Number(r.room_id)))
                .catch(() => {});
        },
      }),
    [device, navigate, queryClient],
  );

  useEffect(() => {
    cardReadingTexts.load().catch(() => undefined);
    return () => {
      clearTimeout(timer.current);
      flow.cancel();
    };
  }, [flow]);

  const click = () => {
    if (!lockout.current.tryStart(Date.now())) {
      notifier().warning(errorMessage('READ_TOO_FREQUENT'));
      return;
    }
    setLocked(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setLocked(false), LIMITS.readButtonLockoutMs);
    let mine = true;
    preloadCardPages();
    const onStep = (s: ReadStep) => {
      if (!mine) return;
      setStep(s);
      if (s === 'cardNumber') notifier().success(errorMessage('CARD_NUMBER_READ'));
    };
    flow.start(onStep).then((outcome) => {
      const superseded = outcome.kind === 'cancelled' && outcome.superseded;
      mine = false;
      if (!superseded) setStep(null);
      announce(outcome, t);
    });
  };

  const label = tl('layout.cardReading');
  // Not antd's `disabled`: a disabled button swallows the click that must show the warning.
  const button = (
    <Button
      type="primary"
      block
      icon={<CreditCardOutlined />}
      aria-disabled={locked}
      data-locked={locked ? 'true' : 'false'}
      data-testid="card-reading-button"
      // Its name also when the sidebar is collapsed and the button shows only its icon.
      aria-label={label}
      style={locked ? { opacity: 0.55, cursor: 'not-allowed' } : undefined}
      onClick={click}
    >
      {collapsed ? null : label}
    </Button>
  );
  const progress = step ? (
    <div
      data-testid="card-reading-step"
      data-step={step}
      role="status"
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 4,
        marginTop: 8,
        color: 'rgba(255,255,255,0.85)',
        fontSize: 12,
      }}
    >
      {collapsed ? null : <span style={{ flex: 1, minWidth: 0 }}>{t(`steps.${step}`)}</span>}
      <Tooltip title={t('button.cancel')}>
        <Button
          size="small"
          type="text"
          danger
          icon={<CloseOutlined />}
          aria-label={t('button.cancel')}
          data-testid="card-reading-cancel"
          onClick={() => flow.cancel()}
          style={{ color: '#ff7875' }}
        />
      </Tooltip>
    </div>
  ) : null;
  return (
    <>
      {collapsed ? (
        <Tooltip title={label} placement="right">
          {button}
        </Tooltip>
      ) : (
        button
      )}
      {progress}
    </>
  );
}
