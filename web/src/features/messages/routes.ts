import type { RouteEntry } from '../../app/routeTable.ts';
import { messagesTexts } from '../../i18n/namespaces.ts';

const list = messagesTexts.page(() => import('./MessageListPage.tsx'));

/** The message centre (spec §2 /message): children of the /message section in src/routes.tsx. */
export const messageRoutes: RouteEntry[] = [{ path: 'messageList', title: 'message', page: list }];
