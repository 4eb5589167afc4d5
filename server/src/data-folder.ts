/**
 * The data folder holds guest data and PIN hashes (the PGlite files), the server key (secret.key), uploads (files/)
 * and the demo's installer sheet: its owner alone may read it. Folders are created 0700 and files 0600, as
 * PostgreSQL keeps its own data directory; a folder left readable by others (an older install) is tightened at start.
 */
import { chmodSync, type Dirent, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { isMainThread } from 'node:worker_threads';

/** The mode of every folder under the data folder. */
export const DATA_FOLDER_MODE = 0o700;
/** The mode of every file under the data folder. */
export const DATA_FILE_MODE = 0o600;

/** Creates the folder (and its missing parents) readable by its owner only. */
export function ownerOnlyFolder(path: string): void {
  mkdirSync(path, { recursive: true, mode: DATA_FOLDER_MODE });
}

/**
 * Files this process creates from now on are its owner's only, as PostgreSQL's postmaster does (umask 0077): the
 * embedded PostgreSQL writes some files (pg_internal.init) with the default 0666 and leaves the rest to the umask.
 */
export function ownerOnlyNewFiles(): void {
  // A worker thread cannot change the process's umask: there the explicit modes and tightenFolder still hold.
  if (isMainThread) process.umask(0o077);
}

/** What tightenFolder did: the entries it made owner-only, and those it could not change (not this user's). */
export interface Tightened {
  changed: string[];
  refused: string[];
}

/**
 * Takes group and other permissions off the folder and everything under it (folders 0700, files 0600; symbolic
 * links are not followed). A folder that does not exist is left alone.
 */
export function tightenFolder(root: string): Tightened {
  const result: Tightened = { changed: [], refused: [] };
  const visit = (path: string, isFolder: boolean): void => {
    let mode: number;
    try {
      mode = lstatSync(path).mode & 0o777;
    } catch {
      return; // gone meanwhile
    }
    if ((mode & 0o077) !== 0) {
      try {
        chmodSync(path, isFolder ? DATA_FOLDER_MODE : DATA_FILE_MODE);
        result.changed.push(path);
      } catch {
        result.refused.push(path);
      }
    }
    if (!isFolder) return;
    let entries: Dirent[];
    try {
      entries = readdirSync(path, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.isSymbolicLink()) continue;
      visit(join(path, entry.name), entry.isDirectory());
    }
  };
  try {
    if (!lstatSync(root).isDirectory()) return result;
  } catch {
    return result;
  }
  visit(root, true);
  return result;
}

/** The logger's part this module uses (app.log). */
interface Log {
  warn(obj: object, msg: string): void;
}

/**
 * At start: files created from now on are owner-only, and an existing data folder that others could read is
 * tightened, with a log line saying how much was changed (and which entries could not be).
 */
export function secureDataFolder(dataDir: string, log: Log): Tightened {
  ownerOnlyNewFiles();
  const result = tightenFolder(dataDir);
  if (result.changed.length > 0)
    log.warn(
      { dataDir, tightened: result.changed.length },
      `data folder was readable by others: made its owner's only (folders 0${DATA_FOLDER_MODE.toString(8)}, files 0${DATA_FILE_MODE.toString(8)})`,
    );
  if (result.refused.length > 0)
    log.warn(
      { dataDir, refused: result.refused.slice(0, 10), count: result.refused.length },
      'data folder: could not make these entries owner-only (not owned by this user): fix their modes',
    );
  return result;
}
