/**
 * The equipment at the front desk: card dispensers and card readers (dispensers.ts), their rules spanning
 * statements in service.ts and their statements in repository.ts.
 */
import type { FastifyInstance } from 'fastify';
import { dispenserRoutes } from './dispensers.js';

/** Registers the equipment calls. */
export function equipmentRoutes(app: FastifyInstance): void {
  dispenserRoutes(app);
}
