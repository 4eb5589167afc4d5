import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router-dom';
import { App } from '../app/App.tsx';
import { createQueryClient } from '../app/queryClient.ts';
import { buildRouteObjects } from '../app/router.tsx';

/** Renders the whole console at a path, on a memory router; returns the router to watch navigation. */
export function renderConsole(path: string, routes: RouteObject[] = buildRouteObjects()) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(<App locale={enUS} direction="ltr" router={router} />);
  return { router, ...view };
}

/** Renders a bare component inside antd's providers. */
export function renderWithAntd(node: ReactNode) {
  return render(
    <ConfigProvider locale={enUS}>
      <AntApp>{node}</AntApp>
    </ConfigProvider>,
  );
}

/**
 * Renders pages on a memory router at `url` (only the routes given, not the console's shell) with a fresh query
 * client and antd's providers; returns the router to watch navigation.
 */
export function renderRoutes(routes: RouteObject[], url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ConfigProvider locale={enUS}>
        <AntApp>
          <RouterProvider router={router} />
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>,
  );
  return router;
}
