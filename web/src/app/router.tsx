import type { QueryClient } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import {
  Component,
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import {
  type LoaderFunction,
  Navigate,
  Outlet,
  type RouteObject,
  useLocation,
  useNavigate,
} from 'react-router-dom';
import { getUserInfo, isSignedIn } from '../api/session.ts';
import { DEPLOY } from '../config/deploy.ts';
import { ROUTES } from '../routes.tsx';
import { CurrentRouteTitle } from './currentRoute.ts';
import { guardRedirect } from './guards.ts';
import { landingFor, NOT_FOUND_PATH, SIGNED_IN_LANDING } from './paths.ts';
import { can } from './permissions.ts';
import {
  type PageLoader,
  type PagePrefetch,
  type RouteEntry,
  routeAllowed,
  titleKeyOf,
} from './routeTable.ts';

/** The page title: the route title plus the product title (spec §2). */
export function pageTitle(titleText: string | undefined): string {
  return titleText ? `${titleText} - ${DEPLOY.productTitle}` : DEPLOY.productTitle;
}

/** The root of every route: the navigation guard and the page title. */
export function Root() {
  const { pathname, search } = useLocation();
  const { t } = useTranslation();
  const redirect = guardRedirect(pathname, search, isSignedIn(), getUserInfo()?.['role']);
  const key = titleKeyOf(ROUTES, pathname);
  useEffect(() => {
    document.title = pageTitle(key ? t(`route.${key}`) : undefined);
  }, [key, t]);
  if (redirect) return <Navigate to={redirect} replace />;
  return <Outlet />;
}

// Each page's module (and the layout's), fetched once: a route's loader starts it and React.lazy waits on the
// same promise. A failed fetch stays failed, like the React.lazy it feeds, until the page's 'Try again'.
const pageModules = new Map<PageLoader, ReturnType<PageLoader>>();
// The pages whose module has arrived: drawn at once, not through React.lazy, which would suspend once even for a
// module already there and so show the spinner, whose reveal React then holds back for 300 ms.
const loadedPages = new Map<PageLoader, ComponentType>();
function loadPage(loader: PageLoader): ReturnType<PageLoader> {
  let module = pageModules.get(loader);
  if (!module) {
    module = loader();
    pageModules.set(loader, module);
    module.then(
      (loaded) => loadedPages.set(loader, loaded.default),
      () => undefined,
    );
  }
  return module;
}

// Pages load through React.lazy rather than the router's `lazy`: the router would fetch every matched chunk
// before rendering, so a visitor opening /room would download the console before the guard sends them to /login.
const lazyPages = new Map<PageLoader, LazyExoticComponent<ComponentType>>();
function lazyPage(loader: PageLoader): LazyExoticComponent<ComponentType> {
  let page = lazyPages.get(loader);
  if (!page) {
    page = lazy(() => loadPage(loader));
    lazyPages.set(loader, page);
  }
  return page;
}

/**
 * The data loader of a console route: once the guard lets the route in, it starts fetching the chunks the route
 * draws (the layout's and the page's, side by side rather than one after the other as React.lazy would find
 * them) and the page's first data (its `prefetch`), then returns at once: nothing waits on it, the page's own
 * lazy import and query join what it started. A visitor the guard sends to /login fetches nothing.
 */
function warmUp(
  chunk: PageLoader,
  prefetch: PagePrefetch | undefined,
  queryClient?: QueryClient,
  fullPath?: string,
): LoaderFunction {
  return ({ request }) => {
    const url = new URL(request.url);
    if (guardRedirect(url.pathname, url.search, isSignedIn(), getUserInfo()?.['role'])) return null;
    // A page the account may not open fetches nothing: it shows 'no access' instead of refused calls.
    if (fullPath && !routeAllowed(fullPath, allows)) return null;
    // A failure shows where it matters: the page's boundary ('Try again'), the page's own query.
    loadPage(chunk).catch(() => {});
    if (prefetch && queryClient) prefetch({ queryClient, search: url.searchParams }).catch(() => {});
    return null;
  };
}

/**
 * Catches a page whose chunk failed to load (the server is down, or a new release replaced the chunk): the frame
 * stays, the page says so, and 'Try again' fetches it anew instead of React Router's bare error screen.
 */
class PageLoadBoundary extends Component<{ onRetry: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <PageLoadFailed onRetry={this.props.onRetry} /> : this.props.children;
  }
}

function PageLoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div data-testid="page-load-failed">
      <Result
        status="warning"
        title={t('pageLoad.failed')}
        extra={
          <Button type="primary" onClick={onRetry}>
            {t('tryAgain')}
          </Button>
        }
      />
    </div>
  );
}

// Each loader's number, so a slot reused for another route starts with a fresh boundary.
const loaderIds = new Map<PageLoader, number>();
const loaderId = (loader: PageLoader): number => {
  let id = loaderIds.get(loader);
  if (id === undefined) {
    id = loaderIds.size + 1;
    loaderIds.set(loader, id);
  }
  return id;
};

function PageSlot({ loader }: { loader: PageLoader }) {
  const [attempt, setAttempt] = useState(0);
  // A new attempt looks the page up anew.
  const Page = useMemo(
    () => (attempt >= 0 && loadedPages.get(loader)) || lazyPage(loader),
    [loader, attempt],
  );
  return (
    <PageLoadBoundary
      key={`${loaderId(loader)}:${attempt}`}
      onRetry={() => {
        // A failed React.lazy stays failed: forget it so the chunk is fetched anew.
        lazyPages.delete(loader);
        pageModules.delete(loader);
        loadedPages.delete(loader);
        setAttempt((n) => n + 1);
      }}
    >
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    </PageLoadBoundary>
  );
}

function PageLoading() {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: 48 }}>
      <Spin />
    </div>
  );
}

function NoPage() {
  return null;
}

const allows = (permission: Parameters<typeof can>[0]) => can(permission);

/** What a route the account lacks shows (the role/route table, `ROUTE_PERMISSIONS`), in place of the page. */
export function NoAccess() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // A customer manager has no room list: its way back is its own landing (paths.ts `landingFor`).
  const home = landingFor(getUserInfo()?.role);
  return (
    <div data-testid="no-access">
      <Result
        status="403"
        title={t('noAccess.title')}
        subTitle={t('noAccess.subtitle')}
        extra={
          <Button type="primary" onClick={() => navigate(home)}>
            {home === SIGNED_IN_LANDING ? t('noAccess.home') : t('notFound.backHome')}
          </Button>
        }
      />
    </div>
  );
}

/** The route guard of the role/route table: the page when the account may open it, else 'no access'. */
function RouteGate({ fullPath, children }: { fullPath: string; children: ReactNode }) {
  return routeAllowed(fullPath, allows) ? children : <NoAccess />;
}

/**
 * The warm-up loaders run when their route is entered, never again while it stays (a filter or page change in the
 * URL): a navigation with no loader to run completes at once, so a page's `flushSync` URL change (the room list's
 * filters) is drawn before the next click, which an awaited loader would turn into a later transition.
 */
const enteredOnly = () => false;

const loadLayout: PageLoader = () => import('./layout/ConsoleLayout.tsx');

/** What the route objects are built with beside the table. */
export interface RouteOptions {
  /** The client the pages' queries use: route prefetches fill it. Without it, nothing is prefetched. */
  queryClient?: QueryClient;
}

function pageRoute(
  entry: RouteEntry,
  path: string,
  options: RouteOptions = {},
  fullPath: string = path,
): RouteObject {
  if (!entry.page) return { path };
  return {
    path,
    ...(entry.public
      ? {}
      : {
          loader: warmUp(entry.page, entry.prefetch, options.queryClient, fullPath),
          shouldRevalidate: enteredOnly,
        }),
    element: (
      <CurrentRouteTitle.Provider value={entry.title}>
        {entry.public ? (
          <PageSlot loader={entry.page} />
        ) : (
          <RouteGate fullPath={fullPath}>
            <PageSlot loader={entry.page} />
          </RouteGate>
        )}
      </CurrentRouteTitle.Provider>
    ),
  };
}

function sectionRoute(entry: RouteEntry, options: RouteOptions): RouteObject {
  const children: RouteObject[] = [];
  if (entry.redirect) children.push({ index: true, element: <Navigate to={entry.redirect} replace /> });
  else if (entry.page)
    children.push({
      index: true,
      loader: warmUp(entry.page, entry.prefetch, options.queryClient, entry.path),
      shouldRevalidate: enteredOnly,
      element: (
        <RouteGate fullPath={entry.path}>
          <PageSlot loader={entry.page} />
        </RouteGate>
      ),
    });
  for (const child of entry.children ?? [])
    children.push(pageRoute(child, child.path, options, `${entry.path.replace(/\/$/, '')}/${child.path}`));
  return { path: entry.path, children };
}

/** The router's route objects, built from the route table (src/routes.tsx). */
export function buildRouteObjects(
  table: readonly RouteEntry[] = ROUTES,
  options: RouteOptions = {},
): RouteObject[] {
  const publicRoutes = table.filter((e) => e.public).map((e) => pageRoute(e, e.path));
  const home = table.find((e) => e.path === '/');
  const sections = table.filter((e) => !e.public && e.path !== '/').map((e) => sectionRoute(e, options));
  return [
    {
      path: '/',
      element: <Root />,
      // Drawn while the first navigation's loaders run: they return at once (they only start fetches).
      HydrateFallback: NoPage,
      children: [
        ...publicRoutes,
        ...(home?.redirect ? [{ index: true, element: <Navigate to={home.redirect} replace /> }] : []),
        // The console layout is its own chunk: /login never loads it.
        {
          loader: warmUp(loadLayout, undefined),
          shouldRevalidate: enteredOnly,
          element: <PageSlot loader={loadLayout} />,
          children: sections,
        },
        { path: '*', element: <Navigate to={NOT_FOUND_PATH} replace /> },
      ],
    },
  ];
}
