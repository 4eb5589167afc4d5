import { DownOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { LIMITS } from '@lockdesk/protocol';
import { App, Avatar, Breadcrumb, Button, Drawer, Dropdown, Layout, Spin, theme } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useLogout } from '../../api/account.ts';
import { clearUserInfo, getUserInfo } from '../../api/session.ts';
import { ReaderStatus } from '../../cardService/ReaderStatus.tsx';
import { closeCardService } from '../../cardService/service.ts';
import { DEPLOY } from '../../config/deploy.ts';
import { ROUTES } from '../../routes.tsx';
import { loginUrl } from '../guards.ts';
import { LanguageSelect } from '../LanguageSelect.tsx';
import { landingFor, PATHS } from '../paths.ts';
import { can } from '../permissions.ts';
import { breadcrumbOf, flattenRoutes, routeAllowed } from '../routeTable.ts';
import { currentDirection, sidebarOpened, storeSidebarOpened } from '../storage.ts';
import { SideMenu } from './SideMenu.tsx';
import { useMobile } from './useMobile.ts';

const COLLAPSED_WIDTH = 64;

/** The signed-in account's home: its landing (a customer manager's is its customers page, paths.ts). */
// The features' parts at the sidebar's foot (route table `sidebarItem`): the shell draws them, never imports them.
const SIDEBAR_ITEMS = flattenRoutes(ROUTES).flatMap((r) =>
  r.entry.sidebarItem ? [{ path: r.fullPath, Item: lazy(r.entry.sidebarItem) }] : [],
);
const homePath = () => landingFor(getUserInfo()?.role);

function SidebarContent({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  // Reading a card finds its room and guest: only for an account that may open the card-reading page (the
  // role/route table), not for one with no rooms (the customer manager).
  const reads = routeAllowed(PATHS.cardReading, (p) => can(p));
  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Link
        to={homePath()}
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 10,
          height: 56,
          padding: collapsed ? '0 16px' : '0 20px',
          color: '#fff',
          fontWeight: 600,
          fontSize: 17,
          whiteSpace: 'nowrap',
          overflow: 'hidden',
        }}
      >
        <img src={DEPLOY.logo} alt="" width={28} height={28} />
        {collapsed ? null : DEPLOY.productTitle}
      </Link>
      <div style={{ flex: 1, overflowY: 'auto', overflowX: 'hidden' }}>
        <SideMenu collapsed={collapsed} {...(onNavigate ? { onNavigate } : {})} />
      </div>
      {reads ? (
        <div style={{ padding: collapsed ? 12 : 16 }} data-testid="card-reading">
          <div style={{ marginBottom: 8, textAlign: 'center' }}>
            <ReaderStatus compact={collapsed} />
          </div>
          <Suspense fallback={null}>
            {SIDEBAR_ITEMS.map(({ path, Item }) => (
              <Item key={path} collapsed={collapsed} />
            ))}
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}

function UserMenu({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const location = useLocation();
  const logout = useLogout();
  const user = getUserInfo();
  const name = (user?.nickname || user?.name || user?.mobile || user?.email || t('layout.user')) as string;
  const signOut = () => {
    const here = location.pathname + location.search;
    const leave = () => {
      // The remote reader's broker connection ends with the session (its credential dies on the server too).
      closeCardService();
      clearUserInfo();
      message.success(t('account.signedOut'));
      navigate(loginUrl(here), { replace: true });
    };
    // The session ends here whatever the server answers: a failed logout call must not keep anyone signed in.
    logout.mutate(undefined, { onSettled: leave });
  };
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'home', label: t('layout.home') },
          { key: 'personal', label: t('layout.personalInfo') },
          { key: 'password', label: t('layout.changePassword') },
          { type: 'divider' },
          { key: 'signOut', label: t('layout.signOut'), danger: true },
        ],
        onClick: ({ key }) => {
          if (key === 'home') navigate(homePath());
          else if (key === 'personal') navigate(PATHS.personalCenter);
          else if (key === 'password') navigate(PATHS.changePsw);
          else if (key === 'signOut') signOut();
        },
      }}
    >
      <Button type="text" data-testid="user-menu" aria-label={name} title={name} style={{ height: 40 }}>
        <Avatar
          size="small"
          icon={<UserOutlined />}
          src={typeof user?.avatar === 'string' ? user.avatar : undefined}
        />
        {/* In mobile mode the avatar alone: the name would push the breadcrumb off the bar. */}
        {compact ? null : (
          <span style={{ maxWidth: 160, overflow: 'hidden', textOverflow: 'ellipsis' }}>{name}</span>
        )}
        <DownOutlined style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}

/** The console frame: sidebar, navbar with breadcrumb, main area and footer (spec §2 'Layout'). */
export default function ConsoleLayout() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { pathname } = useLocation();
  const mobile = useMobile();
  const [opened, setOpened] = useState(sidebarOpened);
  const rtl = currentDirection() === 'rtl';

  // Entering mobile mode closes the sidebar (and remembers it closed), as the spec's breakpoint rule says.
  useEffect(() => {
    if (mobile) {
      setOpened(false);
      storeSidebarOpened(false);
    }
  }, [mobile]);

  const toggle = () => {
    setOpened((was) => {
      storeSidebarOpened(!was);
      return !was;
    });
  };

  // A section's crumb links to its first page, which may be the page itself: keys are positions, not paths.
  // In mobile mode only the page's own title fits the bar.
  const trail = breadcrumbOf(ROUTES, pathname);
  const crumbs = trail
    .map((c, i) => ({
      key: `${i}:${c.title}`,
      title: i < trail.length - 1 ? <Link to={c.path}>{t(`route.${c.title}`)}</Link> : t(`route.${c.title}`),
    }))
    .slice(mobile ? -1 : 0);

  return (
    <Layout
      style={{ minHeight: '100vh' }}
      data-testid="console-layout"
      data-mobile={mobile ? 'true' : 'false'}
      data-sidebar={opened ? 'open' : 'closed'}
    >
      {mobile ? (
        <Drawer
          open={opened}
          placement={rtl ? 'right' : 'left'}
          size={LIMITS.sidebarWidthPx}
          closable={false}
          onClose={toggle}
          styles={{ body: { padding: 0, background: '#001529' } }}
        >
          <SidebarContent collapsed={false} onNavigate={toggle} />
        </Drawer>
      ) : (
        <Layout.Sider
          width={LIMITS.sidebarWidthPx}
          collapsedWidth={COLLAPSED_WIDTH}
          collapsed={!opened}
          trigger={null}
          data-testid="sidebar"
          style={{ position: 'sticky', top: 0, height: '100vh', overflow: 'hidden' }}
        >
          <SidebarContent collapsed={!opened} />
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: 12,
            padding: '0 16px',
            height: 56,
            background: token.colorBgContainer,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
            position: 'sticky',
            top: 0,
            zIndex: 10,
          }}
        >
          <Button
            type="text"
            aria-label={t('layout.toggleSidebar')}
            data-testid="sidebar-toggle"
            icon={opened !== rtl ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
            onClick={toggle}
          />
          <Breadcrumb
            items={crumbs}
            className="console-breadcrumb"
            style={{ flex: 1, minWidth: 0 }}
            data-testid="breadcrumb"
          />
          <LanguageSelect />
          <UserMenu compact={mobile} />
        </Layout.Header>
        <Layout.Content style={{ margin: mobile ? 12 : 20 }}>
          <Suspense fallback={<Spin />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
        <Layout.Footer style={{ textAlign: 'center', padding: '12px 16px', color: token.colorTextSecondary }}>
          {/* The copyright and the filing number read left to right in any language (Arabic included). */}
          <bdi>{DEPLOY.filing.copyright}</bdi>
          <span style={{ margin: '0 8px' }}>·</span>
          <a href={DEPLOY.filing.url} target="_blank" rel="noreferrer" dir="ltr" data-testid="filing-link">
            {DEPLOY.filing.text}
          </a>
        </Layout.Footer>
      </Layout>
    </Layout>
  );
}
