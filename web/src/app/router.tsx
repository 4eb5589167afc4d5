import { Spin } from 'antd';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, type RouteObject, useLocation } from 'react-router-dom';
import { isSignedIn } from '../api/session.ts';
import { DEPLOY } from '../config/deploy.ts';
import { NOT_FOUND_PATH, ROUTES } from '../routes.tsx';
import { guardRedirect } from './guards.ts';
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

function PageSlot({ loader }: { loader: PageLoader }) {
  const Page = lazyPage(loader);
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
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
  return entry.page ? { path, element: <PageSlot loader={entry.page} /> } : { path };
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
