import type { RouteEntry } from '../../app/routeTable.ts';
import { messagesTexts } from '../../i18n/namespaces.ts';

// The menu item's label with the unread count, drawn by the sidebar.
const unreadLabel = () => import('./UnreadMenuLabel.tsx').then((m) => ({ default: m.UnreadMessagesLabel }));
const list = messagesTexts.page(() => import('./MessageListPage.tsx'));

/** The message centre (spec §2 /message): children of the /message section in src/routes.tsx. */
export const messageRoutes: RouteEntry[] = [
  { path: 'messageList', title: 'message', page: list, menuLabel: unreadLabel },
];
