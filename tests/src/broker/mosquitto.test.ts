// The production broker admits no stranger (issue 19 §2): a real Mosquitto on deploy/mosquitto/mosquitto.conf with
// its dynamic-security plugin initialised for this run, and a real server (in this process, on embedded PGlite, with
// a clock the suite moves) managing it as the dynsec admin. Clients are real MQTT clients over TCP and WebSocket.
// Without mosquitto, mosquitto_ctrl or the plugin the suite says plainly that it did not run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_ENVELOPE_KEYS, encryptEnvelope } from '@lockdesk/protocol';
import {
  createAdmin,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  openAnswer,
  type RunningServer,
  startServer,
  sweepBrokerCredentials,
} from '@lockdesk/server';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DynsecBroker, dynsecMissing, startDynsecMosquitto } from './dynsec-mosquitto.js';

const missing = dynsecMissing();
const READER_1 = '041780200001'; // the demo hotel's encoder
const READER_1B = '0417802000B1'; // a second reader of the demo hotel, added during the suite
const READER_2 = '0A0B0C0D0E0F'; // hotel 2's encoder
const HOTEL_2_ADMIN = '13700137111';

interface Credential {
  username: string;
  password?: string;
  expires_at?: number;
  devices?: string[];
}

class Clock {
  ms = Date.now();
  now = (): number => this.ms;
}

if (missing.length === 0)
  describe('the production broker (Mosquitto + dynamic security, managed by the server)', () => {
    let broker: DynsecBroker;
    let server: RunningServer;
    const clock = new Clock();
    const clients: MqttClient[] = [];

    const call = async <T>(path: string, body: object, token?: string): Promise<T> => {
      const sealed = encryptEnvelope({ action: 'manage', ...body }, DEFAULT_ENVELOPE_KEYS);
      if (!sealed.ok) throw new Error(sealed.detail);
      const res = await fetch(`${server.url}/manage/${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ data: sealed.value }),
      });
      const answer = openAnswer<T>(await res.text(), res.status, DEFAULT_ENVELOPE_KEYS);
      if (answer.errno !== 0) throw new Error(`${path}: ${answer.errno} ${answer.errmsg}`);
      return answer.data;
    };
    const login = async (mobile: string) =>
      (await call<{ token: string }>('login', { mobile, password: DEMO_PASSWORD })).token;

    /** Connects once (no retry); resolves the client or rejects with the broker's refusal. */
    const connect = async (
      c: { username?: string; password?: string } | null,
      url = broker.url,
      extra: IClientOptions = {},
    ): Promise<MqttClient> => {
      const client = await mqtt.connectAsync(url, {
        reconnectPeriod: 0,
        connectTimeout: 5_000,
        ...(c ? { username: c.username, password: c.password } : {}),
        ...extra,
      });
      clients.push(client);
      return client;
    };
    /** The CONNACK return code of a refused connection (5: not authorised). */
    const refusal = async (c: { username?: string; password?: string } | null, url = broker.url) => {
      try {
        const client = await connect(c, url);
        await client.endAsync(true);
        return 0;
      } catch (e) {
        return (e as { code?: number }).code ?? -1;
      }
    };
    /** Resolves when the broker closes the client's connection. */
    const closed = (client: MqttClient) =>
      new Promise<void>((resolve) => {
        if (!client.connected) resolve();
        client.once('close', () => resolve());
      });
    /** The SUBACK's code for one subscription: the granted QoS, or 128 (0x80) when the broker refused it. */
    const grantedQos = async (client: MqttClient, topic: string): Promise<number | undefined> => {
      try {
        return (await client.subscribeAsync(topic, { qos: 1 }))[0]?.qos;
      } catch (e) {
        // mqtt.js rejects a SUBACK holding a refusal; the packet says which code the broker gave.
        const granted = (e as { packet?: { granted?: (number | { qos: number })[] } }).packet?.granted?.[0];
        if (granted === undefined) throw e;
        return typeof granted === 'number' ? granted : granted.qos;
      }
    };
    /** The next message a client receives (topic and payload). */
    const nextMessage = (client: MqttClient) =>
      new Promise<{ topic: string; payload: string }>((resolve) =>
        client.once('message', (topic, payload) => resolve({ topic, payload: payload.toString() })),
      );

    let dataDir: string | undefined;
    let superToken: string;
    let hotel2Token: string;
    let gateway1: Credential;
    let gateway2: Credential;

    beforeAll(async () => {
      broker = await startDynsecMosquitto();
      dataDir = mkdtempSync(join(tmpdir(), 'lockdesk-broker-server-'));
      server = await startServer({
        port: 0,
        host: '127.0.0.1',
        demo: true,
        logger: false,
        webDist: null,
        scryptCost: 2 ** 10,
        database: { kind: 'pglite', dataDir: 'memory://' },
        dataDir,
        now: clock.now,
        brokerAdmin: { url: broker.url, ...broker.admin },
      });
      await createAdmin(server.app.db, {
        mobile: HOTEL_2_ADMIN,
        password: DEMO_PASSWORD,
        hotelName: 'Hotel 2',
        scryptCost: 2 ** 10,
        now: clock.ms,
      });
      superToken = await login(DEMO_ACCOUNTS.super);
      hotel2Token = await login(HOTEL_2_ADMIN);
      await call('cardDispenser/add', { mac_id: READER_2, type: '1' }, hotel2Token);
      gateway1 = await call<Credential>('dispenser/brokerCredential', { mac_id: READER_1 }, superToken);
      gateway2 = await call<Credential>('dispenser/brokerCredential', { mac_id: READER_2 }, hotel2Token);
    });

    afterAll(async () => {
      await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
      await server?.close();
      await broker?.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('refuses an anonymous client, over MQTT and over WebSocket', async () => {
      expect(await refusal(null)).toBe(5);
      expect(await refusal(null, broker.wsUrl)).toBe(5);
      expect(await refusal({ username: 'console-000000000000000000000000', password: 'guess' })).toBe(5);
    });

    it('admits the credentials the server issued, knowing each before the issuing call answered', async () => {
      const console1 = await call<Credential>('broker/credential', {}, superToken);
      // No wait in between: the call answered after the broker confirmed the client.
      const client = await connect(console1, broker.wsUrl);
      expect(client.connected).toBe(true);
      const gw = await connect(gateway1);
      expect(gw.connected).toBe(true);
      await Promise.all([client.endAsync(true), gw.endAsync(true)]);
    });

    it('carries a console command to its own gateway and the answer back, and nothing else', async () => {
      const consoleCred = await call<Credential>('broker/credential', {}, superToken);
      const consoleClient = await connect(consoleCred);
      const gw = await connect(gateway1);
      expect(await grantedQos(gw, `lockdesk/send/${READER_1}`)).toBe(1);
      expect(await grantedQos(consoleClient, `lockdesk/receive/${READER_1}`)).toBe(1);
      expect(await grantedQos(consoleClient, `lockdesk/heartbeat/${READER_1}`)).toBe(1);
      expect(await grantedQos(consoleClient, `lockdesk/state/${READER_1}`)).toBe(1);
      // The console may not listen to the commands, nor to everything.
      expect(await grantedQos(consoleClient, `lockdesk/send/${READER_1}`)).toBe(128);
      expect(await grantedQos(consoleClient, 'lockdesk/#')).toBe(128);

      const command = nextMessage(gw);
      await consoleClient.publishAsync(`lockdesk/send/${READER_1}`, 'A50401', { qos: 1 });
      expect(await command).toEqual({ topic: `lockdesk/send/${READER_1}`, payload: 'A50401' });
      const reply = nextMessage(consoleClient);
      await gw.publishAsync(`lockdesk/receive/${READER_1}`, 'A50500', { qos: 1 });
      expect(await reply).toEqual({ topic: `lockdesk/receive/${READER_1}`, payload: 'A50500' });
    });

    it('keeps hotel 2 off hotel 1’s encoder: its subscriptions are refused (0x80) and its commands never arrive', async () => {
      const hotel2 = await connect(await call<Credential>('broker/credential', {}, hotel2Token));
      const hotel1 = await connect(await call<Credential>('broker/credential', {}, superToken));
      const gw1 = await connect(gateway1);
      expect(await grantedQos(gw1, `lockdesk/send/${READER_1}`)).toBe(1);
      for (const topic of [
        `lockdesk/receive/${READER_1}`,
        `lockdesk/heartbeat/${READER_1}`,
        `lockdesk/state/${READER_1}`,
        'lockdesk/receive/+',
        '#',
      ])
        expect(await grantedQos(hotel2, topic), topic).toBe(128);
      expect(await grantedQos(hotel2, `lockdesk/receive/${READER_2}`)).toBe(1);

      // Hotel 2's command is acknowledged (MQTT 3.1.1 drops a refused publish silently) but never delivered: the
      // first command hotel 1's gateway receives is the one hotel 1 sent after it.
      const first = nextMessage(gw1);
      await hotel2.publishAsync(`lockdesk/send/${READER_1}`, 'A5FFFF', { qos: 1 });
      await hotel1.publishAsync(`lockdesk/send/${READER_1}`, 'A50401', { qos: 1 });
      expect(await first).toEqual({ topic: `lockdesk/send/${READER_1}`, payload: 'A50401' });
    });

    it('lets a gateway credential use its own device’s topics only', async () => {
      const observer = await connect(broker.admin); // the dynsec admin may read everything
      expect(await grantedQos(observer, 'lockdesk/#')).toBe(1);
      const gw2 = await connect(gateway2);
      for (const topic of [`lockdesk/send/${READER_1}`, 'lockdesk/send/+', `lockdesk/receive/${READER_2}`])
        expect(await grantedQos(gw2, topic), topic).toBe(128);
      expect(await grantedQos(gw2, `lockdesk/send/${READER_2}`)).toBe(1);
      // Its answers, heartbeats and states for another device never arrive; its own do.
      const first = nextMessage(observer);
      await gw2.publishAsync(`lockdesk/receive/${READER_1}`, 'A5FFFF', { qos: 1 });
      await gw2.publishAsync(`lockdesk/heartbeat/${READER_1}`, 'A5FFFF', { qos: 1 });
      await gw2.publishAsync(`lockdesk/state/${READER_2}`, 'online', { qos: 1, retain: true });
      expect(await first).toEqual({ topic: `lockdesk/state/${READER_2}`, payload: 'online' });
      // A last will on its own state topic is accepted; on another device's it is refused at connect.
      expect(
        (
          await connect(gateway2, broker.url, {
            will: {
              topic: `lockdesk/state/${READER_2}`,
              payload: Buffer.from('offline'),
              qos: 1,
              retain: true,
            },
          })
        ).connected,
      ).toBe(true);
    });

    it('drops the old gateway password at rotation, and its live connection', async () => {
      const old = await call<Credential>('dispenser/brokerCredential', { mac_id: READER_2 }, hotel2Token);
      const live = await connect(old);
      const gone = closed(live);
      gateway2 = await call<Credential>('dispenser/brokerCredential', { mac_id: READER_2 }, hotel2Token);
      await gone;
      expect(await refusal(old)).toBe(5);
      expect(await refusal(gateway2)).toBe(0);
    });

    it('refuses a logged-out credential and drops its live connection', async () => {
      const token = await login(DEMO_ACCOUNTS.secondary);
      const cred = await call<Credential>('broker/credential', {}, token);
      const live = await connect(cred);
      const gone = closed(live);
      await call('logout', {}, token);
      await gone;
      expect(await refusal(cred)).toBe(5);
    });

    it('refuses an expired credential once the sweeper ran, dropping its live connection; a renewed one lives on', async () => {
      const token = await login(DEMO_ACCOUNTS.staff);
      const expiring = await call<Credential>('broker/credential', {}, token);
      const renewed = await call<Credential>('broker/credential', {}, superToken);
      const live = await connect(expiring);
      const kept = await connect(renewed);
      const gone = closed(live);
      clock.ms += 300_000;
      await call('broker/credential', { username: renewed.username }, superToken);
      clock.ms += 301_000;
      const { removed } = await sweepBrokerCredentials(server.app.db, server.app.brokerMirror, clock.now());
      expect(removed).toBeGreaterThanOrEqual(1);
      await gone;
      expect(await refusal(expiring)).toBe(5);
      expect(kept.connected).toBe(true);
      expect(await refusal(renewed)).toBe(0);
    });

    it('lets the hotel’s console credentials reach a reader added after they were issued', async () => {
      const cred = await call<Credential>('broker/credential', {}, superToken);
      const client = await connect(cred);
      expect(await grantedQos(client, `lockdesk/receive/${READER_1B}`)).toBe(128);
      await call('cardDispenser/add', { mac_id: READER_1B, type: '1' }, superToken);
      expect(await grantedQos(client, `lockdesk/receive/${READER_1B}`)).toBe(1);
    });

    it('removes from the broker a credential whose reader is gone, at the next sweep', async () => {
      const cred = await call<Credential>('dispenser/brokerCredential', { mac_id: READER_1B }, superToken);
      expect(await refusal(cred)).toBe(0);
      await server.app.db.deleteFrom('card_dispensers').where('mac_id', '=', READER_1B).execute();
      await sweepBrokerCredentials(server.app.db, server.app.brokerMirror, clock.now());
      expect(await refusal(cred)).toBe(5);
    });
  });
else
  describe('the production broker (not run here)', () => {
    it('names what this machine lacks for the broker suite', () => {
      console.warn(
        `broker suite NOT RUN: this machine lacks ${missing.join(', ')} (apt-get install mosquitto mosquitto-clients)`,
      );
      expect(missing.length).toBeGreaterThan(0);
    });
  });
