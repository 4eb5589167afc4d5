import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeGateway } from '../test/fakeGateway.ts';
import {
  ANSWER_TIMEOUT_MS,
  CANCEL_GRACE_MS,
  EncoderError,
  encoderHealth,
  enrollFinger,
  type FingerStep,
} from './fingerprintEncoder.ts';

afterEach(() => {
  vi.useRealTimers();
});

/** Lets queued microtasks (the fake gateway's answers) run. */
const settle = async () => {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
};

describe('enrollFinger on the gateway WebSocket (contract F)', () => {
  it('opens the reader, reports press / press again / captured as pushed, and resolves with the template', async () => {
    const gateway = fakeGateway();
    const steps: FingerStep[] = [];
    const encoders: boolean[] = [];
    const done = enrollFinger({
      socket: gateway.factory,
      timeoutMs: 30_000,
      onStep: (s) => steps.push(s),
      onEncoder: (info) => encoders.push(info.simulated),
    });
    await settle();
    expect(steps).toEqual(['press']);
    expect(encoders).toEqual([true]);
    gateway.press();
    await settle();
    expect(steps).toEqual(['press', 'pressAgain']);
    gateway.press('00ff00ff', 91);
    await expect(done).resolves.toEqual({ template: '00ff00ff', quality: 91 });
    expect(steps).toEqual(['press', 'pressAgain', 'captured']);
    const socket = gateway.sockets[0]!;
    expect(socket.url).toBe('ws://127.0.0.1:39002');
    expect(socket.sent.map((m) => m['func'])).toEqual(['open', 'enrollFinger']);
    expect(socket.sent[1]!['parameters']).toEqual({ timeout: 30_000 });
    expect(socket.closed).toBe(true);
  });

  it('also reads steps pushed as {event, data: {step}}', async () => {
    const gateway = fakeGateway({ stepShape: 'data' });
    const steps: FingerStep[] = [];
    const done = enrollFinger({ socket: gateway.factory, onStep: (s) => steps.push(s) });
    await settle();
    gateway.press();
    await settle();
    gateway.press();
    await done;
    expect(steps).toEqual(['press', 'pressAgain', 'captured']);
  });

  it("ignores the steps of another console's enrolment (the gateway pushes to every client)", async () => {
    const gateway = fakeGateway();
    const steps: FingerStep[] = [];
    const done = enrollFinger({ socket: gateway.factory, onStep: (s) => steps.push(s) });
    await settle();
    const socket = gateway.sockets[0]!;
    socket.push({ event: 'fingerStep', step: 'captured', cbdata: 'enrollFinger-othertab-2' });
    expect(steps).toEqual(['press']);
    expect(String(socket.sent[1]!['cbdata'])).toMatch(/^enrollFinger-/);
    gateway.press();
    await settle();
    gateway.press();
    await done;
    expect(steps).toEqual(['press', 'pressAgain', 'captured']);
  });

  it('cancels on the encoder when the signal aborts, and rejects as cancelled', async () => {
    const gateway = fakeGateway();
    const controller = new AbortController();
    const steps: FingerStep[] = [];
    const done = enrollFinger({
      socket: gateway.factory,
      signal: controller.signal,
      onStep: (s) => steps.push(s),
    });
    await settle();
    gateway.press();
    await settle();
    expect(gateway.waiting).toBe(true);
    controller.abort();
    const error = await done.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EncoderError);
    expect((error as EncoderError).code).toBe('FINGER_ENROLL_CANCELLED');
    expect((error as EncoderError).cancelled).toBe(true);
    expect(gateway.waiting).toBe(false);
    expect(gateway.sockets[0]!.sent.map((m) => m['func'])).toEqual(['open', 'enrollFinger', 'cancel']);
    expect(steps).toEqual(['press', 'pressAgain']);
  });

  it('leaves a cancelled enrolment after a grace period when the encoder does not confirm', async () => {
    vi.useFakeTimers();
    const gateway = fakeGateway();
    const controller = new AbortController();
    const done = enrollFinger({ socket: gateway.factory, signal: controller.signal });
    const outcome = done.catch((e: unknown) => e);
    await settle();
    // The encoder goes quiet: the cancel is sent but never answered.
    gateway.sockets[0]!.send = (data: string) => {
      gateway.sockets[0]!.sent.push(JSON.parse(data));
    };
    controller.abort();
    await vi.advanceTimersByTimeAsync(CANCEL_GRACE_MS - 1);
    expect(gateway.sockets[0]!.closed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(((await outcome) as EncoderError).code).toBe('OPERATION_CANCELLED');
  });

  it('rejects with CONNECT_DEVICE_FIRST when no gateway runs on this computer', async () => {
    const gateway = fakeGateway({ down: true });
    const error = (await enrollFinger({ socket: gateway.factory }).catch((e: unknown) => e)) as EncoderError;
    expect(error.code).toBe('CONNECT_DEVICE_FIRST');
  });

  it('rejects with CONNECT_DEVICE_FIRST when the WebSocket cannot even be made', async () => {
    const error = (await enrollFinger({
      socket: () => {
        throw new Error('blocked');
      },
    }).catch((e: unknown) => e)) as EncoderError;
    expect(error.code).toBe('CONNECT_DEVICE_FIRST');
  });

  it("passes the gateway's refusal of open on (encoder unplugged)", async () => {
    const gateway = fakeGateway({
      open: {
        code: 0,
        retval: -1,
        msg: 'Operation failed! Device not found',
        error: 'DEVICE_NOT_FOUND',
        data: null,
      },
    });
    const error = (await enrollFinger({ socket: gateway.factory }).catch((e: unknown) => e)) as EncoderError;
    expect(error.code).toBe('DEVICE_NOT_FOUND');
    expect(error.message).toBe('Operation failed! Device not found');
    expect(gateway.sockets[0]!.sent.map((m) => m['func'])).toEqual(['open']);
  });

  it("passes the encoder's refusal of enrollFinger on", async () => {
    const gateway = fakeGateway({ enrol: { msg: 'Timeout, please retry', error: 'TIMEOUT_RETRY' } });
    const error = (await enrollFinger({ socket: gateway.factory }).catch((e: unknown) => e)) as EncoderError;
    expect(error.code).toBe('TIMEOUT_RETRY');
  });

  it('says the device stopped answering when the gateway goes away mid-enrolment', async () => {
    const gateway = fakeGateway();
    const done = enrollFinger({ socket: gateway.factory });
    await settle();
    gateway.sockets[0]!.close();
    expect(((await done.catch((e: unknown) => e)) as EncoderError).code).toBe('DEVICE_NOT_RESPONDING_CHECK');
  });

  it('gives up with TIMEOUT_RETRY when no finger comes within the timeout and the encoder stays silent', async () => {
    vi.useFakeTimers();
    const gateway = fakeGateway();
    const outcome = enrollFinger({ socket: gateway.factory, timeoutMs: 10_000 }).catch((e: unknown) => e);
    await settle();
    await vi.advanceTimersByTimeAsync(10_000 + ANSWER_TIMEOUT_MS - 1);
    expect(gateway.sockets[0]!.closed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(((await outcome) as EncoderError).code).toBe('TIMEOUT_RETRY');
  });

  it('rejects at once when the signal is already aborted, without connecting', async () => {
    const gateway = fakeGateway();
    const controller = new AbortController();
    controller.abort();
    const error = (await enrollFinger({ socket: gateway.factory, signal: controller.signal }).catch(
      (e: unknown) => e,
    )) as EncoderError;
    expect(error.cancelled).toBe(true);
    expect(gateway.sockets).toHaveLength(0);
  });
});

describe('encoderHealth', () => {
  const answer = (body: unknown, ok = true) =>
    (async () => ({ ok, json: async () => body }) as Response) as unknown as typeof fetch;

  it("reads the encoder's transport from the gateway's /health", async () => {
    const info = await encoderHealth(
      answer({
        status: 'ok',
        device: {
          state: 'online',
          transport: 'simulated',
          simulated: true,
          description: 'simulated encoder',
        },
      }),
    );
    expect(info).toEqual({
      online: true,
      transport: 'simulated',
      simulated: true,
      description: 'simulated encoder',
    });
    expect(
      await encoderHealth(answer({ device: { state: 'offline', transport: 'hid', simulated: false } })),
    ).toMatchObject({ online: false, transport: 'hid', simulated: false });
  });

  it('answers null when no gateway answers', async () => {
    const refused = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect(await encoderHealth(refused)).toBeNull();
    expect(await encoderHealth(answer({}, false))).toBeNull();
  });
});
