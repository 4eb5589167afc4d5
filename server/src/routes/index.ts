/** The route areas, loaded in this order by buildApp. Add one line per area file. */
import type { FastifyInstance } from 'fastify';
import { credentialRoutes } from '../credentials/index.js';
import { accountRoutes } from './account.js';
import { apiKeyRoutes } from './api-keys.js';
import { brokerRoutes } from './broker.js';
import { cardEncryptionRoutes } from './card-encryption.js';
import { cardRoutes } from './cards.js';
import { categoryRoutes } from './categories.js';
import { cpuCardRoutes } from './cpu-cards.js';
import { customerRoutes } from './customers.js';
import { devRoutes } from './dev.js';
import { dispenserRoutes } from './dispensers.js';
import { exportRoutes } from './exports.js';
import { firmwareRoutes } from './firmware.js';
import { hotelRoutes } from './hotel.js';
import { lockDeliveryRoutes } from './lock-deliveries.js';
import { lockDeviceRoutes } from './lock-devices.js';
import { m1CardRoutes } from './m1-cards.js';
import { messageRoutes } from './messages.js';
import { operationRoutes } from './operation.js';
import { orderRoutes } from './orders.js';
import { priceRoutes } from './prices.js';
import { profileRoutes } from './profile.js';
import { roomAdminRoutes } from './room-admin.js';
import { roomListRoutes } from './room-list.js';
import { roomRoutes } from './rooms.js';
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
  categoryRoutes,
  roomRoutes,
  roomListRoutes,
  roomAdminRoutes,
  priceRoutes,
  stayRoutes,
  staffRoutes,
  credentialRoutes,
  unlockRecordRoutes,
  lockDeliveryRoutes,
  uploadRoutes,
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
  orderRoutes,
  firmwareRoutes,
  apiKeyRoutes,
  profileRoutes,
];
