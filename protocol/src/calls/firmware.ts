/**
 * Firmware of the locks (server/API.md §13.2): a firmware file uploaded through `oss/token` + `POST /upload` is
 * recorded with the locks it applies to; the list says which of them already run it.
 */
import { call } from './contract.js';
import type { Page } from './page.js';
import { f, pageFields } from './schema.js';

/** A semver-ish version: 1 to 4 numbers, an optional leading v and an optional pre-release or build tail. */
export const FIRMWARE_VERSION = /^[vV]?\d{1,5}(\.\d{1,5}){1,3}([-+][0-9A-Za-z.-]{1,20})?$/;

/** A lock a firmware applies to, and whether it runs it. */
export interface FirmwareLock {
  room_id: number;
  name: string;
  mac_id: string | null;
  lock_version: string;
  current: boolean;
}

/** A firmware file as recorded (lock/addFirmwares). */
export interface FirmwareFile {
  id: number;
  name: string;
  version: string;
  model: string;
  note: string;
  file_name: string;
  url: string;
  size: number;
  sha256: string;
  applies_to: 'all' | 'chosen';
  room_ids: number[];
  created_at: number | null;
}

/** A firmware with the locks it applies to (lock/getFirmwaresList). */
export interface Firmware extends FirmwareFile {
  lock_count: number;
  current_count: number;
  locks: FirmwareLock[];
}

export const firmwareCalls = {
  addFirmwares: call({
    path: 'lock/addFirmwares',
    summary: 'Record an uploaded firmware',
    auth: 'user',
    mutates: true,
    permission: 'firmware.manage',
    schema: {
      file: f.string({ max: 300, invalid: 'UPLOAD_FILE_INVALID' }),
      file_name: f.string({ max: 200 }),
      name: f.string({ max: 64 }),
      version: f.string({ max: 40, pattern: FIRMWARE_VERSION }),
      model: f.string({ max: 40, optional: true }),
      room_ids: f.array({ of: f.id(), max: 2000, optional: true }),
      note: f.string({ max: 200, optional: true }),
    },
  }).answers<FirmwareFile>(),

  getFirmwaresList: call({
    path: 'lock/getFirmwaresList',
    summary: 'The firmwares and their locks',
    auth: 'user',
    mutates: false,
    permission: 'firmware.manage',
    schema: { keyword: f.string({ max: 50, optional: true }), ...pageFields },
  }).answers<Page<Firmware>>(),
};
