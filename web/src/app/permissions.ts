import { isAccountRole, type Permission, roleAllows } from '@lockdesk/protocol';
import { getUserInfo, type UserInfo } from '../api/session.ts';

/**
 * What the signed-in account may do, by the role table the server enforces (`ROLE_PERMISSIONS` of
 * @lockdesk/protocol) and the `role` and `authorities` of its login answer. The console's one rule for showing a
 * form read-only; the server still checks every call, so this never grants anything.
 */
export function can(permission: Permission, user: UserInfo | undefined = getUserInfo()): boolean {
  // A session stored before logins named the role: the console cannot tell, the server will.
  if (!user || !isAccountRole(user['role'])) return true;
  const authorities = Array.isArray(user['authorities'])
    ? (user['authorities'] as unknown[]).filter((a): a is string => typeof a === 'string')
    : [];
  return roleAllows(user['role'], authorities, permission);
}
