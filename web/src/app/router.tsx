import { Button, Result, Spin } from 'antd';
import {
  Component,
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, type RouteObject, useLocation } from 'react-router-dom';
import { isSignedIn } from '../api/session.ts';
import { DEPLOY } from '../config/deploy.ts';
import { ROUTES } from '../routes.tsx';
import { CurrentRouteTitle } from './currentRoute.ts';
import { guardRedirect } from './guards.ts';
import { NOT_FOUND_PATH } from './paths.ts';
import { type PageLoader, type RouteEntry, titleKeyOf } from './routeTable.ts';

/** The page title: the route title plus the product title (spec §2). */
export function pageTitle(titleText: string | undefined): string {
  return titleText ? `${titleText} - ${DEPLOY.productTitle}` : DEPLOY.productTitle;
}

/** The root of every route: the navigation guard and the page title. */
export function Root() {
  const { pathname, search } = useLocation();
  const { t } = useTranslation();
  const redirect = guardRedirect(pathname, search, isSignedIn());
  const key = titleKeyOf(ROUTES, pathname);
  useEffect(() => {
    document.title = pageTitle(key ? t(`route.${key}`) : undefined);
  }, [key, t]);
  if (redirect) return <Navigate to={redirect} replace />;
  return <Outlet />;
}

// Pages load through React.lazy rather than the router's `lazy`: the router would fetch every matched chunk
// before rendering, so a visitor opening /room would download the console before the guard sends them to /login.
const lazyPages = new Map<PageLoader, LazyExoticComponent<ComponentType>>();
function lazyPage(loader: PageLoader): LazyExoticComponent<ComponentType> {
  let page = lazyPages.get(loader);
  if (!page) {
    page = lazy(loader);
    lazyPages.set(loader, page);
  }
  return page;
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
            {t('pageLoad.retry')}
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
  const Page = lazyPage(loader);
  return (
    <PageLoadBoundary
      key={`${loaderId(loader)}:${attempt}`}
      onRetry={() => {
        // A failed React.lazy stays failed: forget it so the chunk is fetched anew.
        lazyPages.delete(loader);
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

const loadLayout: PageLoader = () => import('./layout/ConsoleLayout.tsx');

function pageRoute(entry: RouteEntry, path: string): RouteObject {
  if (!entry.page) return { path };
  return {
    path,
    element: (
      <CurrentRouteTitle.Provider value={entry.title}>
        <PageSlot loader={entry.page} />
      </CurrentRouteTitle.Provider>
    ),
  };
}

function sectionRoute(entry: RouteEntry): RouteObject {
  const children: RouteObject[] = [];
  if (entry.redirect) children.push({ index: true, element: <Navigate to={entry.redirect} replace /> });
  else if (entry.page) children.push({ index: true, element: <PageSlot loader={entry.page} /> });
  for (const child of entry.children ?? []) children.push(pageRoute(child, child.path));
  return { path: entry.path, children };
}

/** The router's route objects, built from the route table (src/routes.tsx). */
export function buildRouteObjects(table: readonly RouteEntry[] = ROUTES): RouteObject[] {
  const publicRoutes = table.filter((e) => e.public).map((e) => pageRoute(e, e.path));
  const home = table.find((e) => e.path === '/');
  const sections = table.filter((e) => !e.public && e.path !== '/').map(sectionRoute);
  return [
    {
      path: '/',
      element: <Root />,
      children: [
        ...publicRoutes,
        ...(home?.redirect ? [{ index: true, element: <Navigate to={home.redirect} replace /> }] : []),
        // The console layout is its own chunk: /login never loads it.
        { element: <PageSlot loader={loadLayout} />, children: sections },
        { path: '*', element: <Navigate to={NOT_FOUND_PATH} replace /> },
      ],
    },
  ];
}
