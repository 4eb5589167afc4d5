/**
 * The demo's locks (API.md §10 'The demo'): on `start --demo` every demo room's lock (the seeded rooms, mac
 * A0B0C0…) gets a secret, and the installer's sheet `<dataDir>/virtual-locks.json` (mode 0600) lists them for the
 * gateway's virtual locks: `{ "locks": [ { "room": "1101", "mac_id": "A0B0C0010101", "secret": "lds_…" } ] }`.
 *
 * Idempotent across restarts: only hashes are stored, so the sheet is what keeps the secrets. A room whose sheet
 * entry still matches its stored secret keeps it; a demo room without a secret, or whose secret the sheet does not
 * hold (sheet deleted, entry lost), gets a new one. The sheet is rewritten only when a secret was issued, and keeps
 * every other entry it had. Rooms added later from the console are installed from the console, not here.
 */
import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ownerOnlyFolder } from './data-folder.js';
import type { Db } from './db/index.js';
import { DEMO_HOTEL } from './demo.js';
import { issueLockSecret, LOCK_SECRET_PATTERN, lockSecretMatches } from './services/lock-secrets.js';

/** One lock of the installer's sheet. */
export interface SheetLock {
  room: string;
  mac_id: string;
  secret: string;
}

/** The installer's sheet of a data folder. */
export const locksSheetPath = (dataDir: string): string => join(dataDir, 'virtual-locks.json');

/** The demo rooms' locks: the seeded rooms' macs start so (demo.ts demoMac). */
const DEMO_MAC_PREFIX = 'A0B0C0';

/** The sheet's entries (none when it is missing or unreadable; malformed entries are dropped). */
export function readLocksSheet(path: string): SheetLock[] {
  if (!existsSync(path)) return [];
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as { locks?: unknown };
    if (!Array.isArray(parsed.locks)) return [];
    return parsed.locks.filter(
      (l): l is SheetLock =>
        l !== null &&
        typeof l === 'object' &&
        typeof l.room === 'string' &&
        typeof l.mac_id === 'string' &&
        /^[0-9A-F]{12}$/.test(l.mac_id) &&
        typeof l.secret === 'string' &&
        LOCK_SECRET_PATTERN.test(l.secret),
    );
  } catch {
    return [];
  }
}

/** Writes the sheet whole (a temporary file renamed over it, so a reader never sees half), readable by its owner only. */
export function writeLocksSheet(path: string, locks: readonly SheetLock[]): void {
  ownerOnlyFolder(dirname(path));
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify({ locks }, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, path);
}

/**
 * Makes sure every demo room with a lock has a secret the sheet holds; answers how many secrets it issued (0 when
 * the sheet already held them all, or there is no demo hotel).
 */
export async function installDemoLocks(db: Db, dataDir: string, now: Date): Promise<number> {
  const hotel = await db
    .selectFrom('hotels')
    .select('id')
    .where('name', '=', DEMO_HOTEL.name)
    .orderBy('id')
    .executeTakeFirst();
  if (!hotel) return 0;
  const rooms = await db
    .selectFrom('rooms as r')
    .leftJoin('lock_devices as d', 'd.room_id', 'r.id')
    .select(['r.id', 'r.hotel_id', 'r.name', 'r.mac_id', 'd.secret_hash'])
    .where('r.hotel_id', '=', hotel.id)
    .where('r.mac_id', 'like', `${DEMO_MAC_PREFIX}%`)
    .orderBy('r.name')
    .execute();
  const path = locksSheetPath(dataDir);
  const sheet = new Map(readLocksSheet(path).map((l) => [l.mac_id, l]));
  let issued = 0;
  for (const room of rooms) {
    const mac = room.mac_id as string;
    const held = sheet.get(mac);
    if (held && room.secret_hash && lockSecretMatches(held.secret, room.secret_hash)) continue;
    const { secret } = await issueLockSecret(db, room, now);
    sheet.set(mac, { room: room.name, mac_id: mac, secret });
    issued++;
  }
  if (issued > 0)
    writeLocksSheet(
      path,
      [...sheet.values()].sort((a, b) => a.room.localeCompare(b.room) || a.mac_id.localeCompare(b.mac_id)),
    );
  return issued;
}
