/** The route areas, loaded in this order by buildApp. Add one line per area. */
import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './account/index.js';
import { billRoutes } from './bills/index.js';
import { brokerRoutes } from './broker/index.js';
import { cardRoutes } from './cards/index.js';
import { credentialRoutes } from './credentials/index.js';
import { customerRoutes } from './customers/index.js';
import { equipmentRoutes } from './equipment/index.js';
import { fileRoutes } from './files/index.js';
import { hotelRoutes } from './hotel/index.js';
import { integrationRoutes } from './integrations/index.js';
import { lockRoutes } from './locks/index.js';
import { messageRoutes } from './messages/index.js';
import { operationLogRoutes } from './operation-log/index.js';
import { priceRoutes } from './prices/index.js';
import { roomsRoutes } from './rooms/index.js';
import { staffRoutes } from './staff/index.js';
import { stayRoutes } from './stays/index.js';

export type RouteArea = (app: FastifyInstance) => void;

export const ROUTE_AREAS: readonly RouteArea[] = [
  accountRoutes,
  hotelRoutes,
  operationLogRoutes,
  roomsRoutes,
  priceRoutes,
  stayRoutes,
  staffRoutes,
  lockRoutes,
  fileRoutes,
  credentialRoutes,
  equipmentRoutes,
  brokerRoutes,
  cardRoutes,
  messageRoutes,
  customerRoutes,
  billRoutes,
  integrationRoutes,
];
