import { PATHS } from '../../app/paths.ts';

export const DETAIL_TABS = ['card', 'tenant', 'unlock', 'lock', 'price', 'status'] as const;
export type DetailTab = (typeof DETAIL_TABS)[number];

/** The tab a URL asks for; an unknown or missing one opens the first. */
export function detailTabOf(raw: string | null): DetailTab {
  return DETAIL_TABS.find((t) => t === raw) ?? 'card';
}

/**
 * A room's detail page. `name` is a hint beside the contract's `id` and `tab`: the server reads rooms by list
 * search, and the name narrows it to one call.
 */
export function detailPath(room: { id: number; name?: string }, tab?: DetailTab): string {
  const q = new URLSearchParams({ id: String(room.id) });
  if (tab) q.set('tab', tab);
  if (room.name) q.set('name', room.name);
  return `${PATHS.roomDetails}?${q.toString()}`;
}
