import { Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { ROUTES } from '../../routes.tsx';
import { buildMenu, type MenuNode } from '../routeTable.ts';
import { storedDispenserType, storedLanguage } from '../storage.ts';
import { MENU_ICONS } from './icons.tsx';

type Item = Required<MenuProps>['items'][number];

const sectionOf = (path: string) => `/${path.split('/')[1] ?? ''}`;

/** The menu key to highlight: the page itself, else the first entry of its section (hidden pages). */
export function selectedMenuKey(menu: MenuNode[], pathname: string): string | undefined {
  const leaves = menu.flatMap((n) => n.children ?? [n]);
  return (
    leaves.find((l) => l.key === pathname)?.key ??
    leaves.find((l) => sectionOf(l.key) === sectionOf(pathname))?.key
  );
}

/** The sidebar menu, built from the route table and the menu rules. */
export function SideMenu({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const menu = useMemo(
    () => buildMenu(ROUTES, { language: storedLanguage(), dispenserType: storedDispenserType() }),
    [],
  );
  const [openKeys, setOpenKeys] = useState<string[]>(() => [sectionOf(pathname)]);
  const toItem = (node: MenuNode): Item => ({
    key: node.key,
    icon: node.icon ? MENU_ICONS[node.icon] : undefined,
    label: t(`route.${node.title}`),
    ...(node.children ? { children: node.children.map(toItem) } : {}),
  });
  const selected = selectedMenuKey(menu, pathname);
  return (
    <Menu
      mode="inline"
      theme="dark"
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
