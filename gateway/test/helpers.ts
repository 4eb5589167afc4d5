import {
  decodeResponseFrame,
  type EncoderCommand,
  encodeCommand,
  type ResponseFrame,
} from '@lockdesk/protocol';
import { EncoderService } from '../src/encoder/service.js';
import { silentLogger } from '../src/log.js';
import type { FuncContext, ReaderState } from '../src/reader/functions.js';
import { type ReaderTiming, SPEC_TIMING } from '../src/reader/timing.js';
import { SimulatedEncoder } from '../src/simulator/encoder.js';
import { SimulatedTransport } from '../src/transport/simulated.js';

/** A simulated encoder wired to an encoder service, as the daemon does. */
export async function simulatedRig(options: { latencyMs?: number; responseTimeoutMs?: number } = {}) {
  const device = new SimulatedEncoder();
  const transport = new SimulatedTransport(device, { latencyMs: options.latencyMs ?? 0 });
  const service = new EncoderService({
    transport,
    logger: silentLogger(),
    ...(options.responseTimeoutMs ? { responseTimeoutMs: options.responseTimeoutMs } : {}),
  });
  await service.start();
  const reader: ReaderState = { opened: true, device: null };
  const context = (timing: Partial<ReaderTiming> = {}, signal?: AbortSignal): FuncContext => ({
    encoder: service,
    reader,
    timing: { ...SPEC_TIMING, ...timing },
    signal,
    describe: () => ({ transport: 'simulated', simulated: true }),
  });
  return { device, transport, service, reader, context };
}

/** Sends one command straight to the simulated device and decodes its answer (no transport, no timing). */
export function ask(device: SimulatedEncoder, command: EncoderCommand): ResponseFrame {
  const frame = encodeCommand(command);
  if (!frame.ok) throw new Error(frame.detail);
  const answer = device.handle(frame.value);
  if (!answer.frame) throw new Error('the simulated encoder stayed silent');
  const decoded = decodeResponseFrame(answer.frame);
  if (!decoded.ok) throw new Error(decoded.detail);
  return decoded.value;
}

/** The status byte of an answer (0 for layouts without one). */
export function statusOf(frame: ResponseFrame): number {
  return 'status' in frame ? frame.status : 0;
}
