import {
  blockDataOf,
  type CardOp,
  type CardOpAnswer,
  type CardOpFailure,
  type CardOpFlow,
  type CardOpStep,
  type CardOpValue,
  cardOpCancelled,
  checkResponseStatus,
  commandsOfOp,
  type ErrorCode,
  fail,
  ok,
  type ResponseFrame,
} from '@lockdesk/protocol';
import type { DeviceSession } from '../encoder/service.js';
import { Cancelled, sleep } from './timing.js';

/** What driving a flow on the encoder may use (a part of the reader functions' context). */
export interface DriveContext {
  encoder: {
    readonly isSaturated: boolean;
    withDevice<T>(work: (device: DeviceSession) => Promise<T>): Promise<T>;
  };
  signal?: AbortSignal | undefined;
}

export interface DriveOptions {
  /** Every device step on this session (the whole flow holds the device); else each step takes its own turn. */
  session?: DeviceSession;
  /** Told each step that is not a device step or a wait (what the operator or a WebSocket client may see). */
  onStep?: (step: CardOpStep) => void;
}

/**
 * Drives a card-operation flow (protocol's card-ops) on the encoder: device steps run their encoder commands,
 * waits sleep on the (fakeable) clock and end as a cancellation when the caller's signal aborts. A wait that may
 * count from when a command was sent is counted from its answer here: the encoder answers within the turn.
 */
export async function driveOnEncoder<T>(
  flow: CardOpFlow<T>,
  ctx: DriveContext,
  options: DriveOptions = {},
): Promise<{ ok: true; value: T } | CardOpFailure> {
  let answer: CardOpAnswer | undefined;
  for (;;) {
    const next = flow.next(answer);
    if (next.done) return next.value;
    const step = next.value;
    answer = undefined;
    if (step.kind === 'wait') answer = await waitOrCancel(step.ms, ctx.signal);
    else if (step.kind === 'device') {
      if (step.op.op === 'readSector' && step.op.pauseMs > 0) {
        // The pause between sectors is kept here, at the device.
        answer = await waitOrCancel(step.op.pauseMs, ctx.signal);
        if (answer) continue;
      }
      answer = await runOnDevice(ctx, step.op, options.session);
    } else options.onStep?.(step);
  }
}

async function waitOrCancel(ms: number, signal: AbortSignal | undefined): Promise<CardOpAnswer | undefined> {
  try {
    await sleep(ms, signal);
    return undefined;
  } catch (error) {
    if (!(error instanceof Cancelled)) throw error;
    return cardOpCancelled(isErrorCodeReason(error.reason) ? error.reason : undefined);
  }
}

/** True when an abort's reason is a catalogue code (the WebSocket tells why it cancelled). */
export function isErrorCodeReason(reason: unknown): reason is ErrorCode {
  return typeof reason === 'string' && /^[A-Z_]+$/.test(reason);
}

function runOnDevice(ctx: DriveContext, op: CardOp, session?: DeviceSession): Promise<CardOpAnswer> {
  if (session) return runOp(session, op);
  if (ctx.encoder.isSaturated) return Promise.resolve(fail('TOO_MANY_ATTEMPTS', 'the encoder queue is full'));
  return ctx.encoder.withDevice((device) => runOp(device, op));
}

/** One operation's commands in order; a transport failure or a device status ends it, the last answer is its value. */
export async function runOp(device: DeviceSession, op: CardOp): Promise<CardOpAnswer> {
  const commands = commandsOfOp(op);
  if (!commands.ok) return commands;
  let last: ResponseFrame | undefined;
  for (const command of commands.value) {
    const answer = await device.run(command);
    if (!answer.ok) return answer;
    const checked = checkResponseStatus(answer.value);
    if (!checked.ok) return { ...checked, status: 'status' in answer.value ? answer.value.status : 0 };
    last = answer.value;
  }
  return ok(last ? answerOfFrame(last) : {});
}

/** What an answer frame tells a flow. */
function answerOfFrame(frame: ResponseFrame): CardOpValue {
  switch (frame.layout) {
    case 'card':
      return { card: { uid: frame.cardNumber, cardType: frame.cardType } };
    case 'blockData':
    case 'sectorData':
      return { data: blockDataOf(frame) };
    case 'fingerStep':
      return { finger: { step: frame.step, quality: frame.quality, templateBytes: frame.templateBytes } };
    case 'fingerTemplate':
      return { chunk: { chunk: frame.chunk, data: frame.data } };
    default:
      return {};
  }
}
