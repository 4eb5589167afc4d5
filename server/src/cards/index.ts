/**
 * The cards area (API.md §8, §9.2, §9.3): key cards and their two-step write, card encryption and the card check,
 * M1 and CPU cards. Handlers per topic (key-cards.ts, encryption.ts, m1-cards.ts, cpu-cards.ts) read as contract →
 * permission → the area's service (service.ts: issuing; encryption-service.ts: keys and the card check) or
 * repository (repository/<topic>.ts: every SQL statement of the area).
 */
import type { FastifyInstance } from 'fastify';
import { cpuCardRoutes } from './cpu-cards.js';
import { cardEncryptionRoutes } from './encryption.js';
import { keyCardRoutes } from './key-cards.js';
import { m1CardRoutes } from './m1-cards.js';

/** Registers every card call. */
export function cardRoutes(app: FastifyInstance): void {
  m1CardRoutes(app);
  cpuCardRoutes(app);
  keyCardRoutes(app);
  cardEncryptionRoutes(app);
}
