/** A MIFARE Classic 1K card as the console's card service sees it, and helpers of the card suites. */
import { CARD_READ, ROOM_STATUS } from '@lockdesk/protocol';
import type { TestApp } from './helpers.js';
import { DAY, HOUR, ok } from './room-helpers.js';

interface Step {
  block: number;
  key: string;
  data: string;
}

/** A card on the encoder: blocks by number and key A per sector (transport keys when new). */
export class VirtualCard {
  readonly blocks = new Map<number, string>();
  readonly keys = new Map<number, string>();
  constructor(readonly uid: string) {}

  keyOf(sector: number): string {
    return this.keys.get(sector) ?? CARD_READ.defaultKey;
  }

  /** Authenticates with `key` and writes; a trailer write changes the sector's key A. */
  write(step: Step): void {
    const sector = Math.floor(step.block / 4);
    if (this.keyOf(sector) !== step.key.toUpperCase()) throw new Error(`auth failed on block ${step.block}`);
    if (step.block % 4 === 3) this.keys.set(sector, step.data.slice(0, 12).toUpperCase());
    this.blocks.set(step.block, step.data.toUpperCase());
  }

  /** Authenticates with `key` and reads (a trailer reads key A as zeros). */
  read(block: number, key: string): string {
    const sector = Math.floor(block / 4);
    if (this.keyOf(sector) !== key.toUpperCase()) throw new Error(`auth failed on block ${block}`);
    const data =
      this.blocks.get(block) ??
      (block % 4 === 3 ? `${this.keyOf(sector)}FF078069FFFFFFFFFFFF` : '0'.repeat(32));
    return block % 4 === 3 ? `000000000000${data.slice(12)}` : data;
  }

  /** Runs a plan's writes. */
  run(writes: Step[]): void {
    for (const step of writes) this.write(step);
  }

  /** Reads every verify block with its key, as the console does after a write. */
  readBack(verify: Step[]): Record<string, string> {
    const out: Record<string, string> = {};
    for (const step of verify) out[String(step.block)] = this.read(step.block, step.key);
    return out;
  }
}

export interface Plan {
  id: number;
  card_id: string;
  uid: string;
  writes: Step[];
  verify: Step[];
  expires_at: number;
  card: Record<string, unknown>;
}

/** Writes a plan on the card, reads it back and confirms it (step two); answers the issued card. */
export async function writeAndConfirm(
  t: TestApp,
  token: string,
  card: VirtualCard,
  plan: Plan,
): Promise<Record<string, unknown>> {
  card.run(plan.writes);
  return ok(
    await t.call<Record<string, unknown>>(
      'room/addCardStepTwoNew',
      { id: plan.id, card_uid: card.uid, blocks: card.readBack(plan.verify) },
      { token },
    ),
  );
}

/** An active stay of a demo room (checked in an hour ago, for two days). */
export async function activeStay(t: TestApp, roomName: string, extra: { disable_old_cards?: boolean } = {}) {
  const roomId = t.ids.rooms[roomName]!;
  const row = await t.db
    .insertInto('stays')
    .values({
      hotel_id: t.ids.hotelId,
      room_id: roomId,
      mobile: '13911112222',
      nickname: 'Card Guest',
      other_information: 'from the card suite',
      check_in: new Date(t.clock.ms - HOUR),
      check_out: new Date(t.clock.ms + 2 * DAY),
      status: 'active',
      ...extra,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.updateTable('rooms').set({ status: ROOM_STATUS.checkedIn }).where('id', '=', roomId).execute();
  return { stayId: row.id, roomId };
}

/** Seconds since the epoch of the test clock plus `ms`. */
export const secondsFromNow = (t: TestApp, ms: number) => Math.floor((t.clock.ms + ms) / 1000);
