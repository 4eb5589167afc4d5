/** The route areas, loaded in this order by buildApp. Add one line per area file. */
import type { FastifyInstance } from 'fastify';
import { equipmentRoutes } from '../equipment/index.js';
import { lockRoutes } from '../locks/index.js';
import { stayRoutes } from '../stays/index.js';
import { accountRoutes } from './account.js';
import { apiKeyRoutes } from './api-keys.js';
import { brokerRoutes } from './broker.js';
import { cardEncryptionRoutes } from './card-encryption.js';
import { cardRoutes } from './cards.js';
import { categoryRoutes } from './categories.js';
import { cpuCardRoutes } from './cpu-cards.js';
import { customerRoutes } from './customers.js';
import { devRoutes } from './dev.js';
import { exportRoutes } from './exports.js';
import { faceGrantRoutes } from './face-grants.js';
import { faceRoutes } from './faces.js';
import { fingerprintRoutes } from './fingerprints.js';
import { hotelRoutes } from './hotel.js';
import { m1CardRoutes } from './m1-cards.js';
import { messageRoutes } from './messages.js';
import { operationRoutes } from './operation.js';
import { orderRoutes } from './orders.js';
import { passwordRoutes } from './passwords.js';
import { priceRoutes } from './prices.js';
import { profileRoutes } from './profile.js';
import { roomAdminRoutes } from './room-admin.js';
import { roomListRoutes } from './room-list.js';
import { roomRoutes } from './rooms.js';
import { staffRoutes } from './staff.js';
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
  passwordRoutes,
  lockRoutes,
  uploadRoutes,
  faceRoutes,
  fingerprintRoutes,
  equipmentRoutes,
  brokerRoutes,
  m1CardRoutes,
  cpuCardRoutes,
  cardRoutes,
  cardEncryptionRoutes,
  exportRoutes,
  messageRoutes,
  customerRoutes,
  orderRoutes,
  faceGrantRoutes,
  apiKeyRoutes,
  profileRoutes,
];
