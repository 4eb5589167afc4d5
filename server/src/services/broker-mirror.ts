/**
 * The managed broker (issue 19 §2, API.md §20): Mosquitto's dynamic-security plugin, driven over MQTT as its admin
 * (`$CONTROL/dynamic-security/v1`, each command batch answered on `$CONTROL/dynamic-security/v1/response` and matched
 * by its correlationData; eclipse/mosquitto plugins/dynamic-security/README.md).
 *
 * - a console credential becomes a client holding the hotel's role `lockdesk-hotel-<id>` (the console topics of
 *   every reader of the hotel; a reader added later is added to the role);
 * - a gateway credential becomes a client with a role of its own, named like it (its device's gateway topics);
 * - each connection of the admin sets the default ACL access to deny publishing, receiving and subscribing, so a
 *   client can use only what its roles allow (unsubscribing stays allowed: it grants nothing);
 * - deleting a client disconnects whoever is connected with it (the plugin kicks them).
 *
 * The sweeper (`startBrokerSweeper`) runs on one replica per interval (a claim in `throttles`): it deletes dead
 * credentials (expired, session ended, reader gone) from the broker and then from the table, and any
 * `console-`/`gateway-` client the broker holds that is no live credential (a revocation the broker missed while
 * it was down, a reader removed with its row).
 */
import { randomBytes } from 'node:crypto';
import { BROKER_CREDENTIAL } from '@lockdesk/protocol';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import { claimOnce } from '../auth/rate-limit.js';
import type { BrokerAdmin } from '../config.js';
import type { Db } from '../db/index.js';
import {
  type BrokerAclRule,
  type BrokerClient,
  type BrokerMirror,
  brokerAcl,
  deadBrokerCredentials,
  liveBrokerUsernames,
  removeCredentials,
} from './broker-credentials.js';

export const DYNSEC_TOPIC = '$CONTROL/dynamic-security/v1';
export const DYNSEC_RESPONSE_TOPIC = `${DYNSEC_TOPIC}/response`;

/** How long a command batch may wait for the broker (connection included) before the call fails. */
const COMMAND_TIMEOUT_MS = 10_000;

/** The role every console credential of a hotel holds. */
export const hotelRole = (hotelId: number): string => `lockdesk-hotel-${hotelId}`;

type DynsecCommand = { command: string } & Record<string, unknown>;
interface DynsecResponse {
  command: string;
  error?: string;
  correlationData?: string;
  data?: unknown;
}

/** A refusal of the broker to a command that had to succeed. */
export class DynsecError extends Error {}

/** Dynsec's ACL rows for a credential's topic rules: what it may send, receive and subscribe to. */
export function dynsecAcls(rules: readonly BrokerAclRule[]): Record<string, unknown>[] {
  return rules.flatMap((r) =>
    r.action === 'publish'
      ? [{ acltype: 'publishClientSend', topic: r.topic, allow: true, priority: 0 }]
      : [
          { acltype: 'subscribeLiteral', topic: r.topic, allow: true, priority: 0 },
          { acltype: 'publishClientReceive', topic: r.topic, allow: true, priority: 0 },
        ],
  );
}

/** Errors that mean "already so": the command's end state holds. */
const HARMLESS = new Set([
  'Client not found',
  'Role not found',
  'Role already exists',
  'ACL with this topic already exists',
]);

export class DynsecMirror implements BrokerMirror {
  readonly #client: MqttClient;
  readonly #waiting = new Map<string, (r: DynsecResponse) => void>();
  #lastError = '';
  /** Subscribed to the responses on the current connection: commands are sent only then. */
  #ready = false;
  readonly #readyWaiters = new Set<() => void>();

  constructor(admin: BrokerAdmin, log: FastifyBaseLogger) {
    this.#client = mqtt.connect(admin.url, {
      username: admin.username,
      password: admin.password,
      clientId: `lockdesk-server-${randomBytes(6).toString('hex')}`,
      clean: true,
      reconnectPeriod: 2000,
      connectTimeout: COMMAND_TIMEOUT_MS,
    });
    this.#client.on('connect', () => {
      this.#lastError = '';
      log.info('broker admin connected (dynamic security)');
      this.#client.subscribe(DYNSEC_RESPONSE_TOPIC, { qos: 1 }, (err) => {
        if (err) {
          log.warn({ err }, 'broker: the dynamic-security responses cannot be subscribed to');
          return;
        }
        this.#ready = true;
        for (const wake of this.#readyWaiters) wake();
        this.#readyWaiters.clear();
      });
      this.#run([
        {
          command: 'setDefaultACLAccess',
          acls: [
            { acltype: 'publishClientSend', allow: false },
            { acltype: 'publishClientReceive', allow: false },
            { acltype: 'subscribe', allow: false },
            { acltype: 'unsubscribe', allow: true },
          ],
        },
      ]).catch((err) => log.warn({ err }, 'broker: default ACL access not set'));
    });
    this.#client.on('close', () => {
      this.#ready = false;
    });
    this.#client.on('error', (err) => {
      // Said once per distinct failure, not at every reconnect attempt.
      if (err.message !== this.#lastError) log.warn({ err: err.message }, 'broker admin connection failed');
      this.#lastError = err.message;
    });
    this.#client.on('message', (topic, payload) => {
      if (topic !== DYNSEC_RESPONSE_TOPIC) return;
      let responses: DynsecResponse[] = [];
      try {
        responses = (JSON.parse(payload.toString()) as { responses?: DynsecResponse[] }).responses ?? [];
      } catch {
        return;
      }
      for (const r of responses) {
        const waiter = r.correlationData === undefined ? undefined : this.#waiting.get(r.correlationData);
        if (waiter) waiter(r);
      }
    });
  }

  /** True once the admin is connected (tests wait for it). */
  get connected(): boolean {
    return this.#client.connected;
  }

  /**
   * Runs a batch of commands (the plugin runs them in order) and answers each one's response; throws when the broker
   * does not answer within COMMAND_TIMEOUT_MS (connection included).
   */
  async #run(commands: DynsecCommand[]): Promise<DynsecResponse[]> {
    const ids = commands.map(() => randomBytes(8).toString('hex'));
    const results = new Map<string, DynsecResponse>();
    let timer: NodeJS.Timeout | undefined;
    let waiting: (() => void) | undefined;
    try {
      return await new Promise<DynsecResponse[]>((resolve, reject) => {
        timer = setTimeout(
          () => reject(new DynsecError('the broker did not answer the dynamic-security commands in time')),
          COMMAND_TIMEOUT_MS,
        );
        for (const id of ids)
          this.#waiting.set(id, (r) => {
            results.set(id, r);
            if (results.size === ids.length) resolve(ids.map((i) => results.get(i) as DynsecResponse));
          });
        const payload = JSON.stringify({
          commands: commands.map((c, i) => ({ ...c, correlationData: ids[i] })),
        });
        // Sent once connected and subscribed to the responses (within the timeout).
        const send = () =>
          this.#client.publish(DYNSEC_TOPIC, payload, { qos: 1 }, (err) => {
            if (err) reject(err);
          });
        if (this.#ready) send();
        else this.#readyWaiters.add(send);
        waiting = send;
      });
    } finally {
      clearTimeout(timer);
      if (waiting) this.#readyWaiters.delete(waiting);
      for (const id of ids) this.#waiting.delete(id);
    }
  }

  /** Runs the batch; a command's error other than an "already so" one fails it. */
  async #apply(commands: DynsecCommand[]): Promise<void> {
    const responses = await this.#run(commands);
    const failed = responses.find((r) => r.error !== undefined && !HARMLESS.has(r.error));
    if (failed) throw new DynsecError(`broker refused ${failed.command}: ${failed.error}`);
    // Creating the client must have happened, not "already so".
    const created = responses.find((r) => r.command === 'createClient');
    if (created?.error) throw new DynsecError(`broker refused createClient: ${created.error}`);
  }

  async add(client: BrokerClient): Promise<void> {
    const acls = dynsecAcls(brokerAcl(client.kind, client.devices));
    if (client.kind === 'console') {
      const role = hotelRole(client.hotelId);
      await this.#apply([
        { command: 'createRole', rolename: role, acls },
        ...acls.map((acl) => ({ command: 'addRoleACL', rolename: role, ...acl })),
        { command: 'deleteClient', username: client.username },
        {
          command: 'createClient',
          username: client.username,
          password: client.password,
          roles: [{ rolename: role, priority: 0 }],
        },
      ]);
      return;
    }
    // A gateway's own role, made again so that it holds exactly this device's topics; the client made again so that
    // only the new password works and whoever used the old one is disconnected.
    await this.#apply([
      { command: 'deleteClient', username: client.username },
      { command: 'deleteRole', rolename: client.username },
      { command: 'createRole', rolename: client.username, acls },
      {
        command: 'createClient',
        username: client.username,
        password: client.password,
        roles: [{ rolename: client.username, priority: 0 }],
      },
    ]);
  }

  async hotelDevices(hotelId: number, devices: readonly string[]): Promise<void> {
    const role = hotelRole(hotelId);
    const acls = dynsecAcls(brokerAcl('console', devices));
    await this.#apply([
      { command: 'createRole', rolename: role, acls },
      ...acls.map((acl) => ({ command: 'addRoleACL', rolename: role, ...acl })),
    ]);
  }

  async remove(usernames: readonly string[]): Promise<void> {
    if (usernames.length === 0) return;
    await this.#apply(
      usernames.flatMap((username) => [
        { command: 'deleteClient', username },
        ...(username.startsWith(BROKER_CREDENTIAL.gatewayPrefix)
          ? [{ command: 'deleteRole', rolename: username }]
          : []),
      ]),
    );
  }

  async usernames(): Promise<string[]> {
    const [r] = await this.#run([{ command: 'listClients', verbose: false, count: -1, offset: 0 }]);
    if (!r || r.error) throw new DynsecError(`broker refused listClients: ${r?.error ?? 'no answer'}`);
    const clients = (r.data as { clients?: unknown[] } | undefined)?.clients ?? [];
    return clients
      .map((c) => (typeof c === 'string' ? c : (c as { username?: unknown }).username))
      .filter((u): u is string => typeof u === 'string');
  }

  async close(): Promise<void> {
    await this.#client.endAsync(true);
  }
}

/** Is a broker username one of the credentials the server issues (never the admin or another account)? */
const issuedName = (username: string): boolean =>
  username.startsWith(BROKER_CREDENTIAL.consolePrefix) ||
  username.startsWith(BROKER_CREDENTIAL.gatewayPrefix);

/**
 * One sweep: dead credentials leave the broker, then the table; then any issued-looking client the broker holds
 * that is no live credential leaves the broker. The broker's list is read BEFORE the live credentials, so a
 * credential issued meanwhile (its row is written before the broker learns it) is never taken for a stray one.
 */
export async function sweepBrokerCredentials(
  db: Db,
  mirror: BrokerMirror | null,
  nowMs: number,
): Promise<{ removed: number }> {
  const dead = await deadBrokerCredentials(db, nowMs);
  await removeCredentials(db, mirror, dead);
  let removed = dead.length;
  if (mirror?.usernames) {
    const held = (await mirror.usernames()).filter(issuedName);
    const live = await liveBrokerUsernames(db, nowMs);
    const strays = held.filter((u) => !live.has(u) && !dead.includes(u));
    if (strays.length > 0) await mirror.remove(strays);
    removed += strays.length;
  }
  return { removed };
}

/**
 * Sweeps every `intervalMs`, on one replica per interval (claimOnce in `throttles`). Returns the stop function.
 */
export function startBrokerSweeper(
  db: Db,
  mirror: BrokerMirror | null,
  intervalMs: number,
  now: () => number,
  log: FastifyBaseLogger,
): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      // A little under the interval, so that the next tick of whichever replica finds the claim free again.
      if (!(await claimOnce(db, 'broker-credentials-sweep', Math.max(intervalMs - 500, 500), now()))) return;
      const { removed } = await sweepBrokerCredentials(db, mirror, now());
      if (removed > 0) log.info({ removed }, 'broker credentials swept');
    } catch (err) {
      log.warn({ err }, 'broker credential sweep failed; retried at the next interval');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
