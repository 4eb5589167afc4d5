/**
 * Every /manage call's contract, one module per area (calls/<area>.ts). CONTRACTS is the list the server checks its
 * handlers against (each contract exactly one handler) and writes the OpenAPI document from.
 */
import { cardEncryptionCalls } from './card-encryption.js';
import { categoryCalls } from './categories.js';
import type { AnyContract } from './contract.js';
import { cpuCardCalls } from './cpu-cards.js';
import { dispenserCalls } from './dispensers.js';
import { firmwareCalls } from './firmware.js';
import { lockDeliveryCalls } from './lock-deliveries.js';
import { lockDeviceCalls } from './lock-devices.js';
import { m1CardCalls } from './m1-cards.js';
import { orderCalls } from './orders.js';
import { passwordCalls } from './passwords.js';
import { priceCalls } from './prices.js';
import { roomAdminCalls } from './room-admin.js';
import { roomCalls } from './rooms.js';
import { stayCalls } from './stays.js';
import { unlockRecordCalls } from './unlock-records.js';

export * from './card-encryption.js';
export * from './card-fields.js';
export * from './categories.js';
export * from './contract.js';
export * from './cpu-cards.js';
export * from './dispensers.js';
export * from './firmware.js';
export * from './lock-deliveries.js';
export * from './lock-devices.js';
export * from './m1-cards.js';
export * from './money-fields.js';
export * from './orders.js';
export * from './page.js';
export * from './passwords.js';
export * from './prices.js';
export * from './room-admin.js';
export * from './rooms.js';
export * from './schema.js';
export * from './stays.js';
export * from './unlock-records.js';

/** Each area's contracts, by area (one line per calls/<area>.ts; keep them in alphabetical order). */
export const CALL_AREAS: Readonly<Record<string, Readonly<Record<string, AnyContract>>>> = {
  cardEncryption: cardEncryptionCalls,
  categories: categoryCalls,
  cpuCards: cpuCardCalls,
  dispensers: dispenserCalls,
  firmware: firmwareCalls,
  lockDeliveries: lockDeliveryCalls,
  lockDevices: lockDeviceCalls,
  m1Cards: m1CardCalls,
  orders: orderCalls,
  passwords: passwordCalls,
  prices: priceCalls,
  roomAdmin: roomAdminCalls,
  rooms: roomCalls,
  stays: stayCalls,
  unlockRecords: unlockRecordCalls,
};
/** Every contract of every area. */
export const CONTRACTS: readonly AnyContract[] = Object.values(CALL_AREAS).flatMap((area) =>
  Object.values(area),
);
