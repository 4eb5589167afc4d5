import { describe, expect, it } from 'vitest';
import { GRANTABLE, isAccountRole, PERMISSIONS, ROLE_PERMISSIONS, roleAllows } from './permissions.js';

describe('the role table', () => {
  it('gives the super administrator everything and the customer manager only its customers, whatever it is granted', () => {
    for (const p of PERMISSIONS) {
      expect(roleAllows('super', [], p)).toBe(true);
      expect(roleAllows('customer_manager', [...PERMISSIONS], p)).toBe(p === 'customer.view');
    }
  });

  it('keeps API keys to the super administrator: no role has them and no grant gives them', () => {
    for (const role of ['secondary', 'staff', 'customer_manager'] as const)
      expect(roleAllows(role, [...PERMISSIONS], 'apikey.manage')).toBe(false);
  });

  it('keeps prices from staff unless granted, and grants only what is grantable', () => {
    expect(roleAllows('staff', [], 'price.manage')).toBe(false);
    expect(roleAllows('staff', ['price.manage'], 'price.manage')).toBe(true);
    expect(roleAllows('secondary', [], 'price.manage')).toBe(true);
    expect(roleAllows('staff', ['manager.manage'], 'manager.manage')).toBe(false);
    expect(GRANTABLE).not.toContain('manager.manage');
    for (const role of ['secondary', 'staff'] as const)
      for (const p of ROLE_PERMISSIONS[role]) expect(PERMISSIONS).toContain(p);
  });

  it('knows its role names', () => {
    expect(['super', 'secondary', 'staff', 'customer_manager'].every(isAccountRole)).toBe(true);
    expect(isAccountRole('admin')).toBe(false);
    expect(isAccountRole('toString')).toBe(false);
    expect(isAccountRole(undefined)).toBe(false);
  });
});
