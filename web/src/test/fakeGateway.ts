// Test support: a stand-in for the reader gateway's WebSocket (gateway/README.md, contract F), driven by the test
// as the simulator's finger presses would drive the real one. Imported by tests only.
import type { WebSocketFactory } from '../shared/fingerprintEncoder.ts';

type Message = Record<string, unknown>;

/** One fake socket: what the console sent, and ways to answer it. */
export class FakeSocket extends EventTarget {
  readonly sent: Message[] = [];
  closed = false;
  /** As a browser WebSocket's: 0 connecting, 1 open, 3 closed. */
  readyState = 0;
  constructor(
    readonly url: string,
    private readonly onSend: (socket: FakeSocket, message: Message) => void,
  ) {
    super();
  }
  send(data: string): void {
    const message = JSON.parse(data) as Message;
    this.sent.push(message);
    this.onSend(this, message);
  }
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.readyState = 3;
    this.dispatchEvent(new Event('close'));
  }
  /** The server's side: a message to the console. */
  push(message: Message): void {
    if (!this.closed) this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
  accept(hello: Message = { online: true, transport: 'simulated', simulated: true }): void {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
    this.push({ event: 'hello', data: { version: '0.1.0', ...hello }, time: new Date().toISOString() });
  }
  refuse(): void {
    this.dispatchEvent(new Event('error'));
    this.close();
  }
}

export interface FakeGatewayOptions {
  /** The answer to `open` (success by default). */
  open?: Partial<Message>;
  /** Refuse the connection (no gateway running). */
  down?: boolean;
  /** Answer `enrollFinger` at once with this (a refusal), instead of waiting for presses. */
  enrol?: Partial<Message>;
  /** How steps are pushed: contract F's `{event, step}` or the `{event, data: {step}}` of the other events. */
  stepShape?: 'flat' | 'data';
}

const ok = (func: string, cbdata: unknown, data: unknown = null) => ({
  func,
  cbdata,
  code: 1,
  msg: 'success',
  retval: 0,
  data,
});

/**
 * A fake gateway: answers `open`, holds `enrollFinger` until `press()` has been called twice (pushing press,
 * pressAgain, captured like the encoder), answers `cancel` and then the enrolment with FINGER_ENROLL_CANCELLED, as
 * the gateway does.
 */
export function fakeGateway(options: FakeGatewayOptions = {}) {
  const sockets: FakeSocket[] = [];
  let enrolment: { socket: FakeSocket; cbdata: unknown } | null = null;
  let presses = 0;
  const step = (socket: FakeSocket, name: string) =>
    socket.push(
      options.stepShape === 'data'
        ? { event: 'fingerStep', data: { step: name }, time: new Date().toISOString() }
        : { event: 'fingerStep', step: name, cbdata: enrolment?.cbdata, data: { step: name } },
    );

  const onSend = (socket: FakeSocket, message: Message) => {
    const func = String(message['func']);
    const cbdata = message['cbdata'];
    queueMicrotask(() => {
      if (func === 'open') {
        socket.push({ ...ok(func, cbdata, { transport: 'simulated', simulated: true }), ...options.open });
      } else if (func === 'enrollFinger') {
        if (options.enrol) {
          socket.push({ func, cbdata, code: 0, retval: -1, data: null, ...options.enrol });
          return;
        }
        enrolment = { socket, cbdata };
        presses = 0;
        step(socket, 'press');
      } else if (func === 'cancel') {
        const running = enrolment;
        enrolment = null;
        socket.push(ok(func, cbdata, { cancelled: running !== null }));
        if (running)
          socket.push({
            func: 'enrollFinger',
            cbdata: running.cbdata,
            code: 0,
            msg: 'Fingerprint enrolment cancelled',
            retval: -1,
            data: null,
            error: 'FINGER_ENROLL_CANCELLED',
          });
      }
    });
  };

  const factory: WebSocketFactory = (url) => {
    const socket = new FakeSocket(url, onSend);
    sockets.push(socket);
    queueMicrotask(() => (options.down ? socket.refuse() : socket.accept()));
    return socket as unknown as WebSocket;
  };

  return {
    factory,
    sockets,
    /** Whether the encoder is waiting for a finger. */
    get waiting() {
      return enrolment !== null;
    },
    /** A finger on the encoder: the first press asks for another, the second captures. */
    press(template = 'a1b2c3d4e5f60718', quality = 87) {
      const running = enrolment;
      if (!running) throw new Error('no enrolment is waiting for a finger');
      presses += 1;
      if (presses === 1) {
        step(running.socket, 'pressAgain');
        return;
      }
      step(running.socket, 'captured');
      enrolment = null;
      running.socket.push(ok('enrollFinger', running.cbdata, { template, quality }));
    },
  };
}
