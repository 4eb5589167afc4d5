import { render } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject } from 'react-router-dom';
import { App } from '../app/App.tsx';
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
