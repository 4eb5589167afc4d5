/**
 * CPU cards (API.md §9.3): a CPU card by serial for a stay, a room or the hotel, issued from a CPU card dispenser
 * ('pending' → 'sending' → 'delivered' or 'failed'; deleting makes it 'deleted').
 */
import { type CardPage, cardPageFields, expiryField, hexId, readerAddressField } from './card-fields.js';
import { call } from './contract.js';
import { f } from './schema.js';

export const CPU_CARD_STATUSES = ['pending', 'sending', 'delivered', 'failed', 'deleted'] as const;
export type CpuCardStatus = (typeof CPU_CARD_STATUSES)[number];

/** A CPU card serial: 8 to 20 hex (spaces and colons allowed as typed). */
export const CPU_SERIAL = /^[0-9A-F]{8,20}$/;

/** A CPU card as lockCardCpu/* answer it (server/API.md §9.3). */
export interface CpuCard {
  id: number;
  serial: string;
  note: string;
  room_id: number | null;
  room_name: string;
  stay_id: number | null;
  guest_name: string;
  end_time: number;
  expired: boolean;
  status: CpuCardStatus;
  dispenser_mac_id: string | null;
  sent_at: number | null;
  created_at: number;
  updated_at: number;
}

export const cpuCardCalls = {
  addCpuCard: call({
    path: 'lockCardCpu/add',
    summary: 'LockCardCpu/add',
    auth: 'user',
    mutates: true,
    permission: 'credential.manage',
    schema: {
      room_id: f.id({ optional: true }),
      stay_id: f.id({ optional: true }),
      serial: f.string({
        max: 64,
        check: (v: string) => (CPU_SERIAL.test(hexId(v)) ? undefined : 'FIELD_INVALID'),
      }),
      note: f.string({ max: 64, optional: true }),
      end_time: expiryField(),
    },
  }).answers<CpuCard>(),

  cpuCardList: call({
    path: 'lockCardCpu/lists',
    summary: 'LockCardCpu/lists',
    auth: 'user',
    mutates: false,
    permission: 'credential.manage',
    schema: {
      room_id: f.id({ optional: true }),
      stay_id: f.id({ optional: true }),
      status: f.enum(CPU_CARD_STATUSES, { optional: true }),
      keyword: f.string({ max: 50, optional: true }),
      ...cardPageFields,
    },
  }).answers<CardPage<CpuCard>>(),

  deleteCpuCard: call({
    path: 'lockCardCpu/delCard',
    summary: 'LockCardCpu/delCard',
    auth: 'user',
    mutates: true,
    permission: 'credential.manage',
    schema: { id: f.id() },
  }).answers<CpuCard>(),

  /** Queues the card on a CPU card dispenser, or (with `result`) reports what the dispenser did. */
  sendCpuCard: call({
    path: 'lockCardCpu/sendCard',
    summary: 'Issue from a CPU card dispenser',
    auth: 'user',
    mutates: true,
    permission: 'credential.manage',
    schema: {
      id: f.id(),
      mac_id: readerAddressField(),
      result: f.enum(['delivered', 'failed'] as const, { optional: true }),
    },
  }).answers<CpuCard>(),
};
