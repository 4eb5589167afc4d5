import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import {
  BROKER,
  bytesToHex,
  COMMAND_IDS_FIELD,
  type ErrorCode,
  errorText,
  hexToBytes,
  parseHexCommand,
  readBrokerCommand,
  replyWithId,
} from '@lockdesk/protocol';
import mqtt, { type IClientOptions, type IPublishPacket, type MqttClient } from 'mqtt';
import type { EncoderService } from '../encoder/service.js';
import type { Logger } from '../log.js';
import { BRIDGE_DEVICE_TIMEOUT_MS } from '../reader/timing.js';
import type { TransportKind } from '../transport/types.js';

/** The broker connection states of spec §4 'Broker connection', plus `disabled` when no broker is configured. */
export type BrokerState = 'disabled' | 'connecting' | 'connected' | 'closed';

/** What /health and the logs show about the bridge. */
export interface BridgeStatus {
  state: BrokerState;
  url: string | null;
  deviceId: string | null;
  /** 'Trying to reconnect...' while the bridge waits to reconnect (spec §4). */
  notice: string | null;
  lastError: string | null;
  /** True once the broker granted the send topic's subscription on this connection (commands reach the bridge). */
  subscribed: boolean;
  commands: number;
  duplicates: number;
  topics: BridgeTopics | null;
}

/** The topics of one remote reader (spec §7 'Message broker'). */
export interface BridgeTopics {
  send: string;
  receive: string;
  heartbeat: string;
  state: string;
}

/** The topics for a device id. */
export function bridgeTopics(deviceId: string): BridgeTopics {
  return {
    send: BROKER.topics.send + deviceId,
    receive: BROKER.topics.receive + deviceId,
    heartbeat: BROKER.topics.heartbeat + deviceId,
    state: BROKER.topics.state + deviceId,
  };
}

/** The error reply published instead of a frame when a command cannot be run. */
export interface BridgeErrorReply {
  error: ErrorCode;
  msg: string;
  command: string;
}

export interface MqttBridgeOptions {
  url: string;
  deviceId: string;
  username?: string | null;
  password?: string | null;
  /** The broker is another one than this gateway's embedded broker: its refusals name the credential settings. */
  remoteBroker?: boolean;
  /** The longest wait between two attempts after the broker refused the credential (default 5 min). */
  maxRefusalBackoffMs?: number;
  encoder: EncoderService;
  logger: Logger;
  reconnectMs?: number;
  heartbeatMs?: number;
  deviceTimeoutMs?: number;
  /** Connects to the broker; tests hand in a stand-in client. */
  connect?: (url: string, options: IClientOptions) => MqttClient;
}

interface Delivery {
  /** The reply published for this delivery, for a duplicate to get the same answer; undefined while it runs. */
  reply: string | undefined;
  at: number;
  /** A digest of the command, to recognise the same message sent again. */
  digest: string;
  /** The broker connection (counted from 1) on which this delivery was last answered. */
  connection: number;
}

const RECENT_DELIVERIES = 256;
const DUPLICATE_WINDOW_MS = 5 * 60_000;

/**
 * The remote reader bridge: runs hex command frames from `lockdesk/send/{id}` on the encoder and publishes the
 * answer frame in hex on `lockdesk/receive/{id}`, with a heartbeat and a retained availability state whose last
 * will says offline (the zigbee2mqtt pattern). QoS 1 throughout; a command is acknowledged to the broker only after
 * its reply is published, and a redelivered duplicate is answered from memory rather than run again.
 */
export class MqttBridge extends EventEmitter<{ status: [BridgeStatus] }> {
  readonly topics: BridgeTopics;
  private readonly options: MqttBridgeOptions;
  private client: MqttClient | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private stopping = false;
  private readonly recent = new Map<number, Delivery>();
  private readonly started = Date.now();
  /** Counts the broker connections, to tell a redelivery after a reconnect from a new message. */
  private connection = 0;
  /**
   * Whether this connection has carried a new (not resent) command yet. A broker resends what it saw no
   * acknowledgement for first, before new messages (MQTT 3.1.1 §4.4), so after the first new command an id seen
   * on an earlier connection has been handed out afresh and belongs to a new command.
   */
  private newOnConnection = false;
  private current: BridgeStatus;
  private readonly onEncoderChange = () => this.publishState();

  constructor(options: MqttBridgeOptions) {
    super();
    this.options = options;
    this.topics = bridgeTopics(options.deviceId);
    this.current = {
      state: 'closed',
      url: redactUrl(options.url),
      deviceId: options.deviceId,
      notice: null,
      lastError: null,
      subscribed: false,
      commands: 0,
      duplicates: 0,
      topics: this.topics,
    };
  }

  get status(): BridgeStatus {
    return { ...this.current };
  }

  /** Connects and keeps reconnecting every 5000 ms (spec §9) until stopped. */
  start(): void {
    if (this.client) return;
    this.stopping = false;
    const { options, topics } = this;
    const connect = options.connect ?? mqtt.connect;
    const clientOptions: IClientOptions = {
      // A stable client id with a persistent session: commands published while the bridge reconnects are kept
      // by the broker and delivered (QoS 1) once it is back.
      clientId: `lockdesk-gateway-${options.deviceId}`,
      clean: false,
      reconnectPeriod: options.reconnectMs ?? BROKER.reconnectMs,
      connectTimeout: BROKER.commandTimeoutMs,
      keepalive: 30,
      resubscribe: true,
      will: {
        topic: topics.state,
        payload: Buffer.from(stateText(false, 'gateway gone')),
        qos: BROKER.qos,
        retain: true,
      },
      ...(options.username ? { username: options.username } : {}),
      ...(options.password ? { password: options.password } : {}),
      // A refused credential may be fixed on the broker's side (a credential issued later): keep trying, slower.
      reconnectOnConnackError: true,
    };
    const basePeriod = clientOptions.reconnectPeriod ?? BROKER.reconnectMs;
    let refusals = 0;
    this.update({ state: 'connecting', notice: null });
    const client = connect(options.url, clientOptions);
    this.client = client;
    // The broker's acknowledgement waits for the reply: a command lost with the connection is delivered again.
    client.handleMessage = (packet, done) => {
      void this.handle(packet).finally(() => done());
    };
    client.on('connect', (connack) => {
      refusals = 0;
      client.options.reconnectPeriod = basePeriod;
      this.connection++;
      this.newOnConnection = false;
      // A broker that kept no session for the bridge (restarted without persistence) sends nothing again: every
      // delivery from now on is a new command, whatever its id.
      if (connack?.sessionPresent === false) this.recent.clear();
      // Replies are tiny packets someone waits on: no Nagle delay on a TCP connection.
      (client.stream as { setNoDelay?: (noDelay: boolean) => void } | undefined)?.setNoDelay?.(true);
      this.update({ state: 'connected', notice: null, lastError: null });
      this.options.logger.info({ url: this.current.url, topics }, 'remote reader bridge connected');
      client.subscribe(topics.send, { qos: BROKER.qos }, (error, granted) => {
        if (error) this.options.logger.warn({ err: error.message }, 'could not subscribe to the send topic');
        else if (granted?.some((g) => g.qos === 0x80))
          this.options.logger.warn(
            { topic: topics.send },
            'the broker refused the send topic to this credential: it is not the credential of this device id',
          );
        else this.update({ subscribed: true });
      });
      this.publishState();
    });
    client.on('reconnect', () =>
      this.update({ state: 'connecting', notice: errorText('BROKER_RECONNECTING') }),
    );
    client.on('close', () => {
      if (this.stopping) return;
      this.update({ state: 'closed', subscribed: false, notice: errorText('BROKER_RECONNECTING') });
    });
    client.on('offline', () => this.update({ state: 'closed', notice: errorText('BROKER_RECONNECTING') }));
    client.on('error', (error) => {
      const code = (error as { code?: unknown }).code;
      if (code === 4 || code === 5) {
        // CONNACK 4 (bad user name or password) / 5 (not authorised): say once what fixes it, then wait longer
        // before each new attempt (up to maxRefusalBackoffMs).
        refusals++;
        const wait = Math.min(basePeriod * 2 ** (refusals - 1), options.maxRefusalBackoffMs ?? 300_000);
        client.options.reconnectPeriod = wait;
        const message = `the broker refused the bridge's credential (CONNACK ${code} ${code === 4 ? 'bad user name or password' : 'not authorised'})`;
        this.update({ lastError: message });
        if (refusals === 1)
          this.options.logger.error(
            { url: this.current.url, username: options.username ?? null, retryInMs: wait },
            options.remoteBroker
              ? `${message}: set LOCKDESK_GW_BROKER_USERNAME and LOCKDESK_GW_BROKER_PASSWORD to this reader's gateway credential (the console's dispenser/brokerCredential for device ${options.deviceId}); retrying with backoff`
              : `${message}: the embedded broker did not take this gateway's own credential; restart the gateway; retrying with backoff`,
          );
        else this.options.logger.debug({ retryInMs: wait, refusals }, message);
        return;
      }
      this.update({ lastError: error.message });
      this.options.logger.warn({ err: error.message }, 'broker connection error');
    });
    options.encoder.on('up', this.onEncoderChange);
    options.encoder.on('down', this.onEncoderChange);
    const period = options.heartbeatMs ?? BROKER.heartbeatMs;
    this.heartbeat = setInterval(() => this.publishHeartbeat(), period);
  }

  /** Publishes the offline state and disconnects. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    this.options.encoder.off('up', this.onEncoderChange);
    this.options.encoder.off('down', this.onEncoderChange);
    const client = this.client;
    this.client = undefined;
    if (!client) return;
    if (client.connected) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 1_000);
        client.publish(
          this.topics.state,
          stateText(false, 'gateway stopped'),
          { qos: BROKER.qos, retain: true },
          () => {
            clearTimeout(timer);
            resolve();
          },
        );
      });
    }
    await new Promise<void>((resolve) => client.end(true, {}, () => resolve()));
    this.update({ state: 'closed', notice: null });
  }

  /**
   * Runs one delivery from the broker; exported for the bridge's unit tests through `handle`. A delivery the broker
   * sends again is answered from memory, never run twice (see `isRedelivery`).
   */
  async handle(packet: IPublishPacket): Promise<void> {
    if (packet.topic !== this.topics.send) return;
    const payload = Buffer.isBuffer(packet.payload)
      ? packet.payload.toString('utf8')
      : String(packet.payload);
    const id = packet.messageId;
    const digest = createHash('sha256').update(payload).digest('base64');
    const seen = id === undefined ? undefined : this.recent.get(id);
    if (seen && this.isRedelivery(seen, packet.dup, digest)) {
      seen.connection = this.connection;
      this.update({ duplicates: this.current.duplicates + 1 });
      this.options.logger.info(
        { messageId: id, running: seen.reply === undefined },
        'duplicate command delivery: answered again, not run twice',
      );
      if (seen.reply !== undefined) void this.publish(this.topics.receive, seen.reply);
      return;
    }
    this.newOnConnection = true;
    const delivery: Delivery = { reply: undefined, at: Date.now(), digest, connection: this.connection };
    if (id !== undefined) this.remember(id, delivery);
    this.update({ commands: this.current.commands + 1 });
    // A command sent with an id (WIRE.md 'Command ids') is answered with it, so the console can tell a repeated
    // answer from the answer of its next command; bare hex is answered as bare hex, as the spec says.
    const command = readBrokerCommand(payload);
    let reply: string;
    try {
      reply = command.ok
        ? replyWithId(await this.run(command.value.hex), command.value.id)
        : JSON.stringify({
            error: 'BROKER_INVALID_HEX',
            msg: errorText('BROKER_INVALID_HEX'),
            command: payload.trim().slice(0, 128),
          } satisfies BridgeErrorReply);
    } catch (error) {
      reply = JSON.stringify({
        error: 'OPERATION_FAILED',
        msg: errorText('OPERATION_FAILED', {
          message: error instanceof Error ? error.message : String(error),
        }),
        command: payload.trim().slice(0, 128),
      } satisfies BridgeErrorReply);
    }
    delivery.reply = reply;
    delivery.connection = this.connection;
    // Not awaited: the broker's PUBACK for the reply arrives on the same incoming queue this delivery holds.
    // mqtt.js keeps the QoS 1 reply in its outgoing store and sends it again after a reconnect.
    void this.publish(this.topics.receive, reply);
  }

  /**
   * Whether a delivery with the message id of an earlier one is that message sent again:
   * - the earlier one still runs: its id stays in use until this bridge acknowledges it, which it does only after
   *   the reply, so the broker cannot have given the id to another message;
   * - the broker marked it as a redelivery (the dup flag);
   * - it is the same command, on a later connection than the one the earlier delivery was answered on, and no new
   *   command has come on this connection yet: after a reconnect a broker first sends again what it saw no
   *   acknowledgement for (Aedes without the dup flag), and only then new messages, whose ids may repeat old ones.
   * Otherwise the broker reused the id for a new command, which runs (a card read must never get a stale answer).
   */
  private isRedelivery(seen: Delivery, dup: boolean, digest: string): boolean {
    if (Date.now() - seen.at >= DUPLICATE_WINDOW_MS) return false;
    if (seen.reply === undefined) return true;
    if (dup) return true;
    return !this.newOnConnection && this.connection > seen.connection && digest === seen.digest;
  }

  /** The reply text for a command: the answer frame in hex, or a JSON error. */
  private async run(command: string): Promise<string> {
    const errorReply = (code: ErrorCode, params?: Record<string, string | number>) =>
      JSON.stringify({
        error: code,
        msg: errorText(code, params),
        command: command.slice(0, 128),
      } satisfies BridgeErrorReply);
    const hex = parseHexCommand(command);
    if (!hex.ok) return errorReply('BROKER_INVALID_HEX');
    const bytes = hexToBytes(hex.value);
    if (!bytes.ok) return errorReply('BROKER_INVALID_HEX');
    const { encoder } = this.options;
    if (!encoder.online) return errorReply('BROKER_DEVICE_NOT_CONNECTED');
    const answer = await encoder.exchange(
      bytes.value,
      this.options.deviceTimeoutMs ?? BRIDGE_DEVICE_TIMEOUT_MS,
    );
    if (answer.ok) return bytesToHex(answer.value);
    if (answer.code === 'DEVICE_NOT_RESPONDING') return errorReply('BROKER_RESPONSE_TIMEOUT');
    if (answer.code === 'DEVICE_NOT_FOUND') return errorReply('BROKER_DEVICE_NOT_CONNECTED');
    return errorReply(answer.code, answer.params);
  }

  private remember(id: number, delivery: Delivery): void {
    this.recent.delete(id);
    this.recent.set(id, delivery);
    if (this.recent.size > RECENT_DELIVERIES) {
      const oldest = this.recent.keys().next().value;
      if (oldest !== undefined) this.recent.delete(oldest);
    }
  }

  private publish(topic: string, payload: string, retain = false): Promise<void> {
    const client = this.client;
    if (!client) return Promise.resolve();
    return new Promise((resolve) => {
      client.publish(topic, payload, { qos: BROKER.qos, retain }, (error) => {
        if (error) this.options.logger.warn({ err: error.message, topic }, 'publish failed');
        resolve();
      });
    });
  }

  private publishState(): void {
    if (!this.client?.connected) return;
    const online = this.options.encoder.online;
    void this.publish(
      this.topics.state,
      online ? stateText(true, undefined, this.encoderKind()) : stateText(false, 'encoder disconnected'),
      true,
    );
  }

  /** Which encoder answers this device id: the console says 'Simulated encoder' when it is the simulated one. */
  private encoderKind(): EncoderKind {
    const transport = this.options.encoder.kind;
    return { transport, simulated: transport === 'simulated' };
  }

  private publishHeartbeat(): void {
    if (!this.client?.connected) return;
    const payload = JSON.stringify({
      deviceId: this.options.deviceId,
      time: new Date().toISOString(),
      encoder: this.options.encoder.online ? 'online' : 'offline',
      uptimeSeconds: Math.round((Date.now() - this.started) / 1000),
      ...this.encoderKind(),
      [COMMAND_IDS_FIELD]: true,
    });
    void this.publish(this.topics.heartbeat, payload);
  }

  private update(change: Partial<BridgeStatus>): void {
    const next = { ...this.current, ...change };
    const changed = next.state !== this.current.state || next.notice !== this.current.notice;
    this.current = next;
    if (changed && next.state === 'connecting' && next.notice) {
      this.options.logger.info({ url: next.url }, next.notice);
    }
    this.emit('status', this.status);
  }
}

/**
 * What the heartbeat and the online state say about the encoder behind the bridge (`hid`: the USB encoder,
 * `simulated`: the simulated one), so a remote console can tell a simulated device as the local ones do.
 */
export interface EncoderKind {
  transport: TransportKind;
  simulated: boolean;
}

/**
 * The retained availability payload. The online state names the encoder (`kind`); the offline ones do not (the last
 * will is fixed when the bridge connects and speaks for a daemon that is gone).
 */
export function stateText(online: boolean, reason?: string, kind?: EncoderKind): string {
  const state = online ? 'online' : 'offline';
  // The online state also says that this bridge answers a command sent with an id with that id.
  return JSON.stringify({
    state,
    ...(reason ? { reason } : {}),
    ...(kind ?? {}),
    ...(online ? { [COMMAND_IDS_FIELD]: true } : {}),
  });
}

/** A broker URL without its password, for logs and /health. */
function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}
