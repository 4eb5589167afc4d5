import { Menu, type MenuProps } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { ROUTES } from '../../routes.tsx';
import { can } from '../permissions.ts';
import { buildMenu, flattenRoutes, type MenuNode, matchRoute, type RouteEntry } from '../routeTable.ts';
import { storedDispenserType, storedLanguage } from '../storage.ts';
import { MENU_ICONS } from './icons.tsx';

type Item = Required<MenuProps>['items'][number];

const sectionOf = (path: string) => `/${path.split('/')[1] ?? ''}`;

/**
 * The menu entry to highlight on a pathname: the page itself; else the page's `activeMenu`; else the entry whose
 * path the pathname continues (`/card/universalCardList/addUniversalCard` → universal card); else the first entry
 * of its section (the hidden pages of a one-page section, as room details under room management).
 */
export function selectedMenuKey(
  table: readonly RouteEntry[],
  menu: MenuNode[],
  pathname: string,
): string | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const leaves = menu.flatMap((n) => n.children ?? [n]);
  const has = (key: string | undefined) => (key && leaves.some((l) => l.key === key) ? key : undefined);
  return (
    has(path) ??
    has(matchRoute(table, path)?.entry.activeMenu) ??
    leaves.filter((l) => path.startsWith(`${l.key}/`)).sort((a, b) => b.key.length - a.key.length)[0]?.key ??
    leaves.find((l) => sectionOf(l.key) === sectionOf(path))?.key
  );
}

// The features' own menu labels (route table `menuLabel`), by the path their item opens.
const MENU_LABELS = new Map(
  flattenRoutes(ROUTES).flatMap((r) =>
    r.entry.menuLabel ? [[r.fullPath, lazy(r.entry.menuLabel)] as const] : [],
  ),
);

/** A sidebar item's label: its feature's label part when the route table gives one, else its text. */
function labelOf(key: string, text: string): ReactNode {
  const Label = MENU_LABELS.get(key);
  return Label ? (
    <Suspense fallback={text}>
      <Label text={text} />
    </Suspense>
  ) : (
    text
  );
}

/** The sidebar menu, built from the route table and the menu rules. */
export function SideMenu({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const menu = useMemo(
    () =>
      buildMenu(ROUTES, {
        language: storedLanguage(),
        dispenserType: storedDispenserType(),
        allows: (permission) => can(permission),
      }),
    [],
  );
  const [openKeys, setOpenKeys] = useState<string[]>(() => [sectionOf(pathname)]);
  // Arriving in another section (breadcrumb, user menu, a link in a page) opens its submenu.
  useEffect(() => {
    const section = sectionOf(pathname);
    setOpenKeys((keys) => (keys.includes(section) ? keys : [...keys, section]));
  }, [pathname]);
  const toItem = (node: MenuNode): Item => ({
    key: node.key,
    icon: node.icon ? MENU_ICONS[node.icon] : undefined,
    label: labelOf(node.key, t(`route.${node.title}`)),
    ...(node.children ? { children: node.children.map(toItem) } : {}),
  });
  const selected = selectedMenuKey(ROUTES, menu, pathname);
  return (
    <Menu
      mode="inline"
      theme="dark"
      // Long section names (French, Portuguese...) wrap onto a second line in the 210 px sidebar (global.css).
      className="side-menu"
      inlineIndent={16}
      inlineCollapsed={collapsed}
      items={menu.map(toItem)}
      selectedKeys={selected ? [selected] : []}
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      onClick={({ key }) => {
        navigate(key);
        onNavigate?.();
      }}
      style={{ borderInlineEnd: 0 }}
    />
  );
}
