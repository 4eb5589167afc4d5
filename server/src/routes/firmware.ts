/**
 * Firmware of the locks (API.md §13.2): `lock/addFirmwares` records a firmware file uploaded through `oss/token`
 * (purpose `firmware`) + `POST /upload`, `lock/getFirmwaresList` lists the hotel's firmwares with the locks each
 * applies to and which of them already run it. The server never upgrades a lock: the phone app carries the file
 * to the lock over Bluetooth. A lock runs a firmware when its room's lock_version is the firmware's version (the lock
 * reports it in `POST /device/v1/sync/start`, API.md §10; the demo seeds it).
 *
 * Choices where the brief left room:
 * - accepted files: a ZIP package or a raw binary image, as the upload sniffs them from the bytes (a ZIP signature;
 *   or no known signature and a NUL byte in the first 4 KiB, so no text, Intel HEX, HTML or script passes), at most
 *   8 MiB; the name the file was chosen under must end in `.zip` or `.bin` and agree with the sniffed type;
 * - the SHA-256 is computed by the server from the stored bytes, never taken from the client;
 * - `version` is semver-ish (`2.4.0`, `v2.4`, `2.4.0-beta.1`); a lock runs it when its lock_version is the same
 *   version (a leading `v` and letter case aside);
 * - which locks it applies to: the rooms chosen (`room_ids`), or, when none are chosen, every room of the hotel
 *   with a lock (mac id). `model` is the lock model it is built for, recorded and shown (rooms carry no model);
 *   one firmware per (model, version) in a hotel;
 * - a secondary administrator granted `firmware.manage` sees the locks of their rooms only, and must choose rooms.
 */
import { createHash } from 'node:crypto';
import { firmwareCalls } from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { defineCall, type UserContext } from '../call.js';
import { isConstraintViolation, violatedConstraint } from '../db/index.js';
import type { Firmware } from '../db/schema.js';
import { failure } from '../errors.js';
import { epochSeconds, listPage } from '../fields.js';
import { fileUrl } from '../services/storage.js';
import { callerScope, inScope, likePattern, requireRooms } from '../shared/room-views.js';
import { findUpload } from '../shared/uploads.js';

export { FIRMWARE_VERSION } from '@lockdesk/protocol';

/** The file name endings accepted, by the type the upload sniffed. */
const EXTENSION_OF: Record<string, string> = {
  'application/zip': '.zip',
  'application/octet-stream': '.bin',
};

/** A version as compared with a lock's: without a leading v, lower case. */
export const sameVersion = (a: string | null, b: string): boolean =>
  a !== null && a.trim().replace(/^v/i, '').toLowerCase() === b.trim().replace(/^v/i, '').toLowerCase();

async function sha256Of(ctx: UserContext, key: string): Promise<string> {
  const file = await ctx.app.storage.get(key);
  if (!file) throw failure('UPLOAD_FILE_INVALID', { field: 'file' });
  const hash = createHash('sha256');
  for await (const chunk of file.body) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

interface LockRow {
  id: number;
  name: string;
  mac_id: string | null;
  lock_version: string | null;
}

/** The locks (rooms with a mac id in the caller's scope) a firmware applies to, and whether each runs it. */
function locksOf(firmware: Pick<Firmware, 'room_ids' | 'version'>, locks: LockRow[]) {
  const chosen = new Set(firmware.room_ids);
  const applies = firmware.room_ids.length === 0 ? locks : locks.filter((r) => chosen.has(r.id));
  const rooms = applies.map((r) => ({
    room_id: r.id,
    name: r.name,
    mac_id: r.mac_id,
    lock_version: r.lock_version ?? '',
    current: sameVersion(r.lock_version, firmware.version),
  }));
  return {
    lock_count: rooms.length,
    current_count: rooms.filter((r) => r.current).length,
    locks: rooms,
  };
}

function firmwareView(row: Firmware) {
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    model: row.model,
    note: row.note,
    file_name: row.file_name,
    url: row.url,
    size: row.size,
    sha256: row.sha256,
    applies_to: row.room_ids.length === 0 ? ('all' as const) : ('chosen' as const),
    room_ids: row.room_ids,
    created_at: epochSeconds(row.created_at),
  };
}

export function firmwareRoutes(app: FastifyInstance): void {
  defineCall(app, firmwareCalls.addFirmwares, {
    handler: async (ctx, body) => {
      const { hotelId, scope } = callerScope(ctx);
      const upload = await findUpload(ctx.db, hotelId, body.file, 'firmware');
      if (!upload) throw failure('UPLOAD_FILE_INVALID', { field: 'file' });
      const extension = EXTENSION_OF[upload.content_type];
      if (extension === undefined || !body.file_name.trim().toLowerCase().endsWith(extension))
        throw failure('FILE_TYPE_NOT_ALLOWED', { types: 'BIN, ZIP' });
      const roomIds = [...new Set((body.room_ids ?? []) as number[])].sort((a, b) => a - b);
      if (roomIds.length === 0 && scope.kind !== 'all')
        throw failure('FIELD_REQUIRED', { field: 'room_ids' });
      if (roomIds.length > 0) await requireRooms(ctx, roomIds, 'firmware.manage');
      const sha256 = await sha256Of(ctx, upload.key);
      let row: Firmware;
      try {
        row = await ctx.db
          .insertInto('firmwares')
          .values({
            hotel_id: hotelId,
            name: body.name.trim(),
            version: body.version.trim(),
            model: (body.model ?? '').trim(),
            note: body.note ?? '',
            url: fileUrl(upload.key),
            upload_key: upload.key,
            file_name: body.file_name.trim(),
            size: upload.size,
            sha256,
            room_ids: roomIds,
            created_by: ctx.user.id,
            created_at: ctx.now(),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      } catch (e) {
        if (isConstraintViolation(e, 'unique')) {
          if (violatedConstraint(e) === 'firmwares_upload')
            throw failure('UPLOAD_FILE_INVALID', { field: 'file' });
          throw failure('FIRMWARE_VERSION_EXISTS');
        }
        throw e;
      }
      ctx.audit(`Firmware ${row.name} ${row.version} added`);
      return firmwareView(row);
    },
  });

  defineCall(app, firmwareCalls.getFirmwaresList, {
    handler: async (ctx, body) => {
      const { hotelId, scope } = callerScope(ctx);
      let filtered = ctx.db.selectFrom('firmwares as fw').where('fw.hotel_id', '=', hotelId);
      if (body.keyword) {
        const like = likePattern(body.keyword);
        filtered = filtered.where((eb) =>
          eb.or([
            eb('fw.name', 'ilike', like),
            eb('fw.version', 'ilike', like),
            eb('fw.model', 'ilike', like),
          ]),
        );
      }
      // A secondary administrator sees the firmwares that apply to at least one of their rooms.
      if (scope.kind === 'assigned')
        filtered = filtered.where(
          sql<boolean>`(cardinality(fw.room_ids) = 0 OR EXISTS (SELECT 1 FROM user_rooms ur WHERE ur.user_id = ${scope.userId} AND ur.room_id = ANY(fw.room_ids)))`,
        );
      const page = await listPage(
        filtered,
        body,
        (q) => q.selectAll('fw').orderBy('fw.created_at', 'desc').orderBy('fw.id', 'desc'),
        (row) => row as Firmware,
      );
      const locks =
        page.list.length === 0
          ? []
          : await ctx.db
              .selectFrom('rooms as r')
              .select(['r.id', 'r.name', 'r.mac_id', 'r.lock_version'])
              .where(inScope(scope, hotelId))
              .where('r.mac_id', 'is not', null)
              .orderBy('r.name_key')
              .execute();
      return {
        ...page,
        list: page.list.map((row) => ({ ...firmwareView(row), ...locksOf(row, locks) })),
      };
    },
  });
}
