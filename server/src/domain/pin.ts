/**
 * PIN passwords of locks (room/password*): six digits, shown once to the operator, kept only in a form the lock
 * can verify a typed PIN against and nobody can read the digits back from:
 *
 *   pbkdf2-sha256$<iterations>$<salt, base64>$<key, base64>
 *
 * key = PBKDF2-HMAC-SHA256(password = the six digits as ASCII, salt = 16 random bytes of this password,
 * iterations, 32 bytes). A lock (the virtual lock at sync) checks a typed PIN by deriving the key with the stored
 * salt and iterations and comparing in constant time (verifyPin). The salt is per password, so two equal PINs
 * never share a stored form and uniqueness is checked by verifying the candidate against each active one.
 *
 * Limit, stated plainly: six digits are a million candidates, so whoever holds a stored row can still search them
 * offline; the iterations make that search cost about an hour of one CPU core per password instead of a second.
 */
import { pbkdf2, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export const PIN_DIGITS = 6;
export const PIN_FORM = 'pbkdf2-sha256';
/** PBKDF2 rounds: about 3 ms per check on one core. */
export const PIN_ITERATIONS = 20_000;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** Iterations a stored form may name (a corrupt row must not make a check take minutes). */
const MAX_ITERATIONS = 1_000_000;

const PIN = /^\d{6}$/;

/** True for exactly six ASCII digits. */
export const isPin = (value: string): boolean => PIN.test(value);

/** A uniformly random six-digit PIN (leading zeros kept), from the system's CSPRNG. */
export function generatePin(): string {
  return String(randomInt(0, 10 ** PIN_DIGITS)).padStart(PIN_DIGITS, '0');
}

function derive(pin: string, salt: Buffer, iterations: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    pbkdf2(pin, salt, iterations, KEY_BYTES, 'sha256', (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** The stored form of a PIN, with a fresh random salt. */
export async function hashPin(pin: string, iterations = PIN_ITERATIONS): Promise<string> {
  if (!isPin(pin)) throw new Error('a PIN is six digits');
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(pin, salt, iterations);
  return `${PIN_FORM}$${iterations}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** True when `pin` is the PIN the stored form was made from; false for anything malformed. */
export async function verifyPin(pin: string, stored: string): Promise<boolean> {
  if (!isPin(pin)) return false;
  const parts = stored.split('$');
  if (parts.length !== 4 || parts[0] !== PIN_FORM) return false;
  const iterations = Number(parts[1]);
  if (!Number.isSafeInteger(iterations) || iterations < 1 || iterations > MAX_ITERATIONS) return false;
  const salt = Buffer.from(parts[2] ?? '', 'base64');
  const expected = Buffer.from(parts[3] ?? '', 'base64');
  if (salt.length === 0 || expected.length !== KEY_BYTES) return false;
  const key = await derive(pin, salt, iterations);
  return timingSafeEqual(key, expected);
}

/** True when `pin` matches any of the stored forms (each checked; the caller keeps the list short). */
export async function matchesAny(pin: string, stored: readonly string[]): Promise<boolean> {
  const results = await Promise.all(stored.map((s) => verifyPin(pin, s)));
  return results.includes(true);
}
