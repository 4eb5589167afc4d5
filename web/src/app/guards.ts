import { FIND_PATH, LOGIN_PATH, landingFor, SIGNED_IN_LANDING } from './paths.ts';

/** Paths a visitor without a session may open (spec §2: all others send them to login). */
export const OPEN_PATHS: readonly string[] = [LOGIN_PATH, FIND_PATH];

/** The login address that brings the user back to `path` afterwards. */
export function loginUrl(path: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(path)}`;
}

/**
 * Where the navigation guard sends a visit, or undefined to let it through: a signed-in user opening /login goes
 * to /room; a visitor without a session goes to /login?redirect={path}, except on /login and /find.
 */
export function guardRedirect(
  pathname: string,
  search: string,
  signedIn: boolean,
  role?: unknown,
): string | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (signedIn) {
    if (path === LOGIN_PATH) return landingFor(role);
    // A customer manager has no rooms: home is its customers page (landingFor).
    return path === '/' && landingFor(role) !== SIGNED_IN_LANDING ? landingFor(role) : undefined;
  }
  if (OPEN_PATHS.includes(path)) return undefined;
  return loginUrl(pathname + search);
}

/** The in-console path a login `redirect` parameter may send to; anything else (other sites, login) lands home. */
export function safeRedirect(redirect: string | null, fallback: string): string {
  if (!redirect?.startsWith('/') || redirect.startsWith('//')) return fallback;
  if (redirect === LOGIN_PATH || redirect.startsWith(`${LOGIN_PATH}?`)) return fallback;
  return redirect;
}
