/** The route areas, loaded in this order by buildApp. Add one line per area file. */
import type { FastifyInstance } from 'fastify';
import { accountRoutes } from '../account/index.js';
import { brokerRoutes } from '../broker/index.js';
import { customerRoutes } from '../customers/index.js';
import { fileRoutes } from '../files/index.js';
import { hotelRoutes } from '../hotel/index.js';
import { integrationRoutes } from '../integrations/index.js';
import { messageRoutes } from '../messages/index.js';
import { operationLogRoutes } from '../operation-log/index.js';
import { staffRoutes } from '../staff/index.js';
import { cardEncryptionRoutes } from './card-encryption.js';
import { cardRoutes } from './cards.js';
import { categoryRoutes } from './categories.js';
import { cpuCardRoutes } from './cpu-cards.js';
import { dispenserRoutes } from './dispensers.js';
import { faceGrantRoutes } from './face-grants.js';
import { faceRoutes } from './faces.js';
import { fingerprintRoutes } from './fingerprints.js';
import { firmwareRoutes } from './firmware.js';
import { lockDeliveryRoutes } from './lock-deliveries.js';
import { lockDeviceRoutes } from './lock-devices.js';
import { m1CardRoutes } from './m1-cards.js';
import { orderRoutes } from './orders.js';
import { passwordRoutes } from './passwords.js';
import { priceRoutes } from './prices.js';
import { roomAdminRoutes } from './room-admin.js';
import { roomListRoutes } from './room-list.js';
import { roomRoutes } from './rooms.js';
import { stayRoutes } from './stays.js';
import { unlockRecordRoutes } from './unlock-records.js';

export type RouteArea = (app: FastifyInstance) => void;

export const ROUTE_AREAS: readonly RouteArea[] = [
  accountRoutes,
  hotelRoutes,
  operationLogRoutes,
  categoryRoutes,
  roomRoutes,
  roomListRoutes,
  roomAdminRoutes,
  priceRoutes,
  stayRoutes,
  staffRoutes,
  passwordRoutes,
  unlockRecordRoutes,
  lockDeliveryRoutes,
  fileRoutes,
  faceRoutes,
  fingerprintRoutes,
  dispenserRoutes,
  brokerRoutes,
  m1CardRoutes,
  cpuCardRoutes,
  cardRoutes,
  cardEncryptionRoutes,
  lockDeviceRoutes,
  messageRoutes,
  customerRoutes,
  orderRoutes,
  firmwareRoutes,
  faceGrantRoutes,
  integrationRoutes,
];
