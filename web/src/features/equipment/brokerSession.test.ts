import { EventEmitter } from 'node:events';
import type { MqttClient } from 'mqtt';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BrokerSession, type SessionEvents, type SessionState } from './brokerSession.ts';

/** A stand-in mqtt client: records what is published, lets the test play the broker. */
class FakeClient extends EventEmitter {
  connected = false;
  published: { topic: string; payload: string }[] = [];
  subscribed: string[] = [];
  subscribe(topics: string[]) {
    this.subscribed.push(...topics);
  }
  publish(topic: string, payload: string, _options: unknown, done?: (error?: Error) => void) {
    this.published.push({ topic, payload });
    done?.();
  }
  end() {
    this.connected = false;
    this.emit('close');
  }
  up() {
    this.connected = true;
    this.emit('connect');
  }
}

function setup() {
  const client = new FakeClient();
  const states: [SessionState, string | null][] = [];
  const heartbeats: number[] = [];
  const events: SessionEvents = {
    state: (s, n) => states.push([s, n]),
    message: () => {},
    heartbeat: (t) => heartbeats.push(t),
  };
  const connect = vi.fn(() => client as unknown as MqttClient);
  return { client, states, heartbeats, events, connect };
}

afterEach(() => vi.useRealTimers());

describe('BrokerSession', () => {
  it("refuses a device id that is not 12 hex: 'invalid device ID format'", () => {
    const { events } = setup();
    expect(() => new BrokerSession({ url: 'ws://x/mqtt', deviceId: '04178020000', events })).toThrow(
      expect.objectContaining({ code: 'BROKER_INVALID_DEVICE_ID' }),
    );
  });

  it('connects, sends a hex command to the send topic and answers the reply of the receive topic', async () => {
    const { client, states, heartbeats, events, connect } = setup();
    const session = new BrokerSession({ url: 'ws://x/mqtt', deviceId: '041780200001', events, connect });
    const opened = session.open();
    await vi.waitFor(() => expect(connect).toHaveBeenCalled());
    client.up();
    await opened;
    expect(client.subscribed).toEqual(['lockdesk/receive/041780200001', 'lockdesk/heartbeat/041780200001']);
    expect(states.at(-1)).toEqual(['connected', null]);

    const reply = session.send('a5040100a0');
    expect(client.published).toEqual([{ topic: 'lockdesk/send/041780200001', payload: 'A5040100A0' }]);
    client.emit('message', 'lockdesk/heartbeat/041780200001', Buffer.from('{"encoder":"online"}'));
    client.emit('message', 'lockdesk/receive/041780200001', Buffer.from('5A0601000159\n'));
    await expect(reply).resolves.toBe('5A0601000159');
    expect(heartbeats).toHaveLength(1);
  });

  it("refuses a command that is not hex: 'invalid hex format', nothing published", async () => {
    const { client, events, connect } = setup();
    const session = new BrokerSession({ url: 'ws://x/mqtt', deviceId: '041780200001', events, connect });
    const opened = session.open();
    await vi.waitFor(() => expect(connect).toHaveBeenCalled());
    client.up();
    await opened;
    await expect(session.send('A5 0')).rejects.toMatchObject({ code: 'BROKER_INVALID_HEX' });
    await expect(session.send('A')).rejects.toMatchObject({ code: 'BROKER_INVALID_HEX' });
    expect(client.published).toEqual([]);
  });

  it("says 'Trying to reconnect...' when the connection drops, and 'response timeout' after 10 s", async () => {
    const { client, states, events, connect } = setup();
    const session = new BrokerSession({ url: 'ws://x/mqtt', deviceId: '041780200001', events, connect });
    const opened = session.open();
    await vi.waitFor(() => expect(connect).toHaveBeenCalled());
    client.up();
    await opened;
    vi.useFakeTimers();
    const reply = session.send('A5');
    const settled = expect(reply).rejects.toMatchObject({ code: 'BROKER_RESPONSE_TIMEOUT' });
    await vi.advanceTimersByTimeAsync(10_000);
    await settled;
    client.connected = false;
    client.emit('close');
    client.emit('reconnect');
    expect(states.slice(-2)).toEqual([
      ['closed', 'Trying to reconnect...'],
      ['connecting', 'Trying to reconnect...'],
    ]);
    await expect(session.send('A5')).rejects.toMatchObject({ code: 'BROKER_DEVICE_NOT_CONNECTED' });
  });

  it("'connection timeout' when the broker does not take the connection in 10 s", async () => {
    vi.useFakeTimers();
    const { events, connect } = setup();
    const session = new BrokerSession({ url: 'ws://x/mqtt', deviceId: '041780200001', events, connect });
    const opened = session.open();
    const settled = expect(opened).rejects.toMatchObject({ code: 'BROKER_CONNECTION_TIMEOUT' });
    await vi.advanceTimersByTimeAsync(10_000);
    await settled;
  });
});
