import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import type { Room } from '../../api/rooms.ts';
import { cardsTexts } from '../../i18n/namespaces.ts';
import { WithTexts } from '../../shared/WithTexts.tsx';

// The cards feature's panel (check in with a card, write the stay's cards, their actions), fetched with its texts
// when the tab opens.
const RoomCardPanel = lazy(() =>
  import('../../shared/cards/RoomCardPanel.tsx').then((m) => ({ default: m.RoomCardPanel })),
);

/** Card check-in: the cards feature's writer and the current stay's cards (issue 9 §3). */
export function CardCheckInTab({ room }: { room: Room }) {
  return (
    <WithTexts texts={[cardsTexts]}>
      <Suspense fallback={<Spin />}>
        <RoomCardPanel room={room} />
      </Suspense>
    </WithTexts>
  );
}
