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
import { firmwareCalls } from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../call.js';
import type { Firmware } from '../db/schema.js';
import { epochSeconds } from '../fields.js';
import { callerScope } from '../shared/room-views.js';
import { locksInScope, pageOfFirmwares } from './repository/firmware.js';
import { addFirmware } from './service.js';

/** A version as compared with a lock's: without a leading v, lower case. */
export const sameVersion = (a: string | null, b: string): boolean =>
  a !== null && a.trim().replace(/^v/i, '').toLowerCase() === b.trim().replace(/^v/i, '').toLowerCase();

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

/** Registers lock/addFirmwares and lock/getFirmwaresList. */
export function firmwareRoutes(app: FastifyInstance): void {
  defineCall(app, firmwareCalls.addFirmwares, {
    handler: async (ctx, body) => {
      const row = await addFirmware(ctx, body);
      ctx.audit(`Firmware ${row.name} ${row.version} added`);
      return firmwareView(row);
    },
  });

  defineCall(app, firmwareCalls.getFirmwaresList, {
    handler: async (ctx, body) => {
      const { hotelId, scope } = callerScope(ctx);
      const page = await pageOfFirmwares(ctx.db, hotelId, { keyword: body.keyword, scope }, body);
      const locks = page.list.length === 0 ? [] : await locksInScope(ctx.db, hotelId, scope);
      return {
        ...page,
        list: page.list.map((row) => ({ ...firmwareView(row), ...locksOf(row, locks) })),
      };
    },
  });
}
