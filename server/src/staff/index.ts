/**
 * The staff area (server/API.md §5 room/staffList … room/staffManageRoomList1; spec §6): the hotel's staff members
 * and secondary administrators, and the rooms granted to each. The rules are service.ts's, the SQL repository.ts's.
 */
import { staffCalls } from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../call.js';
import { addStaff, changeGrantedRooms, deleteStaff, listStaff, memberRooms } from './service.js';

export function staffRoutes(app: FastifyInstance): void {
  // Permission: the contracts' staff.manage; secondary administrators also take manager.manage (service.ts).
  defineCall(app, staffCalls.list, { handler: (ctx, body) => listStaff(ctx, body) });
  defineCall(app, staffCalls.add, { handler: (ctx, body) => addStaff(ctx, body) });
  defineCall(app, staffCalls.remove, { handler: (ctx, body) => deleteStaff(ctx, body.id) });
  defineCall(app, staffCalls.grantRooms, { handler: (ctx, body) => changeGrantedRooms(ctx, body) });
  defineCall(app, staffCalls.grantedRooms, { handler: (ctx, body) => memberRooms(ctx, body, true) });
  defineCall(app, staffCalls.grantableRooms, { handler: (ctx, body) => memberRooms(ctx, body, false) });
}
