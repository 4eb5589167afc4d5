import { EventEmitter } from 'node:events';
import type { MqttClient } from 'mqtt';

/**
 * An mqtt client stand-in for the remote reader's tests: the test plays the broker and the reader's bridge
 * (gateway README 'Remote reader bridge (MQTT)'). It records what the console subscribes to and publishes, and
 * delivers the bridge's replies, heartbeats and retained states.
 */
export class FakeMqtt extends EventEmitter {
  connected = false;
  published: { topic: string; payload: string; qos: number }[] = [];
  subscribed: string[] = [];
  ended = false;
  /** The options mqtt's client keeps (it logs in again with these on each reconnect). */
  options: Record<string, unknown> = {};
  /** When set, the bridge answers each command published on the send topic with this (a fake device's frames). */
  autoReply: ((command: string) => string) | undefined;

  constructor(readonly deviceId = '041780200001') {
    super();
  }

  subscribe(topics: string[], options: { qos: number }, callback?: (e: Error | null) => void) {
    this.subscribed.push(...topics.map((t) => `${t}@${options.qos}`));
    callback?.(null);
    return this;
  }
  publish(topic: string, payload: string, options: { qos: number }, callback?: (e?: Error) => void) {
    this.published.push({ topic, payload, qos: options.qos });
    callback?.();
    const answer = this.autoReply;
    if (answer && topic === `lockdesk/send/${this.deviceId}`)
      queueMicrotask(() => this.reply(answer(payload)));
    return this;
  }
  end() {
    this.ended = true;
    return this;
  }
  /** The broker takes the connection. */
  up() {
    this.connected = true;
    this.emit('connect');
  }
  /** The replies delivered so far, oldest first. */
  replies: string[] = [];
  /** The broker refuses the login: mqtt's error for a CONNACK with this return code (5 not authorised). */
  refuse(code = 5) {
    this.emit('error', Object.assign(new Error('Connection refused: Not authorized'), { code }));
  }
  /** The bridge's reply on the receive topic. */
  reply(payload: string) {
    this.replies.push(payload);
    this.emit('message', `lockdesk/receive/${this.deviceId}`, Buffer.from(payload));
  }
  /**
   * The last reply delivered again, as QoS 1 may after a broker restart (the bridge or the broker sends again what
   * it saw no acknowledgement for).
   */
  duplicate() {
    const last = this.replies.at(-1);
    if (last === undefined) throw new Error('no reply to deliver again');
    this.reply(last);
  }
  /** A heartbeat of the bridge, as the gateway publishes it (every 60000 ms). */
  heartbeat(fields: Record<string, unknown> = {}) {
    this.emit(
      'message',
      `lockdesk/heartbeat/${this.deviceId}`,
      Buffer.from(
        JSON.stringify({
          deviceId: this.deviceId,
          time: new Date().toISOString(),
          encoder: 'online',
          uptimeSeconds: 1,
          ...fields,
        }),
      ),
    );
  }
  /** The bridge's retained state (what the broker hands a new subscriber). */
  state(fields: Record<string, unknown>) {
    this.emit('message', `lockdesk/state/${this.deviceId}`, Buffer.from(JSON.stringify(fields)));
  }
  /** This client as mqtt's connect returns it. */
  asClient(): MqttClient {
    return this as unknown as MqttClient;
  }
}
