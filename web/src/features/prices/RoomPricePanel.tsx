import { Empty, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoomOptions } from './api.ts';
import { RoomPriceEditor } from './RoomPriceEditor.tsx';
import { pricesTexts } from './texts.ts';

/**
 * The price tab of the room detail (contract G): the room's prices with the editor of /room/priceSet and a quote
 * preview. It loads the 'prices' texts itself, since the room detail's page loads only its own.
 */
export function RoomPricePanel({ roomId }: { roomId: number }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void pricesTexts.load().then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, []);
  if (!ready) return <Skeleton active />;
  return <Panel roomId={roomId} />;
}

function Panel({ roomId }: { roomId: number }) {
  const { t } = useTranslation(pricesTexts.ns);
  const rooms = useRoomOptions();
  if (rooms.isPending) return <Skeleton active />;
  const room = rooms.data?.find((r) => r.id === roomId);
  if (!room) return <Empty description={t('room.noLock')} data-testid="room-price-missing" />;
  return <RoomPriceEditor room={room} />;
}
