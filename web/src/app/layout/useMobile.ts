import { LIMITS } from '@lockdesk/protocol';
import { useEffect, useState } from 'react';

/** True when the window is narrower than the mobile breakpoint (992 px). */
export function isMobileWidth(width: number): boolean {
  return width < LIMITS.mobileBreakpointPx;
}

/** Follows the window width: true in mobile mode. */
export function useMobile(): boolean {
  const [mobile, setMobile] = useState(() => isMobileWidth(window.innerWidth));
  useEffect(() => {
    const onResize = () => setMobile(isMobileWidth(window.innerWidth));
    window.addEventListener('resize', onResize);
    onResize();
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return mobile;
}
