/**
 * Broker credentials (issue 19 §2, API.md §20, /work/helpers/BROKER-CONTRACT.md): who may connect to the MQTT broker
 * the remote reader talks over, and which device topics each may use.
 *
 * - console: `broker/credential` gives a signed-in operator a credential for the encoders of their hotel, alive
 *   `BROKER_CREDENTIAL.ttlSeconds` unless renewed and never past its session. It dies with its session however the
 *   session ends (logout, password change or reset, account frozen or removed, service ended, session expired):
 *   every check reads the session and the account, so no revocation path can be missed; the paths that revoke also
 *   remove the credential from a managed broker at once (`forgetBrokerCredentials`), and the sweeper catches the rest.
 * - gateway: `dispenser/brokerCredential` gives one encoder's gateway a credential for its own device's topics, with
 *   no expiry; issuing it again rotates it (the old password dies); removing the reader removes it.
 *
 * Passwords are 32 random bytes (base64url, 43 characters), shown once; the table keeps their SHA-256. A managed
 * broker (Mosquitto's dynamic security, services/broker-mirror.ts) learns each credential before the issuing call
 * answers; brokers that ask instead (the gateway's Aedes, EMQX) use `POST /broker/auth` (broker/index.ts).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { BROKER, BROKER_CREDENTIAL } from '@lockdesk/protocol';
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import { failure } from '../errors.js';
import { serviceEndsSql } from './service-period.js';

export type BrokerCredentialKind = 'console' | 'gateway';

/** One topic rule of a credential, in EMQX 5's HTTP-authentication ACL shape. */
export interface BrokerAclRule {
  permission: 'allow';
  action: 'publish' | 'subscribe';
  topic: string;
}

/** A credential as a broker is told about it (the password only when it is new). */
export interface BrokerClient {
  username: string;
  password: string;
  kind: BrokerCredentialKind;
  hotelId: number;
  devices: string[];
}

/**
 * A broker the server manages (Mosquitto's dynamic security): told of each new credential before the issuing call
 * answers, and of each credential that died. Both are idempotent.
 */
export interface BrokerMirror {
  /** Creates the client (replacing one of the same name, whose connections are dropped) with its topics. */
  add(client: BrokerClient): Promise<void>;
  /** The hotel's readers changed: its console credentials may use these devices too. */
  hotelDevices(hotelId: number, devices: readonly string[]): Promise<void>;
  /** Deletes the clients (disconnecting them); unknown names are no error. */
  remove(usernames: readonly string[]): Promise<void>;
  /** Every client name the broker holds (the sweeper removes issued-looking ones that are no live credential). */
  usernames?(): Promise<string[]>;
}

export const CONSOLE_TTL_MS = BROKER_CREDENTIAL.ttlSeconds * 1000;

const hashSecret = (password: string): string => createHash('sha256').update(password).digest('hex');
const newPassword = (): string => randomBytes(32).toString('base64url');

/** The topic rules of a credential of the kind over its devices (the contract's ACL). */
export function brokerAcl(kind: BrokerCredentialKind, devices: readonly string[]): BrokerAclRule[] {
  const t = BROKER.topics;
  const rule = (action: BrokerAclRule['action'], topic: string): BrokerAclRule => ({
    permission: 'allow',
    action,
    topic,
  });
  return devices.flatMap((id) =>
    kind === 'console'
      ? [
          rule('publish', `${t.send}${id}`),
          rule('subscribe', `${t.receive}${id}`),
          rule('subscribe', `${t.heartbeat}${id}`),
          rule('subscribe', `${t.state}${id}`),
        ]
      : [
          rule('subscribe', `${t.send}${id}`),
          rule('publish', `${t.receive}${id}`),
          rule('publish', `${t.heartbeat}${id}`),
          rule('publish', `${t.state}${id}`),
        ],
  );
}

/** The addresses of the hotel's card readers (the console credential's devices), in a stable order. */
export async function hotelDevices(db: Db, hotelId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('card_dispensers')
    .select('mac_id')
    .where('hotel_id', '=', hotelId)
    .orderBy('mac_id')
    .execute();
  return rows.map((r) => r.mac_id);
}

export interface ConsoleCredentialAnswer {
  username: string;
  password?: string;
  expires_at: number;
  ttl: number;
  devices: string[];
}

/**
 * The console credential of a session: renews `username` when it is a live credential of this session, else
 * issues a new one (told to the mirror before it is answered). Never alive past the session or the service period.
 */
export async function consoleCredential(
  db: Db,
  mirror: BrokerMirror | null,
  caller: { sessionId: number; hotelId: number; serviceEndsAt: Date | null },
  username: string | undefined,
  nowMs: number,
): Promise<ConsoleCredentialAnswer> {
  const session = await db
    .selectFrom('sessions')
    .select('expires_at')
    .where('id', '=', caller.sessionId)
    .executeTakeFirstOrThrow();
  const limits = [nowMs + CONSOLE_TTL_MS, session.expires_at.getTime()];
  if (caller.serviceEndsAt) limits.push(caller.serviceEndsAt.getTime());
  const expiresAt = new Date(Math.min(...limits));
  const devices = await hotelDevices(db, caller.hotelId);
  const answer = (name: string, password?: string): ConsoleCredentialAnswer => ({
    username: name,
    ...(password === undefined ? {} : { password }),
    expires_at: Math.floor(expiresAt.getTime() / 1000),
    ttl: BROKER_CREDENTIAL.ttlSeconds,
    devices,
  });
  if (username !== undefined) {
    const renewed = await db
      .updateTable('broker_credentials')
      .set({ expires_at: expiresAt })
      .where('username', '=', username)
      .where('kind', '=', 'console')
      .where('session_id', '=', caller.sessionId)
      .where('expires_at', '>', new Date(nowMs))
      .returning('username')
      .executeTakeFirst();
    if (renewed) return answer(renewed.username);
  }
  const name = `${BROKER_CREDENTIAL.consolePrefix}${randomBytes(12).toString('hex')}`;
  const password = newPassword();
  await db
    .insertInto('broker_credentials')
    .values({
      username: name,
      secret_hash: hashSecret(password),
      kind: 'console',
      hotel_id: caller.hotelId,
      session_id: caller.sessionId,
      created_at: new Date(nowMs),
      expires_at: expiresAt,
    })
    .execute();
  const client = { username: name, password, kind: 'console' as const, hotelId: caller.hotelId, devices };
  await mirrorAdd(db, mirror, client, nowMs);
  return answer(name, password);
}

/**
 * Issues (or rotates) the gateway credential of a card reader: a new password under `gateway-<mac_id>`, the old
 * one dead at once (also in a managed broker, which disconnects whoever used it).
 */
export async function gatewayCredential(
  db: Db,
  mirror: BrokerMirror | null,
  dispenser: { id: number; mac_id: string; hotelId: number },
  nowMs: number,
): Promise<{ username: string; password: string }> {
  const username = `${BROKER_CREDENTIAL.gatewayPrefix}${dispenser.mac_id}`;
  const password = newPassword();
  const values = {
    username,
    secret_hash: hashSecret(password),
    kind: 'gateway' as const,
    hotel_id: dispenser.hotelId,
    dispenser_id: dispenser.id,
    created_at: new Date(nowMs),
    mirrored_at: null,
  };
  await db
    .insertInto('broker_credentials')
    .values(values)
    .onConflict((oc) =>
      oc.column('username').doUpdateSet({
        secret_hash: values.secret_hash,
        hotel_id: values.hotel_id,
        dispenser_id: values.dispenser_id,
        created_at: values.created_at,
        mirrored_at: null,
      }),
    )
    .execute();
  // The mirror replaces the broker's client of that name: the old password stops working there too.
  const client = {
    username,
    password,
    kind: 'gateway' as const,
    hotelId: dispenser.hotelId,
    devices: [dispenser.mac_id],
  };
  await mirrorAdd(db, mirror, client, nowMs);
  return { username, password };
}

/**
 * Tells the managed broker of a new credential before it is answered. A broker that refuses or does not answer
 * fails the call (BROKER_CONNECTION_TIMEOUT) and the credential is withdrawn: none is handed out that the broker
 * does not know.
 */
async function mirrorAdd(
  db: Db,
  mirror: BrokerMirror | null,
  client: BrokerClient,
  nowMs: number,
): Promise<void> {
  if (!mirror) return;
  try {
    await mirror.add(client);
  } catch {
    await db.deleteFrom('broker_credentials').where('username', '=', client.username).execute();
    throw failure('BROKER_CONNECTION_TIMEOUT');
  }
  await db
    .updateTable('broker_credentials')
    .set({ mirrored_at: new Date(nowMs) })
    .where('username', '=', client.username)
    .where('secret_hash', '=', hashSecret(client.password))
    .execute();
}

/** What a broker is answered (EMQX 5 HTTP authentication's shape). */
export type BrokerVerdict =
  | { result: 'deny' }
  | {
      result: 'allow';
      is_superuser: false;
      kind: BrokerCredentialKind;
      devices: string[];
      expire_at?: number;
      acl: BrokerAclRule[];
    };

/** The SQL condition of a live console credential row `bc` joined with its session `s` and account `u`. */
const consoleAlive = (now: Date) => sql<boolean>`(
  bc.kind = 'console' AND bc.expires_at > ${now} AND s.revoked_at IS NULL AND s.expires_at > ${now}
  AND NOT u.frozen AND u.hotel_id = bc.hotel_id
  AND (${serviceEndsSql} IS NULL OR ${serviceEndsSql} > ${now}))`;

/** The SQL condition of a live gateway credential row `bc` joined with its reader `d`. */
const gatewayAlive = sql<boolean>`(bc.kind = 'gateway' AND d.hotel_id = bc.hotel_id)`;

/** Checks a username and password as a broker asks: allow with the ACL of the credential's devices, or deny. */
export async function checkBrokerLogin(
  db: Db,
  username: string,
  password: string,
  nowMs: number,
): Promise<{ verdict: BrokerVerdict; knownName: boolean }> {
  const now = new Date(nowMs);
  const row = await db
    .selectFrom('broker_credentials as bc')
    .leftJoin('sessions as s', 's.id', 'bc.session_id')
    .leftJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('card_dispensers as d', 'd.id', 'bc.dispenser_id')
    .select(['bc.secret_hash', 'bc.kind', 'bc.hotel_id', 'bc.expires_at', 'd.mac_id'])
    .select(sql<boolean>`${consoleAlive(now)} OR ${gatewayAlive}`.as('alive'))
    .where('bc.username', '=', username)
    .executeTakeFirst();
  // Hashed and compared even for an unknown name, so the answer's timing says nothing about which names exist.
  const given = Buffer.from(hashSecret(password), 'hex');
  const stored = Buffer.from(row?.secret_hash ?? hashSecret(`\0${password}`), 'hex');
  const matches = timingSafeEqual(given, stored);
  if (!row || !matches || row.alive !== true)
    return { verdict: { result: 'deny' }, knownName: row !== undefined };
  const devices =
    row.kind === 'console' ? await hotelDevices(db, row.hotel_id) : row.mac_id ? [row.mac_id] : [];
  return {
    verdict: {
      result: 'allow',
      is_superuser: false,
      kind: row.kind,
      devices,
      ...(row.kind === 'console' && row.expires_at
        ? { expire_at: Math.floor(row.expires_at.getTime() / 1000) }
        : {}),
      acl: brokerAcl(row.kind, devices),
    },
    // Whether the name is a credential's (alive or not): its failures are counted under the name, not the address.
    knownName: true,
  };
}

/**
 * Deletes the console credentials of sessions that ended (or of the given sessions) and tells the mirror: called by
 * the revocation paths (logout, password change and reset, staff removal) right after they revoke, and by the
 * sweeper for every other way a credential dies. Returns the usernames forgotten.
 */
export async function forgetBrokerCredentials(
  db: Db,
  mirror: BrokerMirror | null,
  which: { userId: number } | { sessionIds: readonly number[] },
  nowMs: number,
): Promise<string[]> {
  const now = new Date(nowMs);
  let q = db
    .selectFrom('broker_credentials as bc')
    .innerJoin('sessions as s', 's.id', 'bc.session_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select('bc.username')
    .where(sql<boolean>`NOT ${consoleAlive(now)}`);
  if ('userId' in which) q = q.where('s.user_id', '=', which.userId);
  else if (which.sessionIds.length === 0) return [];
  else q = q.where('bc.session_id', 'in', [...which.sessionIds]);
  const dead = (await q.execute()).map((r) => r.username);
  await removeCredentials(db, mirror, dead);
  return dead;
}

/** The usernames of every console credential of a user (before the account is removed). */
export async function brokerCredentialsOfUser(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('broker_credentials as bc')
    .innerJoin('sessions as s', 's.id', 'bc.session_id')
    .select('bc.username')
    .where('s.user_id', '=', userId)
    .execute();
  return rows.map((r) => r.username);
}

/** Removes credentials from the mirror first (so a failure leaves the row for the sweeper), then the rows. */
export async function removeCredentials(
  db: Db,
  mirror: BrokerMirror | null,
  usernames: readonly string[],
): Promise<void> {
  if (usernames.length === 0) return;
  if (mirror) await mirror.remove(usernames);
  await db
    .deleteFrom('broker_credentials')
    .where('username', 'in', [...usernames])
    .execute();
}

/** The usernames of the credentials whose liveness (alive, or not) is `alive` at `nowMs`. */
async function usernamesWhere(db: Db, nowMs: number, alive: boolean): Promise<string[]> {
  const now = new Date(nowMs);
  const live = sql<boolean>`${consoleAlive(now)} OR ${gatewayAlive}`;
  const rows = await db
    .selectFrom('broker_credentials as bc')
    .leftJoin('sessions as s', 's.id', 'bc.session_id')
    .leftJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('card_dispensers as d', 'd.id', 'bc.dispenser_id')
    .select('bc.username')
    // A NULL liveness (a row whose session or reader is gone) counts as dead.
    .where(alive ? sql<boolean>`(${live}) IS TRUE` : sql<boolean>`NOT (${live}) IS NOT FALSE`)
    .execute();
  return rows.map((r) => r.username);
}

/** Every dead credential row: console ones past their time or their session; gateway ones whose reader left. */
export function deadBrokerCredentials(db: Db, nowMs: number): Promise<string[]> {
  return usernamesWhere(db, nowMs, false);
}

/** The usernames of every live credential (the sweeper keeps these in the managed broker, and no others). */
export async function liveBrokerUsernames(db: Db, nowMs: number): Promise<Set<string>> {
  return new Set(await usernamesWhere(db, nowMs, true));
}

/**
 * After a revocation: forgets the console credentials that died with it. A broker that does not answer does not fail
 * the revocation (a logout must succeed): the rows stay and the sweeper removes them when the broker is back; the
 * check of `POST /broker/auth` refuses them at once either way.
 */
export async function forgetAfterRevocation(
  ctx: { db: Db; app: { brokerMirror: BrokerMirror | null }; log: { warn(o: object, m: string): void } },
  which: { userId: number } | { sessionIds: readonly number[] },
  nowMs: number,
): Promise<void> {
  try {
    await forgetBrokerCredentials(ctx.db, ctx.app.brokerMirror, which, nowMs);
  } catch (err) {
    ctx.log.warn({ err }, 'broker credentials of ended sessions not removed yet; the sweeper retries');
  }
}
