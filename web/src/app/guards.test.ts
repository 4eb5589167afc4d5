import { describe, expect, it } from 'vitest';
import { guardRedirect, loginUrl, safeRedirect } from './guards.ts';

describe('navigation guard (spec §2)', () => {
  it('sends a visitor without a session to login, carrying the path and query in redirect', () => {
    expect(guardRedirect('/room/roomList', '', false)).toBe('/login?redirect=%2Froom%2FroomList');
    expect(guardRedirect('/tourists/openHistory', '?id=4', false)).toBe(
      `/login?redirect=${encodeURIComponent('/tourists/openHistory?id=4')}`,
    );
    expect(guardRedirect('/', '', false)).toBe('/login?redirect=%2F');
  });

  it('lets a visitor open /login and /find only', () => {
    expect(guardRedirect('/login', '?redirect=%2Froom', false)).toBeUndefined();
    expect(guardRedirect('/find', '', false)).toBeUndefined();
    expect(guardRedirect('/find/', '', false)).toBeUndefined();
    expect(guardRedirect('/404', '', false)).toBe('/login?redirect=%2F404');
    expect(guardRedirect('/no/such/page', '', false)).toBe('/login?redirect=%2Fno%2Fsuch%2Fpage');
  });

  it('sends a signed-in user opening /login to /room, and lets every other path through', () => {
    expect(guardRedirect('/login', '', true)).toBe('/room');
    expect(guardRedirect('/login/', '?redirect=%2Fcard', true)).toBe('/room');
    expect(guardRedirect('/find', '', true)).toBeUndefined();
    expect(guardRedirect('/card/cpuCard', '', true)).toBeUndefined();
    expect(guardRedirect('/no/such/page', '', true)).toBeUndefined();
  });

  it('builds the login address of sign-out', () => {
    expect(loginUrl('/card/floorCard?x=1')).toBe('/login?redirect=%2Fcard%2FfloorCard%3Fx%3D1');
  });

  it('follows only in-console redirects after login', () => {
    expect(safeRedirect('/card/floorCard', '/room')).toBe('/card/floorCard');
    expect(safeRedirect(null, '/room')).toBe('/room');
    expect(safeRedirect('https://evil.example/', '/room')).toBe('/room');
    expect(safeRedirect('//evil.example/', '/room')).toBe('/room');
    expect(safeRedirect('/login?redirect=%2Fx', '/room')).toBe('/room');
  });
});
