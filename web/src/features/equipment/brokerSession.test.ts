import { EventEmitter } from 'node:events';
import type { IClientOptions, MqttClient } from 'mqtt';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BrokerCredentialProvider } from '../../cardService/brokerLogin.ts';
import { FakeMqtt } from '../../cardService/testing/fakeMqtt.ts';
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

describe('BrokerSession with the operator’s broker credential', () => {
  /** broker/credential as the server answers it: numbered new credentials, renewals without the password. */
  function credentialServer(ttl = 600) {
    let issued = 0;
    const calls: Array<{ username: string } | undefined> = [];
    const provider = vi.fn<BrokerCredentialProvider>(async (renew) => {
      calls.push(renew);
      const expires_at = Math.floor(Date.now() / 1000) + ttl;
      if (renew) return { username: renew.username, expires_at, ttl };
      issued++;
      return { username: `console-${issued}`, password: `secret-${issued}`, expires_at, ttl };
    });
    return { provider, calls };
  }
  function session(provider: BrokerCredentialProvider) {
    const clients: FakeMqtt[] = [];
    const failures: string[] = [];
    const connect = vi.fn((_url: string, options: IClientOptions) => {
      const client = new FakeMqtt();
      client.options = { ...options } as Record<string, unknown>;
      clients.push(client);
      return client.asClient();
    });
    const events: SessionEvents = {
      state: () => {},
      message: () => {},
      heartbeat: () => {},
      failed: (error) => failures.push(error.code),
    };
    const opened = new BrokerSession({
      url: 'ws://127.0.0.1:8083/mqtt',
      deviceId: '041780200001',
      events,
      connect,
      credentials: provider,
    });
    return { opened, clients, failures };
  }

  it('logs in with the fetched credential, renews it at half the ttl, and stops renewing when closed', async () => {
    vi.useFakeTimers();
    const { provider, calls } = credentialServer(600);
    const { opened, clients } = session(provider);
    const open = opened.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(clients[0]?.options).toMatchObject({ username: 'console-1', password: 'secret-1' });
    clients[0]?.up();
    await open;
    await vi.advanceTimersByTimeAsync(300_000);
    expect(calls).toEqual([undefined, { username: 'console-1' }]);
    opened.close();
    expect(clients[0]?.ended).toBe(true);
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(calls).toHaveLength(2);
  });

  it('fetches one new credential when the broker refuses the held one on a reconnect; a second refusal is reported', async () => {
    vi.useFakeTimers();
    const { provider, calls } = credentialServer();
    const { opened, clients, failures } = session(provider);
    const open = opened.open();
    await vi.advanceTimersByTimeAsync(0);
    clients[0]?.up();
    await open;
    clients[0]?.refuse(5);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([undefined, undefined]);
    expect(clients[1]?.options).toMatchObject({ username: 'console-2', password: 'secret-2' });
    clients[1]?.refuse(5);
    await vi.advanceTimersByTimeAsync(0);
    expect(failures).toEqual(['BROKER_NOT_AUTHORIZED']);
    expect(calls).toHaveLength(2);
  });

  it('a new credential refused at open: BROKER_NOT_AUTHORIZED', async () => {
    const { provider } = credentialServer();
    const { opened, clients } = session(provider);
    const open = opened.open().catch((error: { code: string }) => error.code);
    await vi.waitFor(() => expect(clients).toHaveLength(1));
    clients[0]?.refuse(4);
    expect(await open).toBe('BROKER_NOT_AUTHORIZED');
  });
});
