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

/** The embedded broker of the gateway on the reception PC (gateway/README.md): MQTT over WebSocket at /mqtt. */
const EMBEDDED_BROKER = 'ws://127.0.0.1:8083/mqtt';

export const ENVIRONMENTS: readonly [Environment, Environment, Environment, Environment, Environment] = [
  { name: 'development', apiBase: '', cardServiceBase: '', brokerUrl: EMBEDDED_BROKER },
  { name: 'test', apiBase: '', cardServiceBase: '', brokerUrl: EMBEDDED_BROKER },
  // A hosted deployment: the site's broker on a secure WebSocket (spec §7 'Message broker': wss, 8084, /mqtt).
  {
    name: 'production',
    apiBase: '',
    cardServiceBase: '',
    brokerUrl: 'wss://mqtt.lockdesk.example:8084/mqtt',
  },
  // The selected one, the demo: the console is served by the LockDesk server itself, so every call stays on its
  // origin, and remote readers go through the embedded broker of the gateway started beside it (`pnpm start`).
  { name: 'demo', apiBase: '', cardServiceBase: '', brokerUrl: EMBEDDED_BROKER },
  {
    name: 'overseas',
    apiBase: '',
    cardServiceBase: '',
    brokerUrl: 'wss://mqtt-intl.lockdesk.example:8084/mqtt',
  },
];

/** The local card readers on the reception PC (spec §7 'Local card readers'; the gateway's fixed ports). */
export const READERS = {
  /** Reader type 1: POST /reader. */
  localService: 'http://127.0.0.1:13570',
  /** Reader type 2: POST /open, /write. */
  secondReader: 'http://127.0.0.1:13571',
  /** Reader type 3: the WebSocket (goReadCard). */
  thirdReader: 'ws://127.0.0.1:39002',
  /** The simulated encoder's control service (gateway `--simulate` only): its virtual locks (contract F). */
  simulator: 'http://127.0.0.1:13572',
} as const;

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
  readers: READERS,
} as const;

/** The environment in use. */
export const ENV: Environment = DEPLOY.environments[DEPLOY.selectedEnvironment] ?? ENVIRONMENTS[3];

/** The message broker remote readers (type 4) are reached through, in the environment in use. */
export const BROKER_URL: string = ENV.brokerUrl;
