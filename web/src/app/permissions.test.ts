import { PERMISSIONS, ROLE_PERMISSIONS } from '@lockdesk/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { clearUserInfo, setUserInfo } from '../api/session.ts';
import { can } from './permissions.ts';

afterEach(() => clearUserInfo());

describe('can(permission)', () => {
  it('follows the role table the server enforces', () => {
    expect(can('price.manage', { uid: 1, role: 'super' })).toBe(true);
    expect(can('price.manage', { uid: 1, role: 'secondary' })).toBe(true);
    expect(can('price.manage', { uid: 1, role: 'staff' })).toBe(false);
    expect(can('room.view', { uid: 1, role: 'staff' })).toBe(true);
    expect(can('room.view', { uid: 1, role: 'customer_manager' })).toBe(false);
    for (const role of ['super', 'secondary', 'staff', 'customer_manager'] as const) {
      for (const p of PERMISSIONS) expect(can(p, { uid: 1, role })).toBe(ROLE_PERMISSIONS[role].includes(p));
    }
  });

  it('adds the authorities granted on top of the role (only grantable ones)', () => {
    expect(can('price.manage', { uid: 1, role: 'staff', authorities: ['price.manage'] })).toBe(true);
    expect(can('manager.manage', { uid: 1, role: 'staff', authorities: ['manager.manage'] })).toBe(false);
    expect(can('price.manage', { uid: 1, role: 'customer_manager', authorities: ['price.manage'] })).toBe(
      false,
    );
    expect(can('price.manage', { uid: 1, role: 'staff', authorities: 'price.manage' })).toBe(false);
  });

  it('reads the stored login answer, and leaves an unknown role to the server', () => {
    setUserInfo({ uid: 3, token: 'x', role: 'staff', authorities: [] });
    expect(can('price.manage')).toBe(false);
    setUserInfo({ uid: 3, token: 'x', role: 'staff', authorities: ['price.manage'] });
    expect(can('price.manage')).toBe(true);
    setUserInfo({ uid: 3, token: 'x' });
    expect(can('price.manage')).toBe(true);
    clearUserInfo();
    expect(can('price.manage')).toBe(true);
  });
});
