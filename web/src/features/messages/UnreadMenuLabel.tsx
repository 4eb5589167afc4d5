import { Badge } from 'antd';
import { can } from '../../app/permissions.ts';
import { useUnreadMessages } from './api.ts';

/** The message centre's menu label with the unread count beside it (nothing beside it when all is read). */
export function UnreadMessagesLabel({ text }: { text: string }) {
  const unread = useUnreadMessages(can('message.view'));
  const count = unread.data ?? 0;
  return (
    <span>
      {text}
      {count > 0 && (
        <Badge
          count={count}
          overflowCount={99}
          size="small"
          style={{ marginInlineStart: 8 }}
          data-testid="menu-unread-messages"
        />
      )}
    </span>
  );
}
