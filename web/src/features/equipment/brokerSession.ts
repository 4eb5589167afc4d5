import { BROKER, errorText, parseDeviceId, parseHexCommand } from '@lockdesk/protocol';
import type { IClientOptions, MqttClient } from 'mqtt';
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

  /** BROKER_INVALID_DEVICE_ID ('invalid device ID format') for a device id that is not 12 hex. */
  constructor(private readonly options: BrokerSessionOptions) {
    const id = parseDeviceId(options.deviceId);
    if (!id.ok) throw new CardServiceError('BROKER_INVALID_DEVICE_ID');
    this.deviceId = id.value;
    this.topics = sessionTopics(this.deviceId);
  }

  /** Connects; resolves once connected, BROKER_CONNECTION_TIMEOUT when the broker does not answer in 10 s. */
  async open(): Promise<void> {
    const connect = this.options.connect ?? (await loadConnect());
    const { events } = this.options;
    events.state('connecting', null);
    const client = connect(this.options.url, {
      clientId: `lockdesk-test-${Math.random().toString(16).slice(2, 14)}`,
      clean: true,
      reconnectPeriod: this.options.reconnectMs ?? BROKER.reconnectMs,
      connectTimeout: this.options.commandTimeoutMs ?? BROKER.commandTimeoutMs,
      protocolVersion: 4,
    });
    this.client = client;
    client.on('connect', () => {
      events.state('connected', null);
      client.subscribe([this.topics.receive, this.topics.heartbeat], { qos: BROKER.qos });
    });
    client.on('reconnect', () => events.state('connecting', RECONNECT_NOTICE()));
    client.on('close', () => {
      if (!this.ended) events.state('closed', RECONNECT_NOTICE());
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
        client.off('connect', done);
        reject(new CardServiceError('BROKER_CONNECTION_TIMEOUT'));
      }, this.options.commandTimeoutMs ?? BROKER.commandTimeoutMs);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      client.once('connect', done);
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
    this.waiting?.reject(new CardServiceError('OPERATION_CANCELLED'));
    this.waiting = undefined;
    this.client?.end(true);
    this.client = undefined;
    this.options.events.state('closed', null);
  }
}
