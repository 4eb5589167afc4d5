import { type Permission, routePermission, showsBusinessAreas } from '@lockdesk/protocol';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';

/**
 * The shape of the route table (src/routes.tsx). One table builds the router, the sidebar menu, the breadcrumb
 * and the page title, in the manner of ant-design-pro's route config.
 */

export type PageLoader = () => Promise<{ default: ComponentType }>;

/**
 * Starts fetching what a page shows first, called when its route is entered (signed in) at the same time as its
 * chunks load; it fills the query cache under the keys the page's hooks use. It must load its own code lazily
 * (`import()`), since the route table is part of every page's code, /login's too.
 */
export type PagePrefetch = (ctx: { queryClient: QueryClient; search: URLSearchParams }) => Promise<unknown>;

/** What a menu rule may look at. */
export interface AccessContext {
  /** The stored language exactly as kept (null when unset). */
  language: string | null;
  /** The stored card-dispenser type. */
  dispenserType: string | null;
  /** Whether the signed-in account holds a permission (app/permissions.ts `can`); missing = every permission. */
  allows?: (permission: Permission) => boolean;
}
export type AccessRule = (ctx: AccessContext) => boolean;

/** The sidebar icons of the spec (room, admin, equipment, user list, card, message, operation, business, bill). */
export type MenuIcon =
  | 'room'
  | 'admin'
  | 'equipment'
  | 'userList'
  | 'card'
  | 'message'
  | 'operation'
  | 'business'
  | 'bill'
  | 'customer'
  | 'personal';

/**
 * A feature's part of the console's frame (sidebar, menu), loaded with the frame: the route table is part of every
 * page's code, /login's too, so it names the part's module lazily.
 */
export type ShellPart<P> = () => Promise<{ default: ComponentType<P> }>;

export interface RouteEntry {
  /** Top-level entries start with '/'; children are relative (they may hold a '/', as featureCard/addFloorCard). */
  path: string;
  /** Translation key of the title under `route.` (menu, breadcrumb, page title). */
  title?: string;
  icon?: MenuIcon;
  /** Never listed in the menu. */
  hidden?: boolean;
  /**
   * For a page of a hidden section (/center): listed in the menu, as a top-level item, for an account that may
   * open no page of the visible sections (the customer manager, whose pages all sit under /center, spec §6), so
   * its menu is not empty. Whether it is listed still follows the role/route table and the menu rule.
   */
  menuFallback?: boolean;
  /** For a hidden page: the menu entry (absolute path) to highlight while it is open, e.g. its list page. */
  activeMenu?: string;
  /** Where the bare path goes. */
  redirect?: string;
  /** Menu visibility rule; a missing rule means always shown. */
  access?: AccessRule;
  page?: PageLoader;
  prefetch?: PagePrefetch;
  /** Reachable without a session and drawn without the console layout. */
  public?: boolean;
  /**
   * Drawn in place of the entry's menu text (the message centre's unread count beside it): how a feature puts a
   * part in the sidebar menu without the shell importing the feature.
   */
  menuLabel?: ShellPart<{ text: string }>;
  /** A part the feature puts at the foot of the sidebar, under the reader status (the Card Reading button). */
  sidebarItem?: ShellPart<{ collapsed: boolean }>;
  children?: RouteEntry[];
}

/** Menu rule: business and bill only when the stored language is Chinese or unset (spec §1, §6). */
export const chineseOrUnset: AccessRule = (ctx) => showsBusinessAreas(ctx.language);
/** Menu rule: the CPU card entry only when the stored card-dispenser type is "4" (spec §2). */
export const cpuDispenser: AccessRule = (ctx) => ctx.dispenserType === '4';

/**
 * Whether the account may open a route, by the one role/route table (`ROUTE_PERMISSIONS` of @lockdesk/protocol):
 * a route the table does not name (public pages, redirects) or names with null is open to every signed-in account.
 */
export function routeAllowed(fullPath: string, allows: AccessContext['allows']): boolean {
  const permission = routePermission(fullPath);
  return !permission || !allows || allows(permission);
}

/** A route with its absolute path and the entries above it. */
export interface ResolvedRoute {
  fullPath: string;
  entry: RouteEntry;
  /** Outermost first, ending with `entry` itself. */
  chain: RouteEntry[];
}

function join(parent: string, child: string): string {
  if (child.startsWith('/')) return child;
  return `${parent.replace(/\/$/, '')}/${child}`;
}

/** Every route of the table with its absolute path, parents first. */
export function flattenRoutes(table: readonly RouteEntry[]): ResolvedRoute[] {
  const out: ResolvedRoute[] = [];
  const walk = (entries: readonly RouteEntry[], parentPath: string, chain: RouteEntry[]) => {
    for (const entry of entries) {
      const fullPath = join(parentPath, entry.path);
      const next = [...chain, entry];
      out.push({ fullPath, entry, chain: next });
      if (entry.children) walk(entry.children, fullPath, next);
    }
  };
  walk(table, '', []);
  return out;
}

const trimSlash = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);

/** The route a pathname shows, if the table has it. */
export function matchRoute(table: readonly RouteEntry[], pathname: string): ResolvedRoute | undefined {
  const path = trimSlash(pathname);
  return flattenRoutes(table).find((r) => r.fullPath === path);
}

/** Breadcrumb of a pathname: each titled entry of its chain, with the path it links to. */
export function breadcrumbOf(
  table: readonly RouteEntry[],
  pathname: string,
): { title: string; path: string }[] {
  const route = matchRoute(table, pathname);
  if (!route) return [];
  const items: { title: string; path: string }[] = [];
  let path = '';
  for (const entry of route.chain) {
    path = join(path, entry.path);
    if (entry.title && !items.some((i) => i.title === entry.title)) {
      items.push({ title: entry.title, path: entry.redirect ?? path });
    }
  }
  return items;
}

/** Title key of a pathname (the innermost titled entry). */
export function titleKeyOf(table: readonly RouteEntry[], pathname: string): string | undefined {
  const route = matchRoute(table, pathname);
  return route?.chain.findLast((e) => e.title)?.title;
}

export interface MenuNode {
  /** The path the item opens (a submenu's key is its own path). */
  key: string;
  title: string;
  icon?: MenuIcon;
  children?: MenuNode[];
}

/**
 * The sidebar menu: hidden entries and entries whose rule refuses are left out; a section with a single visible
 * page shows as that page with the section's icon, one with several as a collapsible submenu.
 */
export function buildMenu(table: readonly RouteEntry[], ctx: AccessContext): MenuNode[] {
  const visible = (e: RouteEntry, fullPath: string) =>
    !e.hidden && !e.public && (!e.access || e.access(ctx)) && routeAllowed(fullPath, ctx.allows);
  const nodes: MenuNode[] = [];
  for (const section of table) {
    if (!visible(section, section.path) || !section.path.startsWith('/') || section.path === '/') continue;
    const children = (section.children ?? [])
      .filter((c) => visible(c, join(section.path, c.path)))
      .filter((c) => c.title);
    // A section whose pages the account may open none of is left out, not shown as an empty submenu.
    if (children.length === 0 && section.children?.length) continue;
    if (children.length === 0) {
      if (section.page && section.title)
        nodes.push(withIcon({ key: section.path, title: section.title }, section.icon));
      continue;
    }
    if (children.length === 1) {
      const only = children[0]!;
      nodes.push(
        withIcon({ key: join(section.path, only.path), title: only.title! }, section.icon ?? only.icon),
      );
      continue;
    }
    nodes.push(
      withIcon(
        {
          key: section.path,
          title: section.title ?? children[0]!.title!,
          children: children.map((c) =>
            withIcon({ key: join(section.path, c.path), title: c.title! }, c.icon),
          ),
        },
        section.icon,
      ),
    );
  }
  return nodes.length > 0 ? nodes : fallbackMenu(table, ctx);
}

/** The `menuFallback` pages of hidden sections the account may open, for a menu that would be empty. */
function fallbackMenu(table: readonly RouteEntry[], ctx: AccessContext): MenuNode[] {
  const nodes: MenuNode[] = [];
  for (const section of table) {
    if (!section.hidden || section.public || !section.path.startsWith('/')) continue;
    for (const c of section.children ?? []) {
      const fullPath = join(section.path, c.path);
      if (!c.menuFallback || !c.title || (c.access && !c.access(ctx))) continue;
      if (routeAllowed(fullPath, ctx.allows)) nodes.push(withIcon({ key: fullPath, title: c.title }, c.icon));
    }
  }
  return nodes;
}

function withIcon(node: MenuNode, icon: MenuIcon | undefined): MenuNode {
  return icon ? { ...node, icon } : node;
}
