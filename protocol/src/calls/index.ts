/**
 * Every /manage call's contract, one module per area (calls/<area>.ts). CONTRACTS is the list the server checks its
 * handlers against (each contract exactly one handler) and writes the OpenAPI document from. The card-service API's
 * contracts (calls/card-service.ts, SERVICE_CONTRACTS) are of their own kind (service-contract.ts), not listed here.
 */
import { accountCalls } from './account.js';
import { apiKeyCalls } from './api-keys.js';
import { brokerCalls } from './broker.js';
import { cardEncryptionCalls } from './card-encryption.js';
import { cardCalls } from './cards.js';
import { categoryCalls } from './categories.js';
import type { AnyContract } from './contract.js';
import { cpuCardCalls } from './cpu-cards.js';
import { customerCalls } from './customers.js';
import { devCalls } from './dev.js';
import { dispenserCalls } from './dispensers.js';
import { faceGrantCalls } from './face-grants.js';
import { faceCalls } from './faces.js';
import { fileCalls } from './files.js';
import { fingerprintCalls } from './fingerprints.js';
import { firmwareCalls } from './firmware.js';
import { hotelCalls } from './hotel.js';
import { lockDeliveryCalls } from './lock-deliveries.js';
import { lockDeviceCalls } from './lock-devices.js';
import { m1CardCalls } from './m1-cards.js';
import { messageCalls } from './messages.js';
import { operationLogCalls } from './operation-log.js';
import { orderCalls } from './orders.js';
import { passwordCalls } from './passwords.js';
import { priceCalls } from './prices.js';
import { profileCalls } from './profile.js';
import { roomAdminCalls } from './room-admin.js';
import { roomCalls } from './rooms.js';
import { staffCalls } from './staff.js';
import { stayCalls } from './stays.js';
import { unlockRecordCalls } from './unlock-records.js';

export * from './account.js';
export * from './api-keys.js';
export * from './broker.js';
export * from './card-encryption.js';
export * from './card-fields.js';
export * from './card-service.js';
export * from './cards.js';
export * from './categories.js';
export * from './contract.js';
export * from './cpu-cards.js';
export * from './credential-fields.js';
export * from './customers.js';
export * from './dev.js';
export * from './dispensers.js';
export * from './face-grants.js';
export * from './faces.js';
export * from './files.js';
export * from './fingerprints.js';
export * from './firmware.js';
export * from './hotel.js';
export * from './json-schema.js';
export * from './lock-deliveries.js';
export * from './lock-devices.js';
export * from './m1-cards.js';
export * from './messages.js';
export * from './money-fields.js';
export * from './operation-log.js';
export * from './orders.js';
export * from './page.js';
export * from './passwords.js';
export * from './prices.js';
export * from './profile.js';
export * from './room-admin.js';
export * from './rooms.js';
export * from './schema.js';
export * from './service-contract.js';
export * from './staff.js';
export * from './stays.js';
export * from './unlock-records.js';

/** Each area's contracts, by area (one line per calls/<area>.ts; keep them in alphabetical order). */
export const CALL_AREAS: Readonly<Record<string, Readonly<Record<string, AnyContract>>>> = {
  account: accountCalls,
  apiKeys: apiKeyCalls,
  broker: brokerCalls,
  cardEncryption: cardEncryptionCalls,
  cards: cardCalls,
  categories: categoryCalls,
  cpuCards: cpuCardCalls,
  customers: customerCalls,
  dev: devCalls,
  dispensers: dispenserCalls,
  faceGrants: faceGrantCalls,
  faces: faceCalls,
  files: fileCalls,
  fingerprints: fingerprintCalls,
  firmware: firmwareCalls,
  hotel: hotelCalls,
  lockDeliveries: lockDeliveryCalls,
  lockDevices: lockDeviceCalls,
  m1Cards: m1CardCalls,
  messages: messageCalls,
  operationLog: operationLogCalls,
  orders: orderCalls,
  passwords: passwordCalls,
  prices: priceCalls,
  profile: profileCalls,
  roomAdmin: roomAdminCalls,
  rooms: roomCalls,
  staff: staffCalls,
  stays: stayCalls,
  unlockRecords: unlockRecordCalls,
};
/** Every contract of every area. */
export const CONTRACTS: readonly AnyContract[] = Object.values(CALL_AREAS).flatMap((area) =>
  Object.values(area),
);
