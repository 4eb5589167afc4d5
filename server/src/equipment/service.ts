/**
 * The card readers' rules that span several statements: adding (or claiming) a reader for the hotel, and binding a
 * reader to an account, which unbinds the account's previous one.
 */
import type { DispenserType } from '@lockdesk/protocol';
import type { UserContext } from '../call.js';
import { isConstraintViolation } from '../db/index.js';
import { failure } from '../errors.js';
import { hotelDevices } from '../services/broker-credentials.js';
import {
  bindReader,
  claimDispenser,
  findDispenserOwner,
  insertDispenser,
  unbindOtherReaders,
} from './repository.js';

/**
 * Adds the reader `macId` to the caller's hotel, or renames it / changes its type when the hotel has it already;
 * a reader without a hotel (made by an installer) is claimed, another hotel's refused (FIELD_INVALID mac_id). The
 * hotel's console broker credentials are then told they may reach it.
 */
export async function addDispenser(
  ctx: UserContext,
  hotelId: number,
  reader: { macId: string; type: DispenserType; name: string | undefined },
  now: Date,
): Promise<void> {
  const { macId, type, name } = reader;
  let existing = await findDispenserOwner(ctx.db, macId);
  if (!existing) {
    try {
      await insertDispenser(ctx.db, {
        hotel_id: hotelId,
        mac_id: macId,
        name: name ?? '',
        type,
        created_at: now,
      });
    } catch (e) {
      // Added twice at once: the other call made it; it is updated below like any existing reader.
      if (!isConstraintViolation(e, 'unique')) throw e;
      existing = await findDispenserOwner(ctx.db, macId);
    }
  }
  if (existing) {
    // A reader without a hotel (made by an installer) is claimed; another hotel's is not ours to change.
    if (existing.hotel_id !== null && existing.hotel_id !== hotelId)
      throw failure('FIELD_INVALID', { field: 'mac_id' });
    await claimDispenser(ctx.db, existing.id, {
      hotel_id: hotelId,
      type,
      ...(name === undefined ? {} : { name }),
    });
  }
  // The hotel's console broker credentials may reach the new reader too (a managed broker keeps them in one role).
  const mirror = ctx.app.brokerMirror;
  if (mirror) {
    try {
      await mirror.hotelDevices(hotelId, await hotelDevices(ctx.db, hotelId));
    } catch (err) {
      ctx.log.warn({ err }, 'broker: the hotel role does not name the new reader yet');
    }
  }
}

/** Binds the reader to the account `userId` (null: unbinds it), unbinding the account's previous reader. */
export async function bindDispenser(
  ctx: UserContext,
  dispenserId: number,
  userId: number | null,
): Promise<void> {
  const bind = () =>
    ctx.db.transaction().execute(async (trx) => {
      if (userId !== null) await unbindOtherReaders(trx, userId, dispenserId);
      await bindReader(trx, dispenserId, userId);
    });
  try {
    await bind();
  } catch (e) {
    // Another bind to the same account committed in between: bind again over it.
    if (!isConstraintViolation(e, 'unique')) throw e;
    await bind();
  }
}
