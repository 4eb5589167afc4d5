import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  BROKER,
  CARD_READ,
  CARD_TIME_ZONE,
  CARD_TYPE,
  CURRENCY,
  ENCODER_USB,
  LIMITS,
  SIDEBAR_STATUS,
  STORAGE_KEYS,
} from './constants.js';
import { GUEST_CARD_BLOCKS } from './guest-card.js';
import { CARD_READ_MAX_RETRIES } from './retry.js';
import { CARD_EXPIRY_LIMIT_SECONDS, formatCardTime } from './time.js';

// The §9 table of the spec, copied as data (fixtures/spec/README.md), so a constant that drifts from the
// contract fails here.
const rows = new Map<string, string>(
  Object.entries(
    JSON.parse(readFileSync(new URL('./fixtures/spec/section9-constants.json', import.meta.url), 'utf8'))
      .rows,
  ),
);
/** The numbers a spec cell names, in order (0x36 read as hex). */
const numbers = (item: string): number[] =>
  [...(rows.get(item) ?? '').matchAll(/0x[0-9a-f]+|\d+/gi)].map((m) => Number(m[0]));
const seconds = (ms: number) => ms / 1000;

// Each §9 row and the constants that carry it, as the numbers of the row in the spec's order.
const NUMERIC_ROWS: Record<string, number[]> = {
  'HTTP timeout': [seconds(LIMITS.httpTimeoutMs)],
  'Local reader timeout': [LIMITS.localReaderTimeoutMs, LIMITS.localReaderWriteTimeoutMs],
  'Device command timeout': [seconds(LIMITS.deviceCommandTimeoutMs)],
  Broker: [BROKER.tlsPort, BROKER.reconnectMs, BROKER.commandTimeoutMs, BROKER.heartbeatMs, BROKER.qos],
  'Reader vendor id / product id': [ENCODER_USB.vendorId, ENCODER_USB.productId],
  'Card read retries': [
    CARD_READ.retryRounds,
    CARD_READ.retryVariants,
    CARD_READ.retryTriesPerVariant,
    ...CARD_READ.retryPausesMs,
  ],
  'Sector scan': [CARD_READ.sectorScanFirst, CARD_READ.sectorScanLast, 4, CARD_READ.sectorScanPauseMs],
  'Card check': [CARD_READ.checkBlock, CARD_READ.checkBlock],
  'Read polling': [CARD_READ.pollIntervalMs, seconds(CARD_READ.findThenReadMs), CARD_READ.ledRedAfterMs],
  'Read button lockout': [LIMITS.readButtonLockoutMs],
  'Log buffer': [LIMITS.logBufferEntries],
  'Mobile breakpoint': [LIMITS.mobileBreakpointPx],
  'Sidebar width': [LIMITS.sidebarWidthPx],
  'Expiry limit': [LIMITS.expiryLimitYear],
  'Min price': [LIMITS.minPrice],
  'Min stay': [LIMITS.minStayMs / 3_600_000],
  Nickname: [LIMITS.nicknameMaxLength],
  'Access controls': [LIMITS.maxAccessControls],
  'Card reader address': [LIMITS.readerAddressDigits],
  Key: [LIMITS.keyHexLength],
  'Write data': [LIMITS.writeDataHexLength],
  'Graphic code': [LIMITS.graphicCodeDigits],
  Password: [LIMITS.passwordMinLength, LIMITS.customPasswordDigits],
  'Card types': [CARD_TYPE.master, CARD_TYPE.building, CARD_TYPE.floor, CARD_TYPE.normal],
  'Card blocks': [
    Math.min(...Object.keys(GUEST_CARD_BLOCKS).map(Number)),
    Object.keys(GUEST_CARD_BLOCKS).length,
  ],
  'Sidebar cookie': [Number(SIDEBAR_STATUS.open), Number(SIDEBAR_STATUS.closed)],
};
const TEXT_ROWS: Record<string, string[]> = {
  Broker: [BROKER.path],
  'Time zone for card times': [CARD_TIME_ZONE],
  Currency: [CURRENCY.name],
  'User info cookie': [STORAGE_KEYS.userInfoCookie],
};
// Rows whose value the spec does not give, so there is nothing to hold: the DES key and IV are LockDesk's
// (DEFAULT_ENVELOPE_KEY/IV in envelope.ts) and the default reader type is a deployment setting.
const NOT_GIVEN = new Set(['Data encryption', 'Default reader type']);

describe('spec §9 business constants', () => {
  it('reads the table copied from the spec', () => {
    expect(rows.size).toBeGreaterThanOrEqual(30);
  });

  it('has a constant for every row of the table', () => {
    const covered = new Set([...Object.keys(NUMERIC_ROWS), ...Object.keys(TEXT_ROWS), ...NOT_GIVEN]);
    expect([...rows.keys()].filter((item) => !covered.has(item))).toEqual([]);
    expect([...covered].filter((item) => !rows.has(item))).toEqual([]);
  });

  it.each(Object.entries(NUMERIC_ROWS))('%s: the numbers of the spec', (item, values) => {
    expect(values, rows.get(item)).toEqual(numbers(item));
  });

  it.each(Object.entries(TEXT_ROWS))('%s: the words of the spec', (item, texts) => {
    for (const text of texts) expect(rows.get(item), text).toContain(text);
  });

  it('derives the retry count and the 2035 expiry limit from them', () => {
    expect(CARD_READ_MAX_RETRIES).toBe(
      CARD_READ.retryRounds * CARD_READ.retryVariants * CARD_READ.retryTriesPerVariant,
    );
    expect(formatCardTime(CARD_EXPIRY_LIMIT_SECONDS)).toBe(`${LIMITS.expiryLimitYear}-12-31 23:59:59`);
    expect(formatCardTime(CARD_EXPIRY_LIMIT_SECONDS + 1)).toBe(
      `${LIMITS.expiryLimitYear + 1}-01-01 00:00:00`,
    );
  });
});
