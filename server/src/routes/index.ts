/** The route areas, loaded in this order by buildApp. Add one line per area file. */
import type { FastifyInstance } from 'fastify';
import { billRoutes } from '../bills/index.js';
import { priceRoutes } from '../prices/index.js';
import { roomsRoutes } from '../rooms/index.js';
import { accountRoutes } from './account.js';
import { apiKeyRoutes } from './api-keys.js';
import { brokerRoutes } from './broker.js';
import { cardEncryptionRoutes } from './card-encryption.js';
import { cardRoutes } from './cards.js';
import { cpuCardRoutes } from './cpu-cards.js';
import { customerRoutes } from './customers.js';
import { devRoutes } from './dev.js';
import { dispenserRoutes } from './dispensers.js';
import { exportRoutes } from './exports.js';
import { faceGrantRoutes } from './face-grants.js';
import { faceRoutes } from './faces.js';
import { fingerprintRoutes } from './fingerprints.js';
import { firmwareRoutes } from './firmware.js';
import { hotelRoutes } from './hotel.js';
import { lockDeliveryRoutes } from './lock-deliveries.js';
import { lockDeviceRoutes } from './lock-devices.js';
import { m1CardRoutes } from './m1-cards.js';
import { messageRoutes } from './messages.js';
import { operationRoutes } from './operation.js';
import { passwordRoutes } from './passwords.js';
import { profileRoutes } from './profile.js';
import { staffRoutes } from './staff.js';
import { stayRoutes } from './stays.js';
import { unlockRecordRoutes } from './unlock-records.js';
import { uploadRoutes } from './uploads.js';

export type RouteArea = (app: FastifyInstance) => void;

export const ROUTE_AREAS: readonly RouteArea[] = [
  accountRoutes,
  hotelRoutes,
  operationRoutes,
  devRoutes,
  roomsRoutes,
  priceRoutes,
  stayRoutes,
  staffRoutes,
  passwordRoutes,
  unlockRecordRoutes,
  lockDeliveryRoutes,
  uploadRoutes,
  faceRoutes,
  fingerprintRoutes,
  dispenserRoutes,
  brokerRoutes,
  m1CardRoutes,
  cpuCardRoutes,
  cardRoutes,
  cardEncryptionRoutes,
  exportRoutes,
  lockDeviceRoutes,
  messageRoutes,
  customerRoutes,
  billRoutes,
  firmwareRoutes,
  faceGrantRoutes,
  apiKeyRoutes,
  profileRoutes,
];
