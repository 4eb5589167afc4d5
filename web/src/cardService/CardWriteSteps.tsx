import { Alert, Button, Space, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import { cardServiceTexts, useCardServiceTexts } from '../i18n/namespaces.ts';
import type { CardServiceError } from './errors.ts';
import type { CardWriteState } from './hooks.ts';
import { cardErrorText } from './messages.ts';
import { WRITE_STEPS, type WriteProgress, type WriteStep } from './types.ts';

export interface CardWriteStepsProps {
  /** A useCardWrite state, or the parts below one by one. */
  write?: Pick<CardWriteState<unknown>, 'progress' | 'running' | 'error' | 'cancel'>;
  progress?: WriteProgress | null;
  running?: boolean;
  error?: CardServiceError | null;
  onCancel?: () => void;
}

/** The shown steps: 'done' is the last step's finish, not a step of its own. */
const SHOWN: readonly WriteStep[] = WRITE_STEPS.filter((s) => s !== 'done');

/**
 * The steps of a card write as they happen (contract C): connect, find the card, the server's plan, write (n of m
 * blocks), read back, record — with a Cancel while it runs, and what went wrong when it did (nothing was issued).
 */
export function CardWriteSteps(props: CardWriteStepsProps) {
  useCardServiceTexts();
  const { t } = useTranslation(cardServiceTexts.ns);
  const progress = props.write?.progress ?? props.progress ?? null;
  const running = props.write?.running ?? props.running ?? false;
  const error = props.write?.error ?? props.error ?? null;
  const cancel = props.write?.cancel ?? props.onCancel;
  if (!progress && !running && !error) return null;

  const done = progress?.step === 'done';
  const index = done ? SHOWN.length : Math.max(0, SHOWN.indexOf(progress?.step ?? 'connect'));
  const status = error ? (error.cancelled ? 'wait' : 'error') : done ? 'finish' : 'process';
  const counted = (step: WriteStep) =>
    progress?.step === step && progress.total !== undefined && progress.total > 0
      ? t('steps.blocks', { done: progress.done ?? 0, total: progress.total })
      : undefined;

  return (
    <Space
      orientation="vertical"
      style={{ width: '100%' }}
      data-testid="card-write-steps"
      data-step={progress?.step ?? ''}
    >
      <Steps
        size="small"
        current={index}
        status={status}
        items={SHOWN.map((step) => ({
          key: step,
          title: t(`steps.${step}`),
          content: counted(step),
        }))}
      />
      {progress?.step === 'findCard' && running ? (
        <Alert type="info" showIcon title={t('steps.putCard')} />
      ) : null}
      {running && cancel ? (
        <Button onClick={cancel} data-testid="card-write-cancel">
          {t('cancel')}
        </Button>
      ) : null}
      {error ? (
        <Alert
          data-testid="card-write-error"
          type={error.cancelled ? 'warning' : 'error'}
          showIcon
          title={error.cancelled ? t('steps.cancelled') : t('steps.failed')}
          description={error.cancelled ? undefined : cardErrorText(error)}
        />
      ) : null}
      {done && !error ? <Alert type="success" showIcon title={t('steps.done')} /> : null}
    </Space>
  );
}
