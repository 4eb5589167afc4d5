import { BROKER, errorText, parseDeviceId, parseHexCommand } from '@lockdesk/protocol';
import type { IClientOptions, MqttClient } from 'mqtt';
import { type BrokerCredentialProvider, BrokerLogin, isLoginRefused } from '../../cardService/brokerLogin.ts';
import { CardServiceError } from '../../cardService/errors.ts';

/**
 * The broker test's own connection (spec §4 'Broker connection', §7 'Message broker'): what an installer uses to
 * see that a remote reader answers through the deployment's broker. It publishes a hex command as typed to the
 * send topic of the device id, shows whatever comes back on its receive topic, watches the heartbeat, and reports
 * the connection state — connecting, connected, closed — with 'Trying to reconnect...' while mqtt waits 5 s to
 * come back. Unlike the card service's remote reader it sends any frame, checked frames or not.
 */

export type SessionState = 'idle' | 'connecting' | 'connected' | 'closed';

export interface SessionEvents {
  state(state: SessionState, notice: string | null): void;
  message(entry: { topic: string; text: string; direction: 'sent' | 'received'; time: number }): void;
  heartbeat(time: number): void;
  /** The connection ended for good outside of `open` (the broker refused the credential on a reconnect). */
  failed?(error: CardServiceError): void;
}

export type MqttConnect = (url: string, options: IClientOptions) => MqttClient;

/** The notice while the connection waits to come back. */
export const RECONNECT_NOTICE = () => errorText('BROKER_RECONNECTING');

const loadConnect = async (): Promise<MqttConnect> => {
  const module = (await import('mqtt')) as unknown as {
    default?: { connect: MqttConnect };
    connect?: MqttConnect;
  };
  const connect = module.connect ?? module.default?.connect;
  if (!connect) throw new CardServiceError('BROKER_CONNECTION_TIMEOUT');
  return connect;
};

export interface BrokerSessionOptions {
  url: string;
  deviceId: string;
  events: SessionEvents;
  connect?: MqttConnect;
  reconnectMs?: number;
  commandTimeoutMs?: number;
  /**
   * The operator's broker credential (`broker/credential`): fetched before connecting, renewed at half its ttl
   * while connected, fetched anew once when the broker refuses it. Without it the connection is anonymous.
   */
  credentials?: BrokerCredentialProvider;
}

/** Topics of a device id. */
export function sessionTopics(deviceId: string) {
  return {
    send: `${BROKER.topics.send}${deviceId}`,
    receive: `${BROKER.topics.receive}${deviceId}`,
    heartbeat: `${BROKER.topics.heartbeat}${deviceId}`,
  };
}

export class BrokerSession {
  readonly deviceId: string;
  readonly topics: ReturnType<typeof sessionTopics>;
  private client: MqttClient | undefined;
  private waiting: { resolve(text: string): void; reject(e: CardServiceError): void } | undefined;
  private ended = false;
  private opening = false;
  private readonly login: BrokerLogin | undefined;

  /** BROKER_INVALID_DEVICE_ID ('invalid device ID format') for a device id that is not 12 hex. */
  constructor(private readonly options: BrokerSessionOptions) {
    const id = parseDeviceId(options.deviceId);
    if (!id.ok) throw new CardServiceError('BROKER_INVALID_DEVICE_ID');
    this.deviceId = id.value;
    this.topics = sessionTopics(this.deviceId);
    this.login = options.credentials
      ? new BrokerLogin(options.credentials, (login) => {
          if (this.client) Object.assign(this.client.options, login);
        })
      : undefined;
  }

  /** Connects; resolves once connected, BROKER_CONNECTION_TIMEOUT when the broker does not answer in 10 s. */
  async open(): Promise<void> {
    const connect = this.options.connect ?? (await loadConnect());
    this.options.events.state('connecting', null);
    this.opening = true;
    try {
      await this.openLoop(connect);
    } finally {
      this.opening = false;
    }
  }

  private async openLoop(connect: MqttConnect): Promise<void> {
    // One new credential when the broker refuses the one held; a new one refused is the answer.
    for (;;) {
      const fresh = !this.login?.held;
      try {
        await this.openWith(connect);
        return;
      } catch (error) {
        const refused = error instanceof CardServiceError && error.code === 'BROKER_NOT_AUTHORIZED';
        this.client?.end(true);
        this.client = undefined;
        this.login?.forget();
        if (refused && this.login && !fresh && !this.ended) continue;
        if (!this.ended) this.options.events.state('closed', null);
        throw error;
      }
    }
  }

  private async openWith(connect: MqttConnect): Promise<void> {
    const { events } = this.options;
    const login = this.login ? await this.login.credential() : {};
    if (this.ended) throw new CardServiceError('OPERATION_CANCELLED');
    const client = connect(this.options.url, {
      clientId: `lockdesk-test-${Math.random().toString(16).slice(2, 14)}`,
      clean: true,
      reconnectPeriod: this.options.reconnectMs ?? BROKER.reconnectMs,
      connectTimeout: this.options.commandTimeoutMs ?? BROKER.commandTimeoutMs,
      protocolVersion: 4,
      ...login,
    });
    this.client = client;
    client.on('connect', () => {
      this.login?.startRenewal();
      events.state('connected', null);
      client.subscribe([this.topics.receive, this.topics.heartbeat], { qos: BROKER.qos });
    });
    client.on('reconnect', () => events.state('connecting', RECONNECT_NOTICE()));
    client.on('close', () => {
      if (!this.ended && this.client === client) events.state('closed', RECONNECT_NOTICE());
    });
    client.on('error', (error) => {
      // Refused on one of mqtt's own reconnects (the credential died meanwhile): log in again with a new one.
      if (!isLoginRefused(error) || this.client !== client || this.opening) return;
      this.client = undefined;
      client.end(true);
      this.login?.forget();
      const failed = (failure: unknown) =>
        events.failed?.(
          failure instanceof CardServiceError ? failure : new CardServiceError('BROKER_NOT_AUTHORIZED'),
        );
      if (this.login) void this.open().catch(failed);
      else {
        events.state('closed', null);
        failed(new CardServiceError('BROKER_NOT_AUTHORIZED'));
      }
    });
    client.on('message', (topic, payload) => {
      const text = payload.toString();
      const time = Date.now();
      if (topic === this.topics.heartbeat) {
        events.heartbeat(time);
        return;
      }
      events.message({ topic, text, direction: 'received', time });
      const waiting = this.waiting;
      this.waiting = undefined;
      waiting?.resolve(text.trim());
    });
    await new Promise<void>((resolve, reject) => {
      if (client.connected) return resolve();
      const timer = setTimeout(() => {
        stop();
        reject(new CardServiceError('BROKER_CONNECTION_TIMEOUT'));
      }, this.options.commandTimeoutMs ?? BROKER.commandTimeoutMs);
      const stop = () => {
        clearTimeout(timer);
        client.off('connect', done);
        client.off('error', refused);
      };
      const done = () => {
        stop();
        resolve();
      };
      const refused = (error: Error) => {
        if (!isLoginRefused(error)) return;
        stop();
        reject(new CardServiceError('BROKER_NOT_AUTHORIZED'));
      };
      client.once('connect', done);
      client.on('error', refused);
    });
  }

  /**
   * Sends a hex command and waits for the next reply on the receive topic: BROKER_INVALID_HEX for a command that
   * is not hex, BROKER_DEVICE_NOT_CONNECTED when not connected, BROKER_RESPONSE_TIMEOUT after 10 s.
   */
  send(hex: string): Promise<string> {
    const command = parseHexCommand(hex.trim());
    if (!command.ok) return Promise.reject(new CardServiceError('BROKER_INVALID_HEX'));
    const client = this.client;
    if (!client?.connected) return Promise.reject(new CardServiceError('BROKER_DEVICE_NOT_CONNECTED'));
    this.waiting?.reject(new CardServiceError('OPERATION_CANCELLED'));
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting = undefined;
        reject(new CardServiceError('BROKER_RESPONSE_TIMEOUT'));
      }, this.options.commandTimeoutMs ?? BROKER.commandTimeoutMs);
      this.waiting = {
        resolve: (text) => {
          clearTimeout(timer);
          resolve(text);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      this.options.events.message({
        topic: this.topics.send,
        text: command.value,
        direction: 'sent',
        time: Date.now(),
      });
      client.publish(this.topics.send, command.value, { qos: BROKER.qos }, (error) => {
        if (error) this.waiting?.reject(new CardServiceError('BROKER_DEVICE_NOT_CONNECTED'));
      });
    });
  }

  /** Ends the connection for good (no reconnect). */
  close(): void {
    this.ended = true;
    this.login?.forget();
    this.waiting?.reject(new CardServiceError('OPERATION_CANCELLED'));
    this.waiting = undefined;
    this.client?.end(true);
    this.client = undefined;
    this.options.events.state('closed', null);
  }
}
