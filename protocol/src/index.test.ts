import { describe, expect, it } from 'vitest';
import * as protocol from './index.js';

// What other packages import: the names issue 2 requires, and one of each module of its section 2.
const FUNCTIONS = [
  // Done when: the named seven
  'xorChecksum',
  'encodeCommand',
  'decodeResponse',
  'importDump',
  'exportDump',
  'encryptEnvelope',
  'decryptEnvelope',
  // 2.1 hex and field checks
  'hexToBytes',
  'bytesToHex',
  'parseKey',
  'parseBlockData',
  'parseDeviceId',
  'parseHexCommand',
  'parseReaderAddress',
  'parseBlockNumber',
  // 2.2 frames
  'decodeResponseFrame',
  'checkResponseStatus',
  'encodeResponse',
  'decodeCommand',
  // 2.3 MIFARE Classic
  'sectorOfBlock',
  'trailerBlockOfSector',
  'parseManufacturerBlock',
  'encodeAccessBits',
  'decodeAccessBits',
  'permits',
  'canAccess',
  'encodeValueBlock',
  'decodeValueBlock',
  // 2.5 guest card
  'encodeGuestCard',
  'decodeGuestCard',
  'isEmptyCard',
  'formatCardTime',
  // 2.6 lock rule
  'decideUnlock',
  // issue 9 §4: forgery resistance
  'deriveCardMacKey',
  'deriveSectorKey',
  'deriveCardSectorKeys',
  'signCardBlocks',
  'verifyCardBlocks',
  'sectorTrailer',
  'planCardWrite',
  'planCardVerify',
  'checkCardReadBack',
  // 2.8 rules, errors, retry, languages
  'checkMobile',
  'checkCardExpiry',
  'errorText',
  'translateError',
  'cardReadRetrySchedule',
  'languageHeader',
] as const;
const VALUES = [
  'DEFAULT_ENVELOPE_KEYS',
  'COMMAND_TABLE',
  'RESPONSE_LAYOUTS',
  'GUEST_CARD_LAYOUT',
  'CARD_AUTH_LAYOUT',
  'ERROR_TEXTS',
  'ERRNO',
  'ERROR_TRANSLATIONS',
  'LIMITS',
  'BROKER',
  'CARD_READ',
  'LANGUAGES',
  'RULES',
] as const;

// A plain copy of the module namespace, so the test can look names up by string.
const surface: Readonly<Record<string, unknown>> = { ...protocol };

describe('@lockdesk/protocol public surface', () => {
  it.each(FUNCTIONS)('exports the function %s', (name) => {
    expect(typeof surface[name]).toBe('function');
  });

  it.each(VALUES)('exports %s', (name) => {
    expect(surface[name]).toBeTypeOf('object');
  });

  it('exports the built-in DES key and IV as overridable 8-character strings', () => {
    expect(protocol.DEFAULT_ENVELOPE_KEYS).toEqual({
      key: protocol.DEFAULT_ENVELOPE_KEY,
      iv: protocol.DEFAULT_ENVELOPE_IV,
    });
    expect(protocol.DEFAULT_ENVELOPE_KEY).toHaveLength(8);
    expect(protocol.DEFAULT_ENVELOPE_IV).toHaveLength(8);
  });

  it('answers bad input through the index with a Result, never a throw', () => {
    expect(protocol.decodeResponse(new Uint8Array([0x5a, 0x06, 0x00, 0x12, 0x00, 0x4f]))).toMatchObject({
      ok: false,
      code: 'BAD_CHECKSUM',
    });
    expect(protocol.importDump('')).toMatchObject({ ok: false, code: 'DUMP_MALFORMED' });
    expect(protocol.decryptEnvelope('@@')).toMatchObject({ ok: false, code: 'DATA_PARSE_FAILED' });
  });
});
