import { PATHS } from '../app/paths.ts';

export const DETAIL_TABS = ['card', 'tenant', 'unlock', 'lock', 'price', 'status'] as const;
export type DetailTab = (typeof DETAIL_TABS)[number];

/** The tab a URL asks for; an unknown or missing one opens the first. */
export function detailTabOf(raw: string | null): DetailTab {
  return DETAIL_TABS.find((t) => t === raw) ?? 'card';
}

/** A room's detail page (contract G: `id` and the open `tab`). */
export function detailPath(room: { id: number }, tab?: DetailTab): string {
  const q = new URLSearchParams({ id: String(room.id) });
  if (tab) q.set('tab', tab);
  return `${PATHS.roomDetails}?${q.toString()}`;
}
