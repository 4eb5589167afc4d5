/**
 * The locks: what each lock must learn and what it confirmed (lock-deliveries.ts), its secret (lock-devices.ts), its
 * firmware (firmware.ts) and the unlock records it reported (unlock-records.ts). Their rules spanning statements are
 * in service.ts, their statements in repository/; the device API the locks themselves call is device/.
 */
import type { FastifyInstance } from 'fastify';
import { firmwareRoutes } from './firmware.js';
import { lockDeliveryRoutes } from './lock-deliveries.js';
import { lockDeviceRoutes } from './lock-devices.js';
import { unlockRecordRoutes } from './unlock-records.js';

/** Registers the lock calls. */
export function lockRoutes(app: FastifyInstance): void {
  unlockRecordRoutes(app);
  lockDeliveryRoutes(app);
  lockDeviceRoutes(app);
  firmwareRoutes(app);
}
