import type { IClientOptions } from 'mqtt';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BrokerCredential, BrokerCredentialProvider } from './brokerLogin.ts';
import { RemoteReader } from './remoteReader.ts';
import { createCardService, remoteReaderFor, setBrokerCredentialProvider } from './service.ts';
import { fakeDevice } from './testing/fakeDevice.ts';
import { FakeMqtt } from './testing/fakeMqtt.ts';
import type { ReaderInfo } from './types.ts';

// The remote reader logs in to the broker with the operator's short-lived credential (issue 19 §2,
// BROKER-CONTRACT 'Console'): the test plays the server's broker/credential and the broker (FakeMqtt).

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A stand-in for broker/credential: numbered credentials, renewals answered without the password. */
function server(ttl = 600) {
  let issued = 0;
  const calls: Array<{ username: string } | undefined> = [];
  const provider = vi.fn<BrokerCredentialProvider>(async (renew) => {
    calls.push(renew);
    const expires_at = Math.floor(Date.now() / 1000) + ttl;
    if (renew) return { username: renew.username, expires_at, ttl };
    issued++;
    return { username: `console-${issued}`, password: `secret-${issued}`, expires_at, ttl, devices: [] };
  });
  return { provider, calls };
}

/** A remote reader whose every connection is a new FakeMqtt, remembered with the options it was opened with. */
function reader(provider: BrokerCredentialProvider) {
  const clients: FakeMqtt[] = [];
  const connect = vi.fn((_url: string, options: IClientOptions) => {
    const client = new FakeMqtt();
    client.options = { ...options } as Record<string, unknown>;
    clients.push(client);
    return client.asClient();
  });
  const infos: Partial<ReaderInfo>[] = [];
  const remote = new RemoteReader({
    deviceId: '041780200001',
    brokerUrl: 'wss://broker.example:8084/mqtt',
    connect,
    credentials: provider,
    onInfo: (info) => infos.push(info),
  });
  return { remote, clients, connect, infos };
}

const settle = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: { code?: string }) => error,
  );

describe('the remote reader with the operator’s broker credential', () => {
  it('fetches a credential before connecting and logs in with it', async () => {
    const { provider } = server();
    const { remote, clients } = reader(provider);
    const attached = remote.attach();
    await vi.advanceTimersByTimeAsync(0);
    expect(provider).toHaveBeenCalledTimes(1);
    expect(provider).toHaveBeenCalledWith();
    expect(clients[0]?.options).toMatchObject({ username: 'console-1', password: 'secret-1' });
    clients[0]?.up();
    await attached;
  });

  it('renews the same credential at half its ttl while connected, and stops when closed', async () => {
    const { provider, calls } = server(600);
    const { remote, clients } = reader(provider);
    const attached = remote.attach();
    await vi.advanceTimersByTimeAsync(0);
    clients[0]?.up();
    await attached;
    await vi.advanceTimersByTimeAsync(299_000);
    expect(calls).toEqual([undefined]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toEqual([undefined, { username: 'console-1' }]);
    await vi.advanceTimersByTimeAsync(300_000);
    expect(calls).toEqual([undefined, { username: 'console-1' }, { username: 'console-1' }]);
    // A renewal keeps the login: mqtt reconnects with the same user name and password.
    expect(clients[0]?.options).toMatchObject({ username: 'console-1', password: 'secret-1' });
    remote.close();
    expect(clients[0]?.ended).toBe(true);
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(calls).toHaveLength(3);
  });

  it('fetches a new credential once when the broker refuses the one it held, and goes on with it', async () => {
    const { provider, calls } = server();
    const { remote, clients } = reader(provider);
    const attached = remote.attach();
    await vi.advanceTimersByTimeAsync(0);
    clients[0]?.up();
    await attached;
    // The connection drops; mqtt's reconnect is refused (the credential died meanwhile, e.g. a long sleep).
    clients[0]?.refuse(5);
    await vi.advanceTimersByTimeAsync(0);
    expect(clients[0]?.ended).toBe(true);
    expect(calls).toEqual([undefined, undefined]);
    expect(clients[1]?.options).toMatchObject({ username: 'console-2', password: 'secret-2' });
    clients[1]?.up();
    const device = fakeDevice({ uid: '11223344' });
    clients[1]!.autoReply = device;
    expect(await remote.findCard()).toMatchObject({ uid: '11223344' });
  });

  it('a new credential refused is BROKER_NOT_AUTHORIZED, shown as the notice, and not fetched again', async () => {
    const { provider, calls } = server();
    const { remote, clients, infos } = reader(provider);
    const attached = settle(remote.attach());
    await vi.advanceTimersByTimeAsync(0);
    clients[0]?.refuse(4);
    expect(await attached).toMatchObject({ code: 'BROKER_NOT_AUTHORIZED' });
    expect(calls).toHaveLength(1);
    expect(clients).toHaveLength(1);
    expect(clients[0]?.ended).toBe(true);
    expect(infos.at(-1)).toMatchObject({ online: false, notice: 'the broker refused the credential' });
  });

  it('a credential refused again after the one renewal: the reader stops and says so on the next use', async () => {
    const { provider, calls } = server();
    const { remote, clients } = reader(provider);
    const attached = remote.attach();
    await vi.advanceTimersByTimeAsync(0);
    clients[0]?.up();
    await attached;
    clients[0]?.refuse(5);
    await vi.advanceTimersByTimeAsync(0);
    clients[1]?.refuse(5);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([undefined, undefined]);
    expect(clients).toHaveLength(2);
    // The next operation asks for a credential again (the operator may have signed in anew).
    const next = settle(remote.connect());
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(3);
    clients[2]?.refuse(5);
    expect(await next).toMatchObject({ code: 'BROKER_NOT_AUTHORIZED' });
  });

  it('says BROKER_CREDENTIAL_UNAVAILABLE when the server gives no credential (signed out, offline)', async () => {
    const provider = vi.fn<BrokerCredentialProvider>(async () => {
      throw new Error('session revoked');
    });
    const { remote, connect } = reader(provider);
    expect(await settle(remote.connect())).toMatchObject({ code: 'BROKER_CREDENTIAL_UNAVAILABLE' });
    expect(connect).not.toHaveBeenCalled();
  });

  it('refuses an answer without a password for a new credential', async () => {
    const provider = vi.fn<BrokerCredentialProvider>(
      async () => ({ username: 'console-x', expires_at: 0, ttl: 600 }) as BrokerCredential,
    );
    const { remote } = reader(provider);
    expect(await settle(remote.attach())).toMatchObject({ code: 'BROKER_CREDENTIAL_UNAVAILABLE' });
  });
});

describe('the card service', () => {
  it('hands its credential provider to the remote reader, and closes the connection when disposed (logout)', async () => {
    const { provider } = server();
    const client = new FakeMqtt();
    const connect = vi.fn((_url: string, options: IClientOptions) => {
      client.options = { ...options } as Record<string, unknown>;
      return client.asClient();
    });
    const service = createCardService({
      storage: null,
      defaultKind: 4,
      deviceId: '041780200001',
      mqttConnect: connect,
      brokerCredentials: provider,
    });
    const refreshed = service.refresh();
    await vi.advanceTimersByTimeAsync(0);
    expect(client.options).toMatchObject({ username: 'console-1', password: 'secret-1' });
    client.up();
    await refreshed;
    service.dispose();
    expect(client.ended).toBe(true);
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(provider).toHaveBeenCalledTimes(1);
  });
});

describe('a remote reader or dispenser a page drives directly (remoteReaderFor)', () => {
  afterEach(() => setBrokerCredentialProvider(null));

  it('logs in with the operator’s credential from the console’s provider, not anonymously', async () => {
    const { provider } = server();
    setBrokerCredentialProvider(provider);
    const clients: FakeMqtt[] = [];
    const remote = remoteReaderFor('041780200004', (_url, options) => {
      const client = new FakeMqtt('041780200004');
      client.options = { ...options } as Record<string, unknown>;
      clients.push(client);
      return client.asClient();
    });
    const attached = remote.attach();
    await vi.advanceTimersByTimeAsync(0);
    expect(provider).toHaveBeenCalledTimes(1);
    expect(clients[0]?.options).toMatchObject({ username: 'console-1', password: 'secret-1' });
    clients[0]?.up();
    await attached;
    remote.close();
  });

  it('says the credential is unavailable when the console has no provider', async () => {
    const clients: FakeMqtt[] = [];
    const remote = remoteReaderFor('041780200004', () => {
      const client = new FakeMqtt('041780200004');
      clients.push(client);
      return client.asClient();
    });
    const outcome = settle(remote.attach());
    await vi.advanceTimersByTimeAsync(0);
    expect(await outcome).toMatchObject({ code: 'BROKER_CREDENTIAL_UNAVAILABLE' });
    expect(clients).toEqual([]);
  });
});
