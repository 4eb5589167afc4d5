import { getUserInfo } from '../../api/session.ts';

/**
 * Whether the signed-in account is an administrator (super or secondary), from the role its login answered. This
 * only decides which buttons are offered; the server checks every call's permission itself.
 */
export function isAdministrator(): boolean {
  const role = getUserInfo()?.['role'];
  return role === 'super' || role === 'secondary';
}
