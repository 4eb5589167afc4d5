import { ReloadOutlined, StopOutlined } from '@ant-design/icons';
import { ERROR_TEXTS } from '@lockdesk/protocol';
import { Alert, App, Button, Flex, Form, Input, Steps, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Fingerprint, useAddFingerprint } from '../../api/fingerprints.ts';
import { errorMessage } from '../../i18n/index.ts';
import { facesTexts, fingerprintsTexts } from '../../i18n/namespaces.ts';
import { RoomStayFields } from '../faces/RoomStayFields.tsx';
import {
  EncoderError,
  type EncoderInfo,
  encoderHealth,
  enrollFinger,
  type FingerStep,
} from '../fingerprintEncoder.ts';
import { WithTexts } from '../WithTexts.tsx';

// The fingerprints feature's words, and the faces feature's for the room and stay fields, which this part shows
// on other features' pages too.

export interface FingerprintEnrolProps {
  /** The room whose lock gets the fingerprint; without it the form offers a room picker (or none: library only). */
  roomId?: number | undefined;
  /** The stay it belongs to; without it the room's open stays are offered (empty: the current guest). */
  stayId?: number | undefined;
  /** Called with the saved fingerprint. */
  onDone?: ((fingerprint: Fingerprint) => void) | undefined;
  /** Injected by tests: the enrolment on the encoder and the gateway's health. */
  encoder?: { enrol: typeof enrollFinger; health: typeof encoderHealth };
}

/** Where an enrolment is. */
export type EnrolPhase =
  | 'idle'
  | 'connecting'
  | FingerStep
  | 'saving'
  | 'done'
  | 'failed'
  | 'saveFailed'
  | 'cancelled';

const STEP_INDEX: Record<EnrolPhase, number> = {
  idle: 0,
  connecting: 0,
  press: 1,
  pressAgain: 2,
  captured: 3,
  saving: 4,
  saveFailed: 4,
  done: 4,
  failed: 0,
  cancelled: 0,
};
const RUNNING: readonly EnrolPhase[] = ['connecting', 'press', 'pressAgain', 'captured'];

/** The text of an encoder failure in the console's language (the gateway speaks English). */
export function encoderFailureText(error: unknown): string {
  if (error instanceof EncoderError) {
    if (error.code && !ERROR_TEXTS[error.code].includes('{')) return errorMessage(error.code);
    return error.message;
  }
  return errorMessage('ERROR');
}

interface EnrolForm {
  note: string;
  finger_id?: string;
  room_id?: number;
  stay_id?: number;
}

const DEFAULT_ENCODER = { enrol: enrollFinger, health: encoderHealth };

function EnrolFormView({ roomId, stayId, onDone, encoder = DEFAULT_ENCODER }: FingerprintEnrolProps) {
  const { t } = useTranslation('fingerprints');
  const { message } = App.useApp();
  const [form] = Form.useForm<EnrolForm>();
  const add = useAddFingerprint();
  const [phase, setPhase] = useState<EnrolPhase>('idle');
  // The step an enrolment failed at, so the steps show the error where it happened.
  const [failedAt, setFailedAt] = useState(0);
  const [problem, setProblem] = useState('');
  const [info, setInfo] = useState<EncoderInfo | null | undefined>(undefined);
  const [quality, setQuality] = useState<number | null>(null);
  const running = useRef<AbortController | null>(null);
  const kept = useRef<{ template: string; values: EnrolForm } | null>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    encoder.health().then((found) => {
      if (mounted.current) setInfo(found);
    });
    return () => {
      mounted.current = false;
      // Leaving the page cancels the enrolment on the encoder.
      running.current?.abort();
    };
  }, [encoder]);

  const save = async (template: string, values: EnrolForm) => {
    kept.current = { template, values };
    setPhase('saving');
    try {
      const fingerprint = await add.mutateAsync({
        note: values.note,
        data: template,
        finger_id: values.finger_id,
        room_id: roomId ?? values.room_id ?? undefined,
        stay_id: stayId ?? values.stay_id ?? undefined,
      });
      if (!mounted.current) return;
      kept.current = null;
      setPhase('done');
      message.success(t('messages.saved', { fingerId: fingerprint.finger_id }));
      onDone?.(fingerprint);
    } catch {
      // The server's refusal has been shown; the template is kept so that saving again needs no new finger.
      if (mounted.current) setPhase('saveFailed');
    }
  };

  const start = async () => {
    let values: EnrolForm;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const controller = new AbortController();
    running.current = controller;
    kept.current = null;
    setProblem('');
    setQuality(null);
    setPhase('connecting');
    let reached = 0;
    try {
      const result = await encoder.enrol({
        signal: controller.signal,
        onEncoder: (found) => {
          if (mounted.current) setInfo(found);
        },
        onStep: (step) => {
          reached = STEP_INDEX[step];
          if (mounted.current && running.current === controller) setPhase(step);
        },
      });
      running.current = null;
      if (!mounted.current) return;
      setQuality(result.quality);
      await save(result.template, values);
    } catch (error) {
      running.current = null;
      if (!mounted.current) return;
      const text = encoderFailureText(error);
      setFailedAt(reached);
      setProblem(text);
      if (error instanceof EncoderError && error.cancelled) {
        setPhase('cancelled');
        message.warning(text);
      } else {
        setPhase('failed');
        message.error(text);
        // The gateway may have gone away: say so next to the steps.
        encoder.health().then((found) => {
          if (mounted.current) setInfo(found);
        });
      }
    }
  };

  const cancel = () => running.current?.abort();
  const busy = RUNNING.includes(phase);

  const stepIndex = phase === 'failed' || phase === 'cancelled' ? failedAt : STEP_INDEX[phase];
  const stepStatus =
    phase === 'failed' || phase === 'cancelled' || phase === 'saveFailed'
      ? 'error'
      : phase === 'done'
        ? 'finish'
        : phase === 'idle'
          ? 'wait'
          : 'process';
  const hint: Partial<Record<EnrolPhase, string>> = {
    connecting: t('hints.connecting'),
    press: t('hints.press'),
    pressAgain: t('hints.pressAgain'),
    captured: t('hints.captured'),
    saving: t('hints.saving'),
  };

  return (
    <Flex vertical gap={16} data-testid="fingerprint-enrol" style={{ maxWidth: 640 }}>
      <Flex gap={8} wrap align="center">
        {info === undefined ? null : info === null ? (
          <Alert
            type="warning"
            showIcon
            data-testid="encoder-offline"
            title={errorMessage('CONNECT_DEVICE_FIRST')}
            description={t('encoder.offline')}
            style={{ width: '100%' }}
          />
        ) : info.simulated ? (
          <Tag color="orange" data-testid="encoder-kind" data-simulated="true">
            {t('encoder.simulated')}
          </Tag>
        ) : (
          <Tag color={info.online ? 'green' : 'red'} data-testid="encoder-kind" data-simulated="false">
            {info.online ? t('encoder.usb') : t('encoder.unplugged')}
          </Tag>
        )}
      </Flex>
      <Form<EnrolForm> form={form} layout="vertical" disabled={busy || phase === 'saving'}>
        <Form.Item
          name="note"
          label={t('fields.note')}
          required
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                if (!value?.trim())
                  throw new Error(errorMessage('FIELD_REQUIRED', { field: t('fields.note') }));
              },
            },
          ]}
        >
          <Input placeholder={t('placeholders.note')} maxLength={64} data-testid="finger-note" />
        </Form.Item>
        <Form.Item name="finger_id" label={t('fields.fingerId')}>
          <Input placeholder={t('placeholders.fingerId')} maxLength={64} data-testid="finger-id" />
        </Form.Item>
        <RoomStayFields roomId={roomId} stayId={stayId} roomHint={t('hints.room')} />
      </Form>
      <Steps
        data-testid="finger-steps"
        data-phase={phase}
        current={stepIndex}
        status={stepStatus}
        size="small"
        titlePlacement="vertical"
        items={[
          { title: t('steps.connect') },
          { title: t('steps.press') },
          { title: t('steps.pressAgain') },
          { title: t('steps.captured') },
          { title: t('steps.saved') },
        ]}
      />
      {hint[phase] && <Alert type="info" showIcon data-testid="finger-hint" title={hint[phase]} />}
      {phase === 'done' && (
        <Alert
          type="success"
          showIcon
          data-testid="finger-done"
          title={t('hints.done', { quality: quality ?? 0 })}
        />
      )}
      {(phase === 'failed' || phase === 'cancelled') && problem && (
        <Alert
          type={phase === 'cancelled' ? 'warning' : 'error'}
          showIcon
          data-testid="finger-problem"
          title={problem}
        />
      )}
      <Flex gap={8} wrap>
        {busy ? (
          <Button danger icon={<StopOutlined />} onClick={cancel} data-testid="finger-cancel">
            {t('cancel')}
          </Button>
        ) : phase === 'saveFailed' && kept.current ? (
          <>
            <Button
              type="primary"
              onClick={() => kept.current && save(kept.current.template, kept.current.values)}
              data-testid="finger-save-again"
            >
              {t('actions.saveAgain')}
            </Button>
            <Button icon={<ReloadOutlined />} onClick={start}>
              {t('actions.again')}
            </Button>
          </>
        ) : (
          <Button type="primary" onClick={start} loading={phase === 'saving'} data-testid="finger-start">
            {phase === 'idle' ? t('actions.start') : t('actions.again')}
          </Button>
        )}
      </Flex>
    </Flex>
  );
}

/**
 * Enrols a fingerprint on the card encoder (spec §4: press the finger, press again, or cancel), the steps shown as
 * the encoder reports them, then saves the template with `fingerprint/addData`. Brings its own texts, so the
 * check-in page can embed it.
 */
export function FingerprintEnrol(props: FingerprintEnrolProps) {
  return (
    <WithTexts texts={[fingerprintsTexts, facesTexts]}>
      <EnrolFormView {...props} />
    </WithTexts>
  );
}

export default FingerprintEnrol;
