import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BROKER } from '@lockdesk/protocol';

/** A credential the fake server knows: a console's (reads and drives its devices) or a gateway's (its device). */
export interface FakeCredential {
  username: string;
  password: string;
  kind: 'console' | 'gateway';
  devices: string[];
  /** Epoch seconds (console credentials). */
  expireAt?: number;
}

/**
 * A stand-in for the LockDesk server's `POST /broker/auth` (BROKER-CONTRACT): answers allow with the contract's
 * ACL for the credentials it was given, deny otherwise; a test revokes or expires one to see the broker react.
 * The real server's endpoint is exercised by the suites in tests/.
 */
export interface FakeBrokerAuth {
  url: string;
  /** Every question asked, in order. */
  asked: Array<{ username: string; password: string; clientid?: string }>;
  add(credential: FakeCredential): FakeCredential;
  /** A console credential for these devices (a new random username), valid for `ttl` seconds. */
  console(devices: string[], ttl?: number): FakeCredential;
  /** The gateway credential of a device. */
  gateway(deviceId: string): FakeCredential;
  revoke(username: string): void;
  /** Answers 503 (the server is down) until called again with false. */
  down(isDown: boolean): void;
  close(): Promise<void>;
}

export function aclOf(credential: FakeCredential) {
  const rule = (action: 'publish' | 'subscribe', topic: string) => ({ permission: 'allow', action, topic });
  return credential.devices.flatMap((id) =>
    credential.kind === 'console'
      ? [
          rule('publish', BROKER.topics.send + id),
          rule('subscribe', BROKER.topics.receive + id),
          rule('subscribe', BROKER.topics.heartbeat + id),
          rule('subscribe', BROKER.topics.state + id),
        ]
      : [
          rule('subscribe', BROKER.topics.send + id),
          rule('publish', BROKER.topics.receive + id),
          rule('publish', BROKER.topics.heartbeat + id),
          rule('publish', BROKER.topics.state + id),
        ],
  );
}

let counter = 0;

export async function startFakeBrokerAuth(): Promise<FakeBrokerAuth> {
  const known = new Map<string, FakeCredential>();
  const asked: FakeBrokerAuth['asked'] = [];
  let isDown = false;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      if (isDown || request.method !== 'POST' || request.url !== '/broker/auth') {
        response.writeHead(isDown ? 503 : 404).end();
        return;
      }
      const question = JSON.parse(body) as { username: string; password: string; clientid?: string };
      asked.push(question);
      const credential = known.get(question.username);
      const live =
        credential &&
        credential.password === question.password &&
        (credential.expireAt === undefined || credential.expireAt * 1000 > Date.now());
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify(
          live
            ? {
                result: 'allow',
                is_superuser: false,
                kind: credential.kind,
                devices: credential.devices,
                ...(credential.expireAt !== undefined ? { expire_at: credential.expireAt } : {}),
                acl: aclOf(credential),
              }
            : { result: 'deny' },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const add = (credential: FakeCredential) => {
    known.set(credential.username, credential);
    return credential;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    asked,
    add,
    console: (devices, ttl = 600) =>
      add({
        username: `console-${++counter}`,
        password: `pw-${counter}-${Math.random().toString(36).slice(2)}`,
        kind: 'console',
        devices,
        expireAt: Math.floor(Date.now() / 1000) + ttl,
      }),
    gateway: (deviceId) =>
      add({
        username: `gateway-${deviceId}`,
        password: `gw-${Math.random().toString(36).slice(2)}`,
        kind: 'gateway',
        devices: [deviceId],
      }),
    revoke: (username) => known.delete(username),
    down: (value) => {
      isDown = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
