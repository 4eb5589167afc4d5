import { EventEmitter } from 'node:events';
import { bytesToHex, encodeCommand } from '@lockdesk/protocol';
import type { IClientOptions, IPublishPacket, MqttClient } from 'mqtt';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { simulatedRig } from '../../test/helpers.js';
import type { EncoderService } from '../encoder/service.js';
import { silentLogger } from '../log.js';
import { MqttBridge } from './mqtt.js';

const DEVICE_ID = 'A1B2C3D4E5F6';

/** A stand-in for an mqtt.js client: records what is published and lets the test deliver packets. */
class FakeClient extends EventEmitter {
  connected = false;
  /** The options it was made with, as mqtt.js keeps them (the bridge changes reconnectPeriod there). */
  options: IClientOptions = {};
  published: Array<{ topic: string; payload: string; retain: boolean; qos: number }> = [];
  subscriptions: Array<{ topic: string; qos: number }> = [];
  handleMessage: (packet: IPublishPacket, done: (error?: Error) => void) => void = (_p, done) => done();
  publish(
    topic: string,
    payload: string,
    options: { qos: number; retain?: boolean },
    callback?: (error?: Error) => void,
  ) {
    this.published.push({ topic, payload, retain: options.retain ?? false, qos: options.qos });
    callback?.();
    return this;
  }
  subscribe(topic: string, options: { qos: number }, callback?: (error: Error | null) => void) {
    this.subscriptions.push({ topic, qos: options.qos });
    callback?.(null);
    return this;
  }
  end(_force: boolean, _options: object, callback?: () => void) {
    this.connected = false;
    callback?.();
    return this;
  }
  /** Connects; `sessionPresent` is the broker's CONNACK flag (whether it kept the bridge's session). */
  bringUp(sessionPresent = true) {
    this.connected = true;
    this.emit('connect', { cmd: 'connack', sessionPresent, returnCode: 0 });
  }
  /** Delivers a packet the way mqtt.js does, resolving when the bridge acknowledges it. */
  deliver(packet: Partial<IPublishPacket>): Promise<void> {
    return new Promise((resolve) =>
      this.handleMessage(
        { cmd: 'publish', qos: 1, dup: false, retain: false, ...packet } as IPublishPacket,
        () => resolve(),
      ),
    );
  }
}

async function bridgeRig() {
  const rig = await simulatedRig();
  const client = new FakeClient();
  let options: IClientOptions | undefined;
  const bridge = new MqttBridge({
    url: 'mqtt://broker.test:1883',
    deviceId: DEVICE_ID,
    encoder: rig.service,
    logger: silentLogger(),
    connect: (_url, given) => {
      options = given;
      client.options = { ...given };
      return client as unknown as MqttClient;
    },
  });
  bridge.start();
  return { ...rig, client, bridge, options: () => options! };
}

const commandHex = (command: Parameters<typeof encodeCommand>[0]) => {
  const frame = encodeCommand(command);
  if (!frame.ok) throw new Error(frame.detail);
  return bytesToHex(frame.value);
};

afterEach(() => {
  vi.useRealTimers();
});

describe('remote reader bridge (MQTT)', () => {
  it('connects with QoS 1 topics, a retained offline last will, and reconnects every 5000 ms', async () => {
    const { client, bridge, options } = await bridgeRig();
    expect(options()).toMatchObject({
      reconnectPeriod: 5_000,
      clean: false,
      clientId: `lockdesk-gateway-${DEVICE_ID}`,
      will: { topic: `lockdesk/state/${DEVICE_ID}`, qos: 1, retain: true },
    });
    expect(JSON.parse(String(options().will?.payload))).toMatchObject({ state: 'offline' });
    expect(bridge.status.state).toBe('connecting');
    client.bringUp();
    expect(bridge.status.state).toBe('connected');
    expect(client.subscriptions).toEqual([{ topic: `lockdesk/send/${DEVICE_ID}`, qos: 1 }]);
    expect(client.published).toContainEqual({
      topic: `lockdesk/state/${DEVICE_ID}`,
      payload: JSON.stringify({ state: 'online', transport: 'simulated', simulated: true, commandIds: true }),
      retain: true,
      qos: 1,
    });
    await bridge.stop();
  });

  it('says in the online state and the heartbeat whether its encoder is simulated, not in the last will', async () => {
    vi.useFakeTimers();
    const { client, bridge, options } = await bridgeRig();
    // The last will is fixed at connect time and speaks for a daemon that is gone: it names no encoder.
    expect(JSON.parse(String(options().will?.payload))).toEqual({ state: 'offline', reason: 'gateway gone' });
    client.bringUp();
    const states = () => client.published.filter((p) => p.topic === `lockdesk/state/${DEVICE_ID}`);
    expect(JSON.parse(states().at(-1)!.payload)).toEqual({
      state: 'online',
      transport: 'simulated',
      simulated: true,
      commandIds: true,
    });
    await vi.advanceTimersByTimeAsync(60_000);
    const beat = client.published.find((p) => p.topic === `lockdesk/heartbeat/${DEVICE_ID}`)!;
    expect(JSON.parse(beat.payload)).toMatchObject({
      deviceId: DEVICE_ID,
      encoder: 'online',
      transport: 'simulated',
      simulated: true,
      commandIds: true,
    });
    await bridge.stop();

    // The USB encoder: transport 'hid', not simulated.
    const usb = Object.assign(new EventEmitter(), {
      online: true,
      kind: 'hid' as const,
      exchange: async () => ({ ok: false as const, code: 'DEVICE_NOT_FOUND' as const }),
    });
    const hidClient = new FakeClient();
    const hidBridge = new MqttBridge({
      url: 'mqtt://broker.test:1883',
      deviceId: DEVICE_ID,
      encoder: usb as unknown as EncoderService,
      logger: silentLogger(),
      connect: () => hidClient as unknown as MqttClient,
    });
    hidBridge.start();
    hidClient.bringUp();
    expect(hidClient.published.at(-1)).toMatchObject({
      topic: `lockdesk/state/${DEVICE_ID}`,
      payload: JSON.stringify({ state: 'online', transport: 'hid', simulated: false, commandIds: true }),
      retain: true,
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(JSON.parse(hidClient.published.at(-1)!.payload)).toMatchObject({
      encoder: 'online',
      transport: 'hid',
      simulated: false,
    });
    // Unplugged: the heartbeat still names the encoder; the offline state says why, as before.
    usb.online = false;
    usb.emit('down', 'unplugged');
    expect(hidClient.published.at(-1)!.payload).toBe(
      JSON.stringify({ state: 'offline', reason: 'encoder disconnected' }),
    );
    await vi.advanceTimersByTimeAsync(60_000);
    expect(JSON.parse(hidClient.published.at(-1)!.payload)).toMatchObject({
      encoder: 'offline',
      transport: 'hid',
      simulated: false,
    });
    await hidBridge.stop();
  });

  it('shows "Trying to reconnect..." while the broker is away', async () => {
    const { client, bridge } = await bridgeRig();
    client.bringUp();
    client.connected = false;
    client.emit('close');
    expect(bridge.status).toMatchObject({ state: 'closed', notice: 'Trying to reconnect...' });
    client.emit('reconnect');
    expect(bridge.status).toMatchObject({ state: 'connecting', notice: 'Trying to reconnect...' });
    client.bringUp();
    expect(bridge.status).toMatchObject({ state: 'connected', notice: null });
    await bridge.stop();
  });

  it('runs a hex command frame on the encoder and publishes the answer frame in hex', async () => {
    const { client, bridge, device } = await bridgeRig();
    device.placeBlankCard({ uid: '0BADCAFE' });
    client.bringUp();
    await client.deliver({
      topic: `lockdesk/send/${DEVICE_ID}`,
      payload: Buffer.from(commandHex({ name: 'findCard' })),
      messageId: 1,
    });
    const reply = client.published.at(-1)!;
    expect(reply).toMatchObject({ topic: `lockdesk/receive/${DEVICE_ID}`, qos: 1, retain: false });
    expect(reply.payload.startsWith('5A0B02')).toBe(true);
    expect(reply.payload).toContain('0BADCAFE');
    await bridge.stop();
  });

  it('answers a command sent with an id with that id, also when it answers a redelivery from memory', async () => {
    const { client, bridge, device } = await bridgeRig();
    device.placeBlankCard({ uid: '0BADCAFE' });
    client.bringUp();
    const findCard = commandHex({ name: 'findCard' });
    const packet = {
      topic: `lockdesk/send/${DEVICE_ID}`,
      payload: Buffer.from(JSON.stringify({ frame: findCard, id: 'desk.1' })),
      messageId: 4,
    };
    await client.deliver(packet);
    await client.deliver({ ...packet, dup: true });
    const replies = client.published.filter((p) => p.topic === `lockdesk/receive/${DEVICE_ID}`);
    expect(replies).toHaveLength(2);
    for (const reply of replies) {
      const body = JSON.parse(reply.payload) as { frame: string; id: string };
      expect(body.id).toBe('desk.1');
      expect(body.frame.startsWith('5A0B02')).toBe(true);
      expect(body.frame).toContain('0BADCAFE');
    }
    // An error reply carries the id too; a broken envelope is invalid hex.
    await client.deliver({
      ...packet,
      payload: Buffer.from('{"frame":"A5040100","id":"desk.2"}'),
      messageId: 5,
    });
    expect(JSON.parse(client.published.at(-1)!.payload)).toMatchObject({
      error: 'BAD_COMMAND_CHECKSUM',
      command: 'A5040100',
      id: 'desk.2',
    });
    await client.deliver({ ...packet, payload: Buffer.from('{"frame":"A50410B1"}'), messageId: 6 });
    expect(JSON.parse(client.published.at(-1)!.payload)).toMatchObject({ error: 'BROKER_INVALID_HEX' });
    // Bare hex, as the spec has it, is answered with bare hex.
    await client.deliver({ ...packet, payload: Buffer.from(findCard), messageId: 7 });
    expect(client.published.at(-1)!.payload.startsWith('5A0B02')).toBe(true);
    await bridge.stop();
  });

  it('does not run a duplicate delivery twice, and answers it again', async () => {
    const { client, bridge, device } = await bridgeRig();
    device.placeBlankCard();
    client.bringUp();
    const packet = {
      topic: `lockdesk/send/${DEVICE_ID}`,
      payload: Buffer.from(commandHex({ name: 'getVersion' })),
      messageId: 7,
    };
    await client.deliver(packet);
    const commands = device.state().commands;
    await client.deliver({ ...packet, dup: true });
    expect(device.state().commands).toBe(commands);
    const replies = client.published.filter((p) => p.topic === `lockdesk/receive/${DEVICE_ID}`);
    expect(replies).toHaveLength(2);
    expect(replies[1]!.payload).toBe(replies[0]!.payload);
    expect(bridge.status.duplicates).toBe(1);
    // The same message id without the dup flag is a new command (ids are reused by the broker).
    await client.deliver(packet);
    expect(device.state().commands).toBe(commands + 1);
    await bridge.stop();
  });

  it('does not run a delivery twice that comes again while the first still runs (no dup flag needed)', async () => {
    const { client, bridge, device } = await bridgeRig();
    client.bringUp();
    const packet = {
      topic: `lockdesk/send/${DEVICE_ID}`,
      payload: Buffer.from(commandHex({ name: 'getVersion' })),
      messageId: 11,
    };
    const commands = device.state().commands;
    // The broker sends it again on a new connection before the first delivery was acknowledged.
    const first = client.deliver(packet);
    client.bringUp();
    const again = client.deliver(packet);
    await Promise.all([first, again]);
    expect(device.state().commands).toBe(commands + 1);
    const replies = client.published.filter((p) => p.topic === `lockdesk/receive/${DEVICE_ID}`);
    expect(replies).toHaveLength(1);
    expect(bridge.status).toMatchObject({ commands: 1, duplicates: 1 });
    await bridge.stop();
  });

  it('takes the same command with the same id after a reconnect as a redelivery, even without the dup flag', async () => {
    const { client, bridge, device } = await bridgeRig();
    client.bringUp();
    const packet = {
      topic: `lockdesk/send/${DEVICE_ID}`,
      payload: Buffer.from(commandHex({ name: 'getVersion' })),
      messageId: 12,
    };
    await client.deliver(packet);
    const commands = device.state().commands;
    // The acknowledgement was lost with the connection: after the reconnect the broker sends it again (as Aedes
    // does, without the dup flag). It is answered again and not run.
    client.bringUp();
    await client.deliver(packet);
    expect(device.state().commands).toBe(commands);
    const replies = client.published.filter((p) => p.topic === `lockdesk/receive/${DEVICE_ID}`);
    expect(replies).toHaveLength(2);
    expect(replies[1]!.payload).toBe(replies[0]!.payload);
    // Acknowledged now: the id on the same connection again is a new command, and so is another command.
    await client.deliver(packet);
    expect(device.state().commands).toBe(commands + 1);
    client.bringUp();
    await client.deliver({
      ...packet,
      payload: Buffer.from(commandHex({ name: 'beep', musicId: 1, count: 1 })),
    });
    expect(device.state().commands).toBe(commands + 2);
    expect(bridge.status.duplicates).toBe(1);
    await bridge.stop();
  });

  it('runs the same command under the same id when the broker kept no session (restarted without persistence)', async () => {
    const { client, bridge, device } = await bridgeRig();
    client.bringUp();
    const packet = {
      topic: `lockdesk/send/${DEVICE_ID}`,
      payload: Buffer.from(commandHex({ name: 'getVersion' })),
      messageId: 1,
    };
    await client.deliver(packet);
    const commands = device.state().commands;
    // The broker came back without the bridge's session: it resends nothing, and numbers messages from 1 again.
    client.bringUp(false);
    await client.deliver(packet);
    expect(device.state().commands).toBe(commands + 1);
    expect(bridge.status.duplicates).toBe(0);
    await bridge.stop();
  });

  it('runs a new command that reuses an old id after a reconnect, once a new command has come first', async () => {
    const { client, bridge, device } = await bridgeRig();
    client.bringUp();
    const getVersion = {
      topic: `lockdesk/send/${DEVICE_ID}`,
      payload: Buffer.from(commandHex({ name: 'getVersion' })),
      messageId: 7,
    };
    await client.deliver(getVersion);
    const commands = device.state().commands;
    // After a reconnect the broker numbers new messages afresh: a new command comes first (so nothing is being
    // resent), then the same command under the old id again. It must run, not get the old answer.
    client.bringUp();
    await client.deliver({
      ...getVersion,
      payload: Buffer.from(commandHex({ name: 'beep', musicId: 1, count: 1 })),
      messageId: 3,
    });
    await client.deliver(getVersion);
    expect(device.state().commands).toBe(commands + 2);
    expect(bridge.status.duplicates).toBe(0);
    await bridge.stop();
  });

  it('answers an invalid hex command with an error reply, not silence', async () => {
    const { client, bridge } = await bridgeRig();
    client.bringUp();
    for (const payload of ['zz', 'A', '', 'A5 04']) {
      await client.deliver({
        topic: `lockdesk/send/${DEVICE_ID}`,
        payload: Buffer.from(payload),
        messageId: 2,
      });
      const reply = JSON.parse(client.published.at(-1)!.payload);
      expect(reply, payload).toMatchObject({ error: 'BROKER_INVALID_HEX', msg: 'invalid hex format' });
    }
    await client.deliver({
      topic: `lockdesk/send/${DEVICE_ID}`,
      payload: Buffer.from('A5040100'),
      messageId: 3,
    });
    expect(JSON.parse(client.published.at(-1)!.payload)).toMatchObject({
      error: 'BAD_COMMAND_CHECKSUM',
      msg: 'command checksum mismatch',
      command: 'A5040100',
    });
    await bridge.stop();
  });

  it('answers device not connected while the encoder is unplugged, and publishes the state change', async () => {
    const { client, bridge, device } = await bridgeRig();
    client.bringUp();
    device.unplug();
    expect(client.published.at(-1)).toMatchObject({
      topic: `lockdesk/state/${DEVICE_ID}`,
      payload: JSON.stringify({ state: 'offline', reason: 'encoder disconnected' }),
      retain: true,
    });
    await client.deliver({
      topic: `lockdesk/send/${DEVICE_ID}`,
      payload: Buffer.from(commandHex({ name: 'findCard' })),
      messageId: 4,
    });
    expect(JSON.parse(client.published.at(-1)!.payload)).toMatchObject({
      error: 'BROKER_DEVICE_NOT_CONNECTED',
      msg: 'device not connected',
    });
    device.replug();
    expect(client.published.at(-1)).toMatchObject({
      payload: JSON.stringify({ state: 'online', transport: 'simulated', simulated: true, commandIds: true }),
    });
    await bridge.stop();
  });

  it('answers response timeout when the encoder stays silent', async () => {
    const { client, bridge, device } = await bridgeRig();
    client.bringUp();
    vi.useFakeTimers();
    device.injectFault('no-answer');
    const delivered = client.deliver({
      topic: `lockdesk/send/${DEVICE_ID}`,
      payload: Buffer.from(commandHex({ name: 'findCard' })),
      messageId: 5,
    });
    await vi.advanceTimersByTimeAsync(5_000);
    await delivered;
    expect(JSON.parse(client.published.at(-1)!.payload)).toMatchObject({
      error: 'BROKER_RESPONSE_TIMEOUT',
      msg: 'response timeout',
    });
    await bridge.stop();
  });

  it('publishes a heartbeat every 60000 ms', async () => {
    vi.useFakeTimers();
    const { client, bridge } = await bridgeRig();
    client.bringUp();
    const beats = () => client.published.filter((p) => p.topic === `lockdesk/heartbeat/${DEVICE_ID}`);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(beats()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(beats()).toHaveLength(1);
    expect(JSON.parse(beats()[0]!.payload)).toMatchObject({ deviceId: DEVICE_ID, encoder: 'online' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(beats()).toHaveLength(2);
    await bridge.stop();
  });

  it('publishes offline (retained) when stopped', async () => {
    const { client, bridge } = await bridgeRig();
    client.bringUp();
    await bridge.stop();
    expect(client.published.at(-1)).toMatchObject({
      topic: `lockdesk/state/${DEVICE_ID}`,
      payload: JSON.stringify({ state: 'offline', reason: 'gateway stopped' }),
      retain: true,
    });
    expect(bridge.status.state).toBe('closed');
  });
});
