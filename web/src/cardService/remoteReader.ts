import {
  BROKER,
  COMMAND_IDS_FIELD,
  commandWithId,
  type EncoderCommand,
  errorText,
  isErrorCode,
  parseDeviceId,
  readBrokerReply,
} from '@lockdesk/protocol';
import type { IClientOptions, MqttClient } from 'mqtt';
import { BROKER_URL } from '../config/deploy.ts';
import { type BrokerCredentialProvider, BrokerLogin, isLoginRefused } from './brokerLogin.ts';
import { CardServiceError, cancelledError } from './errors.ts';
import { answers, FrameReader } from './frameReader.ts';
import { CARD_TIMING } from './timing.ts';
import type { ReaderInfo, ReaderLog } from './types.ts';

/** mqtt's connect (the real one is loaded when a remote reader is first used; tests pass a fake). */
export type MqttConnect = (url: string, options: IClientOptions) => MqttClient;

export interface RemoteReaderOptions {
  /** The deployment's broker (deploy config: wss://…:8084/mqtt, the embedded broker's ws in the demo). */
  brokerUrl?: string;
  /** The remote reader's device id, 12 hex (`cardSenderID`). */
  deviceId: string;
  connect?: MqttConnect;
  log?: ReaderLog;
  onInfo?: (info: Partial<ReaderInfo>) => void;
  /** Every heartbeat of the reader's bridge (the service reports the dispenser's presence to the server). */
  onHeartbeat?: (beat: RemoteHeartbeat) => void;
  commandTimeoutMs?: number;
  reconnectMs?: number;
  connectTimeoutMs?: number;
  username?: string;
  password?: string;
  /**
   * Where the operator's broker credential comes from (`broker/credential`): fetched before connecting, renewed
   * at half its ttl while connected, fetched anew once when the broker refuses it. Wins over username/password.
   */
  credentials?: BrokerCredentialProvider;
}

/** A heartbeat of the remote reader's bridge (gateway README 'Remote reader bridge (MQTT)'). */
export interface RemoteHeartbeat {
  /** The device id of the topic it came on (12 hex). */
  deviceId: string;
  /** Whether the bridge's encoder is attached. */
  encoderOnline: boolean;
  /** Whether the bridge drives the simulated encoder; null from a gateway that does not say. */
  simulated: boolean | null;
}

/**
 * Whether the bridge's encoder is the simulated one, as its heartbeat or online state says (`transport`,
 * `simulated`, as /health's `device`); null when the payload does not say (an offline state, an older gateway).
 */
export function simulatedOf(body: Record<string, unknown>): boolean | null {
  if (body['simulated'] === true || body['transport'] === 'simulated') return true;
  if (body['simulated'] === false || body['transport'] === 'hid') return false;
  return null;
}

/** The notice while the broker connection waits to come back (spec §4 'Broker connection'). */
export const RECONNECT_NOTICE = errorText('BROKER_RECONNECTING');

export type BrokerState = 'connecting' | 'connected' | 'closed';

/** 8 random hex digits (getRandomValues works on a console served over plain http, randomUUID does not). */
function randomIdPrefix(): string {
  const bytes = new Uint8Array(4);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const loadConnect = async (): Promise<MqttConnect> => {
  const module = (await import('mqtt')) as unknown as {
    default?: { connect: MqttConnect };
    connect?: MqttConnect;
  };
  const connect = module.connect ?? module.default?.connect;
  if (!connect) throw new CardServiceError('BROKER_CONNECTION_TIMEOUT');
  return connect;
};

interface Pending {
  command: EncoderCommand;
  /** The id the command went out with (a bridge that takes ids answers with it); undefined for bare hex. */
  id: string | undefined;
  resolve(hex: string): void;
  reject(error: CardServiceError): void;
}

/**
 * Reader type 4, the remote reader behind the message broker (spec §7 'Message broker', WIRE.md 'MQTT payload'):
 * each command frame as hex on `lockdesk/send/{deviceId}` (QoS 1), its reply on `lockdesk/receive/{deviceId}`,
 * the heartbeat and the retained state of the reader's bridge watched to say online/offline. One command at a time,
 * each waiting 10 s ('response timeout'); to a bridge that takes command ids each command goes with its own id and
 * takes only the answer with it (a repeated QoS 1 answer is dropped, WIRE.md 'Command ids'); the connection comes back every 5 s with the
 * notice 'Trying to reconnect...'; the frames are checked here like the second reader's.
 */
export class RemoteReader extends FrameReader {
  readonly kind = 4 as const;
  readonly deviceId: string;
  private readonly brokerUrl: string;
  private readonly connectImpl: MqttConnect | undefined;
  private readonly onInfo: (info: Partial<ReaderInfo>) => void;
  private readonly onHeartbeat: (beat: RemoteHeartbeat) => void;
  private readonly commandTimeoutMs: number;
  private readonly reconnectMs: number;
  private readonly connectTimeoutMs: number;
  private readonly credentials: { username?: string; password?: string };
  private readonly login: BrokerLogin | undefined;
  private readonly invalidId: CardServiceError | null;
  private client: MqttClient | undefined;
  private connecting: Promise<MqttClient> | undefined;
  private pending: Pending | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  /** The bridge's encoder as its heartbeat or retained state last said; null until either arrived. */
  private deviceOnline: boolean | null = null;
  /** Whether the bridge's encoder is simulated, as its heartbeat or online state last said; null until one did. */
  private deviceSimulated: boolean | null = null;
  /** Whether the bridge answers a command with its id (its online state or heartbeat says `commandIds: true`). */
  private bridgeTakesIds = false;
  /** Command ids: this reader's own prefix (random, so two consoles on one reader never share one) and a count. */
  private readonly idPrefix = randomIdPrefix();
  private commandCount = 0;
  state: BrokerState = 'closed';

  constructor(options: RemoteReaderOptions) {
    super(options.log);
    const id = parseDeviceId(options.deviceId);
    this.invalidId = id.ok ? null : new CardServiceError('BROKER_INVALID_DEVICE_ID');
    this.deviceId = id.ok ? id.value : String(options.deviceId ?? '');
    this.brokerUrl = options.brokerUrl ?? BROKER_URL;
    this.connectImpl = options.connect;
    this.onInfo = options.onInfo ?? (() => {});
    this.onHeartbeat = options.onHeartbeat ?? (() => {});
    this.commandTimeoutMs = options.commandTimeoutMs ?? CARD_TIMING.brokerCommandTimeoutMs;
    this.reconnectMs = options.reconnectMs ?? CARD_TIMING.brokerReconnectMs;
    this.connectTimeoutMs = options.connectTimeoutMs ?? CARD_TIMING.brokerConnectTimeoutMs;
    this.credentials = {
      ...(options.username ? { username: options.username } : {}),
      ...(options.password ? { password: options.password } : {}),
    };
    this.login = options.credentials
      ? new BrokerLogin(
          options.credentials,
          (login) => {
            // mqtt logs in again with its options on each reconnect: the new credential from now on.
            if (this.client) Object.assign(this.client.options, login);
          },
          (error) => this.log('error', `broker credential renewal: ${error.message}`),
        )
      : undefined;
  }

  get topics() {
    return {
      send: `${BROKER.topics.send}${this.deviceId}`,
      receive: `${BROKER.topics.receive}${this.deviceId}`,
      heartbeat: `${BROKER.topics.heartbeat}${this.deviceId}`,
      state: `${BROKER.topics.state}${this.deviceId}`,
    };
  }

  /** The connected client; BROKER_CONNECTION_TIMEOUT when the broker does not take the connection in time. */
  private async broker(): Promise<MqttClient> {
    if (this.invalidId) throw this.invalidId;
    if (this.client?.connected) return this.client;
    if (this.client) return this.waitConnected(this.client);
    if (!this.connecting) {
      this.connecting = (async () => {
        const connect = this.connectImpl ?? (await loadConnect());
        for (;;) {
          // A credential held from before may have died (expired, its session ended): when the broker refuses
          // it, one new credential is fetched; a new one refused is the answer.
          const fresh = !this.login?.held;
          const login = this.login ? await this.login.credential() : this.credentials;
          const client = connect(this.brokerUrl, {
            clientId: `lockdesk-console-${Math.random().toString(16).slice(2, 14)}`,
            clean: true,
            reconnectPeriod: this.reconnectMs,
            connectTimeout: this.connectTimeoutMs,
            protocolVersion: 4,
            ...login,
          });
          this.client = client;
          this.watch(client);
          try {
            return await this.waitConnected(client);
          } catch (error) {
            const refused = error instanceof CardServiceError && error.code === 'BROKER_NOT_AUTHORIZED';
            if (this.client === client) this.client = undefined;
            client.end(true);
            this.login?.forget();
            if (refused && this.login && !fresh) continue;
            if (refused) this.onInfo({ online: false, notice: error.message });
            throw error;
          }
        }
      })().finally(() => {
        this.connecting = undefined;
      });
    }
    return this.connecting;
  }

  private waitConnected(client: MqttClient): Promise<MqttClient> {
    if (client.connected) return Promise.resolve(client);
    return new Promise<MqttClient>((resolve, reject) => {
      const timer = setTimeout(() => {
        done();
        reject(new CardServiceError('BROKER_CONNECTION_TIMEOUT'));
      }, this.connectTimeoutMs);
      const done = () => {
        clearTimeout(timer);
        client.off('connect', onConnect);
        client.off('error', onError);
      };
      const onConnect = () => {
        done();
        resolve(client);
      };
      // The broker refused the login (CONNACK 4/5): mqtt does not try again, so neither does the wait.
      const onError = (error: Error) => {
        if (!isLoginRefused(error)) return;
        done();
        reject(new CardServiceError('BROKER_NOT_AUTHORIZED'));
      };
      client.once('connect', onConnect);
      client.on('error', onError);
    });
  }

  private watch(client: MqttClient): void {
    this.state = 'connecting';
    this.log('info', `connecting to ${this.brokerUrl}`);
    client.on('connect', () => {
      this.login?.startRenewal();
      this.state = 'connected';
      this.log('info', `connected to ${this.brokerUrl}`);
      const { receive, heartbeat, state } = this.topics;
      client.subscribe([receive, heartbeat, state], { qos: BROKER.qos }, (error) => {
        if (error) this.log('error', `subscribe: ${error.message}`);
      });
      this.onInfo({
        notice: undefined,
        ...(this.deviceOnline === null ? {} : { online: this.deviceOnline }),
        ...(this.deviceSimulated === null ? {} : { simulated: this.deviceSimulated }),
      });
    });
    client.on('reconnect', () => {
      this.state = 'connecting';
      this.log('info', RECONNECT_NOTICE);
      this.onInfo({ notice: RECONNECT_NOTICE, online: false });
    });
    client.on('close', () => {
      if (this.state === 'closed') return;
      this.state = 'closed';
      this.log('info', 'broker connection closed');
      // mqtt comes back after reconnectPeriod: say so until it does.
      if (this.client === client) this.onInfo({ online: false, notice: RECONNECT_NOTICE });
    });
    client.on('error', (error) => {
      this.log('error', `broker: ${error.message}`);
      // Refused on one of mqtt's own reconnects (the credential died meanwhile): drop this client, and connect
      // again with a new credential unless a connect already waits on it.
      if (isLoginRefused(error) && this.client === client && !this.connecting) {
        this.client = undefined;
        this.login?.forget();
        client.end(true);
        if (this.login) void this.broker().catch(() => undefined);
      }
    });
    client.on('message', (topic, payload) => this.message(topic, payload.toString()));
  }

  private message(topic: string, text: string): void {
    const { receive, heartbeat, state } = this.topics;
    if (topic === heartbeat || topic === state) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return;
      }
      // Not a payload of the bridge (a retained state cleared with an empty message, anything else): ignored.
      if (parsed === null || typeof parsed !== 'object') return;
      const body = parsed as Record<string, unknown>;
      const online = topic === heartbeat ? body['encoder'] === 'online' : body['state'] === 'online';
      // An offline state does not name the encoder (the last will cannot): the last word on it stands.
      const simulated = simulatedOf(body);
      this.deviceOnline = online;
      // The offline state (the last will) does not say; the last word of the bridge stands.
      if (online) this.bridgeTakesIds = body[COMMAND_IDS_FIELD] === true;
      if (simulated !== null) this.deviceSimulated = simulated;
      this.log(
        'info',
        topic === heartbeat
          ? `heartbeat: encoder ${String(body['encoder'])}${simulated ? ' (simulated)' : ''}`
          : `state: ${text}`,
      );
      this.onInfo({ online, ...(simulated === null ? {} : { simulated }) });
      if (topic === heartbeat)
        this.onHeartbeat({ deviceId: this.deviceId, encoderOnline: online, simulated });
      return;
    }
    if (topic !== receive) return;
    const pending = this.pending;
    if (!pending) {
      this.log('info', `reply without a command: ${text}`);
      return;
    }
    const reply = readBrokerReply(text);
    // QoS 1 delivers at least once: after a broker restart an answer already taken can come again. A command sent
    // with an id takes only the answer with that id, so a repeated answer is never the answer of the next command.
    if (pending.id !== undefined && reply.id !== pending.id) {
      this.log('info', `answer of another command skipped (already taken, or not ours): ${text.trim()}`);
      return;
    }
    if (reply.error !== undefined) {
      // The bridge's own refusal: {"error":"BROKER_INVALID_HEX","msg":…}.
      this.pending = undefined;
      pending.reject(new CardServiceError(isErrorCode(reply.error) ? reply.error : 'BROKER_INVALID_HEX'));
      return;
    }
    const trimmed = reply.frame ?? '';
    if (!answers(trimmed, pending.command)) {
      this.log('info', `late reply skipped: ${trimmed}`);
      return;
    }
    this.pending = undefined;
    pending.resolve(trimmed);
  }

  /** Connects to the broker and watches the reader's heartbeat and state, without sending it a command. */
  async attach(): Promise<void> {
    await this.broker();
  }

  /** The reader's encoder as its bridge last said: true, false, or null when it has said nothing yet. */
  get encoderOnline(): boolean | null {
    return this.deviceOnline;
  }

  /** Whether the reader's encoder is the simulated one, as its bridge last said; null when it has not said. */
  get simulated(): boolean | null {
    return this.deviceSimulated;
  }

  async connect(signal?: AbortSignal): Promise<ReaderInfo> {
    if (signal?.aborted) throw cancelledError(signal);
    await this.broker();
    if (this.deviceOnline === false) throw new CardServiceError('BROKER_DEVICE_NOT_CONNECTED');
    // The encoder answers its version: it is there.
    await this.exchange({ name: 'getVersion' }, signal);
    this.deviceOnline = true;
    return {
      kind: this.kind,
      online: true,
      simulated: this.deviceSimulated,
      description: `${this.deviceId}`,
      deviceId: this.deviceId,
    };
  }

  protected transfer(hex: string, command: EncoderCommand, signal?: AbortSignal): Promise<string> {
    // One command on the wire at a time: replies carry no id.
    const turn = this.queue.then(() => this.transferNow(hex, command, signal));
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  private async transferNow(hex: string, command: EncoderCommand, signal?: AbortSignal): Promise<string> {
    if (signal?.aborted) throw cancelledError(signal);
    const client = await this.broker();
    if (this.deviceOnline === false) throw new CardServiceError('BROKER_DEVICE_NOT_CONNECTED');
    return new Promise<string>((resolve, reject) => {
      const finish = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        if (this.pending === pending) this.pending = undefined;
      };
      const id = this.bridgeTakesIds ? `${this.idPrefix}.${(++this.commandCount).toString(36)}` : undefined;
      const pending: Pending = {
        command,
        id,
        resolve: (reply) => {
          finish();
          resolve(reply);
        },
        reject: (error) => {
          finish();
          reject(error);
        },
      };
      const timer = setTimeout(
        () => pending.reject(new CardServiceError('BROKER_RESPONSE_TIMEOUT')),
        this.commandTimeoutMs,
      );
      const onAbort = () => pending.reject(cancelledError(signal));
      signal?.addEventListener('abort', onAbort, { once: true });
      this.pending = pending;
      const payload = id === undefined ? hex : commandWithId(hex, id);
      client.publish(this.topics.send, payload, { qos: BROKER.qos }, (error) => {
        if (error) pending.reject(new CardServiceError('BROKER_DEVICE_NOT_CONNECTED'));
      });
    });
  }

  close(): void {
    const client = this.client;
    this.client = undefined;
    this.state = 'closed';
    this.pending?.reject(new CardServiceError('OPERATION_CANCELLED'));
    // Closed (logout, another reader chosen): no renewal runs on, and no credential is kept for later.
    this.login?.forget();
    client?.end(true);
  }
}
