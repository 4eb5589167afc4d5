import { getUserInfo } from '../../api/session.ts';

/**
 * Whether the signed-in account may change the hotel's card encryption: the super administrator only (spec §6
 * 'encryption permission management'). A session stored before logins named the role cannot tell; the server
 * decides then (and always).
 */
export function mayManageEncryption(): boolean {
  const role = getUserInfo()?.['role'];
  return role === undefined || role === 'super';
}
