import { CardServiceError } from './errors.ts';

/**
 * The server's answer to `broker/credential` (server/API.md, BROKER-CONTRACT 'Console credential'): a new
 * credential carries its password; a renewal of a live one answers without it.
 */
export interface BrokerCredential {
  username: string;
  password?: string;
  /** Epoch seconds. */
  expires_at: number;
  /** Seconds the credential lives unless renewed. */
  ttl: number;
  /** The device ids (12 hex) the credential reaches. */
  devices?: string[];
}

/**
 * Asks the server for a broker credential: a new one, or with `renew` the renewal of that live one. The console
 * hands one in (main.tsx: the api layer's `fetchBrokerCredential`); the card service never calls the API itself.
 */
export type BrokerCredentialProvider = (renew?: { username: string }) => Promise<BrokerCredential>;

/** What an MQTT client logs in with. */
export interface BrokerLoginOptions {
  username: string;
  password: string;
}

/**
 * The operator's broker credential for one connection: fetched before connecting, renewed at half its ttl while
 * the connection lives, replaced when the broker refused it. A failure to get one is BROKER_CREDENTIAL_UNAVAILABLE.
 */
export class BrokerLogin {
  private current: (BrokerLoginOptions & { ttl: number }) | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private renewing = false;

  constructor(
    private readonly provider: BrokerCredentialProvider,
    /** Told when a renewal answered another credential (the old one had died): the next reconnect uses it. */
    private readonly onChanged: (login: BrokerLoginOptions) => void = () => {},
    private readonly onRenewFailed: (error: CardServiceError) => void = () => {},
  ) {}

  /** Whether a credential is held (false: the next `credential()` asks the server for a new one). */
  get held(): boolean {
    return this.current !== undefined;
  }

  /** The credential held, or a new one from the server. */
  async credential(): Promise<BrokerLoginOptions> {
    if (!this.current) await this.fetchNew();
    const { username, password } = this.current as BrokerLoginOptions;
    return { username, password };
  }

  /** Drops the credential held (the broker refused it): the next `credential()` fetches a new one. */
  forget(): void {
    this.stopRenewal();
    this.current = undefined;
  }

  /** Renews the credential at half its ttl, again and again, until `stopRenewal`. */
  startRenewal(): void {
    this.stopRenewal();
    this.renewing = true;
    this.schedule();
  }

  stopRenewal(): void {
    this.renewing = false;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(): void {
    const held = this.current;
    if (!held || !this.renewing) return;
    this.timer = setTimeout(() => void this.renew(held.username), (held.ttl * 1000) / 2);
  }

  private async renew(username: string): Promise<void> {
    try {
      const answer = await this.provider({ username });
      if (!this.renewing || this.current?.username !== username) return;
      if (answer.username !== username) {
        // The server answered a new credential: the old one had died (a renewal too late, a restart).
        if (!answer.password) throw new CardServiceError('BROKER_CREDENTIAL_UNAVAILABLE');
        this.current = { username: answer.username, password: answer.password, ttl: answer.ttl };
        this.onChanged({ username: answer.username, password: answer.password });
      } else {
        this.current = { ...this.current, ttl: answer.ttl };
      }
      this.schedule();
    } catch (error) {
      this.onRenewFailed(
        error instanceof CardServiceError ? error : new CardServiceError('BROKER_CREDENTIAL_UNAVAILABLE'),
      );
    }
  }

  private async fetchNew(): Promise<void> {
    let answer: BrokerCredential;
    try {
      answer = await this.provider();
    } catch {
      throw new CardServiceError('BROKER_CREDENTIAL_UNAVAILABLE');
    }
    if (!answer?.username || !answer.password || !(answer.ttl > 0))
      throw new CardServiceError('BROKER_CREDENTIAL_UNAVAILABLE');
    this.current = { username: answer.username, password: answer.password, ttl: answer.ttl };
  }
}

/** True for mqtt's error on a CONNACK that refused the login (3.1.1: 4 bad user name or password, 5 not authorised). */
export function isLoginRefused(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 4 || code === 5 || code === 134 || code === 135;
}
