/**
 * Deployment configuration (spec §1): five environments of which index 3 is selected, the site target, the
 * filing texts of the footer, the logo, the QR code address and the card issuer defaults. A deployment edits this
 * one file; nothing else in the console holds an address.
 */

/** One environment the console can be built for. `apiBase` '' means the console's own origin. */
export interface Environment {
  name: string;
  /** Where `/manage/...` calls go. */
  apiBase: string;
  /** The card-service host of the second client (spec §7). */
  cardServiceBase: string;
  /** The message broker of remote readers (spec §7 'Message broker'). */
  brokerUrl: string;
}

export const ENVIRONMENTS: readonly [Environment, Environment, Environment, Environment, Environment] = [
  { name: 'development', apiBase: '', cardServiceBase: '', brokerUrl: 'ws://127.0.0.1:8083/mqtt' },
  { name: 'test', apiBase: '', cardServiceBase: '', brokerUrl: 'ws://127.0.0.1:8083/mqtt' },
  { name: 'staging', apiBase: '', cardServiceBase: '', brokerUrl: 'ws://127.0.0.1:8083/mqtt' },
  // The selected one: the console is served by the LockDesk server itself, so every call stays on its origin.
  { name: 'production', apiBase: '', cardServiceBase: '', brokerUrl: 'ws://127.0.0.1:8083/mqtt' },
  { name: 'overseas', apiBase: '', cardServiceBase: '', brokerUrl: 'ws://127.0.0.1:8083/mqtt' },
];

/** Card issuer (dispenser) models; the value is the reader type kept under `cardSenderType`. */
export const CARD_ISSUER_OPTIONS = [
  { value: 1, label: 'CRFD-01' },
  { value: 2, label: 'CRFD-02' },
  { value: 3, label: 'CRFD-03' },
  { value: 4, label: 'CRFD-04' },
] as const;

export type DefaultCardIssuerType = 1 | 3;

export const DEPLOY = {
  environments: ENVIRONMENTS,
  selectedEnvironment: 3,
  /** The site this build serves: 'mainland' shows the filing number of the registration authority. */
  siteTarget: 'mainland' as 'mainland' | 'international',
  productTitle: 'LockDesk',
  filing: {
    /** The ICP filing number shown in the footer. */
    text: '京ICP备00000000号-1',
    /** The registration authority's public lookup site the number links to. */
    url: 'https://beian.miit.gov.cn/',
    copyright: '© LockDesk',
  },
  logo: '/logo.svg',
  /** Where the mobile app's QR code points. */
  qrUrl: 'https://lockdesk.example/app',
  /** The reader type used when local storage holds no `cardSenderType` (spec §4: 1 or 3 by deployment). */
  defaultCardIssuerType: 1 as DefaultCardIssuerType,
  cardIssuerOptions: CARD_ISSUER_OPTIONS,
} as const;

/** The environment in use. */
export const ENV: Environment = DEPLOY.environments[DEPLOY.selectedEnvironment] ?? ENVIRONMENTS[3];
