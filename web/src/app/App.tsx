import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import { useEffect, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { setNotifier } from '../api/notifier.ts';
import { ROUTES } from '../routes.tsx';
import { createQueryClient } from './queryClient.ts';
import { buildRouteObjects } from './router.tsx';

/** Hands antd's context-aware message and modal to the request layer. */
function NotifierBridge() {
  const { message, modal } = AntApp.useApp();
  useEffect(
    () =>
      setNotifier({
        error: (content, duration) => void message.error({ content, duration }),
        warning: (content, duration) => void message.warning({ content, duration }),
        info: (content, duration) => void message.info({ content, duration }),
        success: (content, duration) => void message.success({ content, duration }),
        confirm: (o) =>
          void modal.confirm({
            title: o.title,
            content: o.content,
            okText: o.okText,
            cancelText: o.cancelText,
            onOk: o.onOk,
            ...(o.onCancel ? { onCancel: o.onCancel } : {}),
          }),
      }),
    [message, modal],
  );
  return null;
}

export interface AppProps {
  locale: Locale;
  direction: 'ltr' | 'rtl';
  /** A router made elsewhere (tests use a memory router); by default the browser's. */
  router?: Parameters<typeof RouterProvider>[0]['router'];
}

/** The console: theme, locale and direction, the notifier, the query client and the router. */
export function App({ locale, direction, router }: AppProps) {
  const [queryClient] = useState(createQueryClient);
  const [appRouter] = useState(
    () => router ?? createBrowserRouter(buildRouteObjects(ROUTES, { queryClient })),
  );
  return (
    <ConfigProvider
      locale={locale}
      direction={direction}
      theme={{
        token: { colorPrimary: '#1668dc', borderRadius: 6 },
        // A 210 px sidebar: tighter items so the section names of most languages fit on one line.
        components: { Menu: { itemMarginInline: 6, iconMarginInlineEnd: 8, fontSize: 13 } },
      }}
    >
      <AntApp>
        <NotifierBridge />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={appRouter} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
