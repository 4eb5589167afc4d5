/**
 * The marks of the room list (room/listNew, and room/info and room/lockInfo, which answer a room the same way): per
 * room with a lock, the changes waiting for its next sync (a cheap count, API.md §5) and the time of its last sync.
 */
import { CARD_TYPE } from '@lockdesk/protocol';
import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { epochSeconds } from '../../fields.js';

/** A lock's mark on the room list: the changes waiting for its next sync and the time of its last sync. */
export interface LockMark {
  waiting: number;
  syncedAt: Date | null;
  /** When the count next changes by time alone (a counted password or deleted card expires), ms; else null. */
  changesAt: number | null;
}

/**
 * The marks of the page's locks, in ONE statement whatever the page's size (API.md §5 room/listNew: an honest
 * cheap count, not the exact comparison of lock/inLockList): per room with a lock, the card changes it has not
 * learned (a deleted card only while it has not expired), the passwords created, withdrawn or deleted since its
 * last sync that have not expired, a new 'unsubscribe old card' sequence (one, however many guest cards of the room
 * were issued with it since its last sync: the lock learns only the newest), the faces of the room added or changed
 * since then (removals only once the lock synced at all), the faces granted to the room or revoked since then that
 * have not ended (lock/empowerFace) and the fingerprints pending or being withdrawn.
 */
export async function lockMarks(
  db: Db,
  hotelId: number,
  roomIds: number[],
  now: Date,
): Promise<Map<number, LockMark>> {
  const marks = new Map<number, LockMark>();
  if (roomIds.length === 0) return marks;
  // One index scan per source for all the rooms together (not a probe per room and source), then summed per room.
  // A plain SELECT (no WITH): db/changes.ts takes any other statement for a write that drops every kept answer.
  const ids = sql`SELECT unnest(${`{${roomIds.join(',')}}`}::int[])`;
  const since = sql`coalesce(ld.last_sync_at, '-infinity'::timestamptz)`;
  const rows = await sql<{ id: number; last_sync_at: Date | null; waiting: number; next: Date | null }>`
    SELECT l.id, l.last_sync_at, coalesce(sum(w.n), 0)::int AS waiting, min(w.next) AS next
    FROM (
      SELECT r.id, ld.last_sync_at FROM rooms r LEFT JOIN lock_devices ld ON ld.room_id = r.id
      WHERE r.hotel_id = ${hotelId} AND r.id IN (${ids}) AND r.mac_id IS NOT NULL
    ) l LEFT JOIN (
      SELECT s.room_id, count(*)::int AS n, min(c.end_time) FILTER (WHERE s.action = 'delete') AS next
        FROM card_lock_sync s JOIN cards c ON c.id = s.card_id
        WHERE s.room_id IN (${ids}) AND s.synced_at IS NULL
          AND (s.action = 'learn' OR c.end_time IS NULL OR c.end_time > ${now})
        GROUP BY s.room_id
      UNION ALL
      SELECT p.room_id, count(*)::int, min(p.end_time)
        FROM lock_passwords p LEFT JOIN lock_devices ld ON ld.room_id = p.room_id
        WHERE p.room_id IN (${ids}) AND p.end_time > ${now}
          AND greatest(p.created_at, p.revoked_at, p.deleted_at) > ${since}
        GROUP BY p.room_id
      UNION ALL
      SELECT c.room_id, 1, NULL
        FROM cards c LEFT JOIN lock_devices ld ON ld.room_id = c.room_id
        WHERE c.hotel_id = ${hotelId} AND c.room_id IN (${ids}) AND c.type = ${CARD_TYPE.normal}
          AND c.status = 'issued' AND c.unsubscribe_old AND c.issued_at > ${since}
        GROUP BY c.room_id
      UNION ALL
      SELECT fa.room_id, count(*)::int, NULL
        FROM faces fa LEFT JOIN lock_devices ld ON ld.room_id = fa.room_id
        WHERE fa.hotel_id = ${hotelId} AND fa.room_id IN (${ids}) AND fa.updated_at > ${since}
          AND (fa.status <> 'deleted' OR ld.last_sync_at IS NOT NULL)
        GROUP BY fa.room_id
      UNION ALL
      SELECT g.room_id, count(*)::int, min(g.end_time)
        FROM face_grants g LEFT JOIN lock_devices ld ON ld.room_id = g.room_id
        WHERE g.hotel_id = ${hotelId} AND g.room_id IN (${ids}) AND g.end_time > ${now}
          AND greatest(g.updated_at, g.revoked_at) > ${since}
          AND (g.revoked_at IS NULL OR ld.last_sync_at IS NOT NULL)
        GROUP BY g.room_id
      UNION ALL
      SELECT d.room_id, count(*)::int, NULL
        FROM fingerprint_deliveries d
        WHERE d.room_id IN (${ids}) AND d.status IN ('pending', 'deleting')
        GROUP BY d.room_id
    ) w ON w.room_id = l.id
    GROUP BY l.id, l.last_sync_at`.execute(db);
  for (const row of rows.rows) {
    marks.set(Number(row.id), {
      waiting: Number(row.waiting),
      syncedAt: row.last_sync_at === null ? null : new Date(row.last_sync_at),
      changesAt: row.next === null ? null : new Date(row.next).getTime(),
    });
  }
  return marks;
}

/** One room's lock marks as room/listNew answers them (room/info and room/lockInfo answer the room the same way). */
export async function roomLockMarks(
  db: Db,
  hotelId: number,
  roomId: number,
  nowMs: number,
): Promise<{ lock_waiting: number; lock_synced_at: number }> {
  const mark = (await lockMarks(db, hotelId, [roomId], new Date(nowMs))).get(roomId);
  return { lock_waiting: mark?.waiting ?? 0, lock_synced_at: epochSeconds(mark?.syncedAt) ?? 0 };
}
