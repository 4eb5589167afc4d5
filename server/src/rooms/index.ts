/**
 * Rooms (spec §2 room list, §3 'Room/lock', 'Room group', §4 'Room status'): the room list (room-list.ts), the
 * calls on one room (rooms.ts), adding and removing rooms (room-admin.ts), and room groups and the hotel's category
 * tree (categories.ts). Their rules spanning statements are service.ts's, their SQL repository/'s.
 */
import type { FastifyInstance } from 'fastify';
import { categoryRoutes } from './categories.js';
import { roomAdminRoutes } from './room-admin.js';
import { roomListRoutes } from './room-list.js';
import { roomRoutes } from './rooms.js';

/** Registers the room area's calls. */
export function roomsRoutes(app: FastifyInstance): void {
  categoryRoutes(app);
  roomRoutes(app);
  roomListRoutes(app);
  roomAdminRoutes(app);
}
