import { describe, expect, it } from 'vitest';
import {
  checkFingerprintTemplate,
  TEMPLATE_MAX_BYTES,
  TEMPLATE_MIN_BYTES,
  templateText,
} from './fingerprints.js';

const bytes = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 37 + 11) & 0xff);
const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
const base64 = (b: Uint8Array) => btoa(String.fromCharCode(...b));

describe('a fingerprint template', () => {
  it('is taken as hex or base64, spaces and line breaks ignored', () => {
    expect(templateText('ab cd\nef01')).toEqual({ text: 'abcdef01', encoding: 'hex' });
    expect(templateText('q83vAQ==')).toEqual({ text: 'q83vAQ==', encoding: 'base64' });
    expect(templateText('q83vAQ=')).toEqual({ text: 'q83vAQ=', encoding: undefined });
    expect(checkFingerprintTemplate('not a template!')).toBe('FINGERPRINT_DATA_INVALID');
  });

  it('holds between TEMPLATE_MIN_BYTES and TEMPLATE_MAX_BYTES once decoded, padding counted out', () => {
    for (const encode of [hex, base64]) {
      expect(checkFingerprintTemplate(encode(bytes(TEMPLATE_MIN_BYTES - 1)))).toBe(
        'FINGERPRINT_DATA_INVALID',
      );
      expect(checkFingerprintTemplate(encode(bytes(TEMPLATE_MIN_BYTES)))).toBeUndefined();
      expect(checkFingerprintTemplate(encode(bytes(TEMPLATE_MIN_BYTES + 1)))).toBeUndefined();
      expect(checkFingerprintTemplate(encode(bytes(TEMPLATE_MAX_BYTES)))).toBeUndefined();
      expect(checkFingerprintTemplate(encode(bytes(TEMPLATE_MAX_BYTES + 1)))).toBe(
        'FINGERPRINT_DATA_INVALID',
      );
    }
  });
});
