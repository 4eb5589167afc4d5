import { randomBytes, timingSafeEqual } from 'node:crypto';
import { BROKER } from '@lockdesk/protocol';
import type { AuthenticateError, Client, PublishPacket, Subscription } from 'aedes';
import type { Logger } from '../log.js';

/** One rule of a client's access list, as the server's `POST /broker/auth` answers it (EMQX 5's shape). */
export interface BrokerAclRule {
  permission: 'allow' | 'deny';
  action: 'publish' | 'subscribe' | 'all';
  topic: string;
}

/** What the server said about a credential. `unavailable`: it could not be asked (down, or a bad answer). */
export type BrokerAuthAnswer =
  | { result: 'allow'; acl: BrokerAclRule[]; expireAt: number | null }
  | { result: 'deny' }
  | { result: 'unavailable'; reason: string };

/** A credential the bridge of this very process uses on its own embedded broker; it never leaves the process. */
export interface InProcessCredential {
  username: string;
  password: string;
}

export interface BrokerAuthorityOptions {
  /** The LockDesk server whose `POST /broker/auth` decides for every client but the bridge; null: nobody else. */
  serverUrl: string | null;
  /** How often an admitted client's credential is asked about again (seconds). */
  recheckSeconds: number;
  logger: Logger;
  /** The HTTP client (tests hand in their own). */
  fetch?: typeof fetch;
  /** How long one question to the server may take before the client is refused as 'server unavailable'. */
  askTimeoutMs?: number;
  /** The clock in ms (tests move it). */
  now?: () => number;
}

/** What the broker keeps about an admitted client. */
interface Admitted {
  username: string;
  password: Buffer;
  acl: BrokerAclRule[];
  expireAt: number | null;
  timer: NodeJS.Timeout | undefined;
  inProcess: boolean;
}

/** MQTT 3.1.1 §3.2.2.3 CONNACK return codes of a refusal. */
const SERVER_UNAVAILABLE = 3;
const BAD_USERNAME_OR_PASSWORD = 4;
const NOT_AUTHORIZED = 5;

function refusal(returnCode: number, message: string): AuthenticateError {
  return Object.assign(new Error(message), { returnCode }) as AuthenticateError;
}

/** True when an MQTT topic filter (with + and #) matches a topic name. */
export function topicMatches(filter: string, topic: string): boolean {
  const f = filter.split('/');
  const t = topic.split('/');
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '#') return i < t.length || i === t.length;
    if (i >= t.length) return false;
    if (f[i] !== '+' && f[i] !== t[i]) return false;
  }
  return f.length === t.length;
}

/** Whether a rule of the list allows the action on the topic (publish: a topic; subscribe: a filter). */
export function aclAllows(
  acl: readonly BrokerAclRule[],
  action: 'publish' | 'subscribe',
  topic: string,
): boolean {
  const applies = (rule: BrokerAclRule) => rule.action === action || rule.action === 'all';
  // A subscription with wildcards is allowed only by a rule holding the same filter: `lockdesk/receive/+` would
  // read every hotel's readers.
  const covers = (rule: BrokerAclRule) =>
    action === 'subscribe' && /[+#]/.test(topic) ? rule.topic === topic : topicMatches(rule.topic, topic);
  if (acl.some((rule) => rule.permission === 'deny' && applies(rule) && covers(rule))) return false;
  return acl.some((rule) => rule.permission === 'allow' && applies(rule) && covers(rule));
}

/** The access list of a gateway's bridge: its own device's topics (the gateway credential's ACL of the contract). */
export function bridgeAcl(deviceId: string): BrokerAclRule[] {
  const rule = (action: 'publish' | 'subscribe', topic: string): BrokerAclRule => ({
    permission: 'allow',
    action,
    topic: topic + deviceId,
  });
  return [
    rule('subscribe', BROKER.topics.send),
    rule('publish', BROKER.topics.receive),
    rule('publish', BROKER.topics.heartbeat),
    rule('publish', BROKER.topics.state),
  ];
}

/** Reads the server's answer; anything not shaped as the contract says counts as unavailable. */
function parseAnswer(body: unknown): BrokerAuthAnswer {
  if (body === null || typeof body !== 'object') return { result: 'unavailable', reason: 'not JSON' };
  const answer = body as Record<string, unknown>;
  if (answer['result'] === 'deny') return { result: 'deny' };
  if (answer['result'] !== 'allow') return { result: 'unavailable', reason: 'no result in the answer' };
  // A superuser would get `#`; no LockDesk credential is one, so such an answer is not believed.
  if (answer['is_superuser'] === true) return { result: 'deny' };
  const acl = Array.isArray(answer['acl']) ? answer['acl'] : [];
  const rules: BrokerAclRule[] = [];
  for (const item of acl) {
    const rule = item as Record<string, unknown>;
    if (
      (rule['permission'] === 'allow' || rule['permission'] === 'deny') &&
      (rule['action'] === 'publish' || rule['action'] === 'subscribe' || rule['action'] === 'all') &&
      typeof rule['topic'] === 'string' &&
      rule['topic'] !== ''
    )
      rules.push({ permission: rule['permission'], action: rule['action'], topic: rule['topic'] });
  }
  const expire = answer['expire_at'];
  return {
    result: 'allow',
    acl: rules,
    expireAt: typeof expire === 'number' && Number.isFinite(expire) ? expire : null,
  };
}

/**
 * Who may use the embedded broker and what each may do (issue 19 §2, BROKER-CONTRACT 'Aedes'): the bridge of this
 * process with its in-process credential, anyone else as the LockDesk server's `POST /broker/auth` says, asked
 * again at the credential's expiry and every `recheckSeconds`, so a logout reaches live connections. Nobody is
 * anonymous and nobody gets `#`.
 */
export class BrokerAuthority {
  private readonly options: BrokerAuthorityOptions;
  private readonly admitted = new Map<Client, Admitted>();
  private readonly inProcess = new Map<string, { password: Buffer; acl: BrokerAclRule[] }>();
  private closed = false;

  constructor(options: BrokerAuthorityOptions) {
    this.options = options;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** A credential for this process's bridge of `deviceId`, admitted to that device's topics only. */
  bridgeCredential(deviceId: string): InProcessCredential {
    const username = `gateway-bridge-${deviceId}-${randomBytes(4).toString('hex')}`;
    const password = randomBytes(32).toString('base64url');
    this.inProcess.set(username, { password: Buffer.from(password), acl: bridgeAcl(deviceId) });
    return { username, password };
  }

  /** Asks the server about a credential. */
  async ask(username: string, password: string, clientId: string): Promise<BrokerAuthAnswer> {
    const { serverUrl } = this.options;
    if (!serverUrl) return { result: 'deny' };
    const fetchImpl = this.options.fetch ?? fetch;
    try {
      const response = await fetchImpl(new URL('/broker/auth', serverUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password, clientid: clientId }),
        signal: AbortSignal.timeout(this.options.askTimeoutMs ?? 5_000),
      });
      // 429: the address failed too often this minute; the server's answer is a deny like any other.
      if (response.status === 429) return { result: 'deny' };
      if (!response.ok) return { result: 'unavailable', reason: `HTTP ${response.status}` };
      return parseAnswer(await response.json());
    } catch (error) {
      return { result: 'unavailable', reason: error instanceof Error ? error.message : String(error) };
    }
  }

  /** Aedes' authenticate hook. */
  readonly authenticate = (
    client: Client,
    username: string | undefined,
    password: Buffer | undefined,
    done: (error: AuthenticateError | null, success: boolean | null) => void,
  ): void => {
    const { logger } = this.options;
    if (!username || !password || password.length === 0) {
      logger.info({ client: client.id }, 'broker client refused: no credential');
      done(refusal(NOT_AUTHORIZED, 'a credential is required'), false);
      return;
    }
    const own = this.inProcess.get(username);
    if (own) {
      if (own.password.length === password.length && timingSafeEqual(own.password, password)) {
        this.admit(client, { username, password, acl: own.acl, expireAt: null, inProcess: true });
        done(null, true);
        return;
      }
      done(refusal(BAD_USERNAME_OR_PASSWORD, 'bad username or password'), false);
      return;
    }
    void this.ask(username, password.toString('utf8'), client.id).then((answer) => {
      if (answer.result === 'allow') {
        if (answer.expireAt !== null && answer.expireAt * 1000 <= this.now()) {
          logger.info({ client: client.id, username }, 'broker client refused: credential expired');
          done(refusal(NOT_AUTHORIZED, 'credential expired'), false);
          return;
        }
        this.admit(client, {
          username,
          password,
          acl: answer.acl,
          expireAt: answer.expireAt,
          inProcess: false,
        });
        logger.info({ client: client.id, username }, 'broker client admitted');
        done(null, true);
        return;
      }
      if (answer.result === 'deny') {
        logger.info({ client: client.id, username }, 'broker client refused by the server');
        done(refusal(BAD_USERNAME_OR_PASSWORD, 'bad username or password'), false);
        return;
      }
      logger.warn(
        { client: client.id, username, reason: answer.reason, server: this.options.serverUrl },
        'broker client refused: the LockDesk server could not be asked (LOCKDESK_GW_SERVER_URL)',
      );
      done(refusal(SERVER_UNAVAILABLE, 'server unavailable'), false);
      return;
    });
  };

  /** Aedes' authorizePublish hook: only the topics of the client's access list. */
  readonly authorizePublish = (
    client: Client | null,
    packet: PublishPacket,
    done: (error?: Error | null) => void,
  ): void => {
    // The broker's own messages (no client) are not a client's to refuse.
    if (!client) {
      done(null);
      return;
    }
    const admitted = this.admitted.get(client);
    if (admitted && aclAllows(admitted.acl, 'publish', packet.topic)) {
      done(null);
      return;
    }
    this.options.logger.info({ client: client.id, topic: packet.topic }, 'broker publish refused');
    done(new Error(`publishing on ${packet.topic} is not allowed`));
  };

  /** Aedes' authorizeSubscribe hook: a filter outside the client's access list is granted 0x80. */
  readonly authorizeSubscribe = (
    client: Client,
    subscription: Subscription,
    done: (error: Error | null, subscription?: Subscription | null) => void,
  ): void => {
    const admitted = this.admitted.get(client);
    if (admitted && aclAllows(admitted.acl, 'subscribe', subscription.topic)) {
      done(null, subscription);
      return;
    }
    this.options.logger.info({ client: client.id, topic: subscription.topic }, 'broker subscription refused');
    done(null, null);
  };

  /** Forgets a client that left (Aedes' 'clientDisconnect' and 'clientError'). */
  forget(client: Client): void {
    const admitted = this.admitted.get(client);
    if (!admitted) return;
    clearTimeout(admitted.timer);
    this.admitted.delete(client);
  }

  /** Stops every recheck. */
  close(): void {
    this.closed = true;
    for (const admitted of this.admitted.values()) clearTimeout(admitted.timer);
    this.admitted.clear();
  }

  private admit(client: Client, entry: Omit<Admitted, 'timer'>): void {
    this.forget(client);
    const admitted: Admitted = { ...entry, timer: undefined };
    this.admitted.set(client, admitted);
    if (!entry.inProcess) this.schedule(client, admitted);
  }

  /** The next check: every recheckSeconds, and at the credential's expiry when that comes first. */
  private schedule(client: Client, admitted: Admitted): void {
    if (this.closed) return;
    let delay = this.options.recheckSeconds * 1000;
    if (admitted.expireAt !== null)
      delay = Math.min(delay, Math.max(0, admitted.expireAt * 1000 - this.now()));
    admitted.timer = setTimeout(() => void this.recheck(client, admitted), delay);
    admitted.timer.unref();
  }

  private async recheck(client: Client, admitted: Admitted): Promise<void> {
    const answer = await this.ask(admitted.username, admitted.password.toString('utf8'), client.id);
    if (this.closed || this.admitted.get(client) !== admitted) return;
    // A client that left before its admission came back is never announced as disconnected.
    if (client.closed) {
      this.forget(client);
      return;
    }
    const { logger } = this.options;
    const expired = admitted.expireAt !== null && admitted.expireAt * 1000 <= this.now();
    if (answer.result === 'allow' && !(answer.expireAt !== null && answer.expireAt * 1000 <= this.now())) {
      admitted.acl = answer.acl;
      admitted.expireAt = answer.expireAt;
      return this.schedule(client, admitted);
    }
    // The server could not be asked: a live connection stays while its credential is known to be valid.
    if (answer.result === 'unavailable' && !expired) {
      logger.warn({ client: client.id, reason: answer.reason }, 'broker credential recheck failed; kept');
      return this.schedule(client, admitted);
    }
    logger.info(
      { client: client.id, username: admitted.username },
      'broker client disconnected: its credential is no longer valid',
    );
    this.forget(client);
    client.close();
  }
}
