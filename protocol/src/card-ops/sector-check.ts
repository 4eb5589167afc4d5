import { CARD_READ } from '../constants.js';
import { fail, ok } from '../result.js';
import { READER_GONE_CODES } from './read-flow.js';
import { type CardOpFailure, type CardOpFlow, cancelledAs, device, isCancelled } from './steps.js';

export interface SectorCheckOptions {
  /** The key tried on every sector (the default key). */
  key?: string;
  /** The pause between two sectors (100 ms). */
  pauseMs: number;
  /**
   * True when the reader reads a sector with one command that selects the card itself; otherwise a sector whose
   * key is refused halts the card, and it is found again before the next sector (gone: the check stops).
   */
  sectorReadSelects: boolean;
}

/** What the sector check found. */
export interface SectorCheckOutcome {
  uid: string;
  /** Sectors read with the key: they use it. */
  sectors: { sector: number; block: number; data: string }[];
  /** Sectors that did not read with it (encrypted with another key, or an error), with why. */
  failedSectors: { sector: number; block: number; failure: CardOpFailure }[];
}

/**
 * The sector encryption check of spec §4: sectors 1 to 15 read in turn at block 4 × sector with the default key,
 * 100 ms apart. A sector that reads uses the default key; one that does not counts as encrypted with another key.
 * The check stops when the reader is gone (with what it found so far as `data`) or is cancelled
 * (OPERATION_CANCELLED). Each sector is shown as it starts (no result) and as it ends.
 */
export function* sectorCheckFlow(options: SectorCheckOptions): CardOpFlow<SectorCheckOutcome> {
  const key = options.key ?? CARD_READ.defaultKey;
  const found = yield device({ op: 'findCard' });
  if (isCancelled(found)) return cancelledAs(found, 'OPERATION_CANCELLED');
  if (found && !found.ok) return found;
  const outcome: SectorCheckOutcome = { uid: found?.value.card?.uid ?? '', sectors: [], failedSectors: [] };
  for (let sector = CARD_READ.sectorScanFirst; sector <= CARD_READ.sectorScanLast; sector++) {
    const block = sector * 4;
    yield { kind: 'sector', sector };
    const answer = yield device({
      op: 'readSector',
      sector,
      key,
      pauseMs: sector > CARD_READ.sectorScanFirst ? options.pauseMs : 0,
    });
    if (isCancelled(answer)) return cancelledAs(answer, 'OPERATION_CANCELLED');
    if (answer?.ok && answer.value.data) {
      outcome.sectors.push({ sector, block, data: answer.value.data });
      yield { kind: 'sector', sector, result: { ok: true, data: answer.value.data } };
      continue;
    }
    const failure = answer && !answer.ok ? answer : fail('READ_DATA_FAILED', `sector ${sector} gave no data`);
    if (READER_GONE_CODES.includes(failure.code))
      return { ...failure, data: { sectors: outcome.sectors, failedSectors: outcome.failedSectors } };
    outcome.failedSectors.push({ sector, block, failure });
    yield { kind: 'sector', sector, result: { ok: false, code: failure.code } };
    if (!options.sectorReadSelects) {
      const again = yield device({ op: 'findCard' });
      if (isCancelled(again)) return cancelledAs(again, 'OPERATION_CANCELLED');
      if (again && !again.ok) return again;
    }
  }
  return ok(outcome);
}
