/**
 * What each role may do (spec §6). The role table itself lives in `@lockdesk/protocol` (protocol/src/permissions.ts)
 * so the console reads the same table the server enforces; this module adds the server's side of it. A
 * room-scoped check also needs the room to be in the caller's scope: a super administrator sees every room of the
 * hotel, a secondary administrator and staff only the rooms assigned to them in `user_rooms`.
 */
import type { AccountRole } from '@lockdesk/protocol';
import type { Role } from '../db/schema.js';

export { GRANTABLE, PERMISSIONS, type Permission, ROLE_PERMISSIONS, roleAllows } from '@lockdesk/protocol';

// The schema's roles and the table's roles are the same names: a role added to one without the other fails here.
const sameRoles: [Role, AccountRole] extends [AccountRole, Role] ? true : never = true;
void sameRoles;

/** True when the role sees every room of its hotel (no per-room assignment needed). */
export const seesAllRooms = (role: Role): boolean => role === 'super';
