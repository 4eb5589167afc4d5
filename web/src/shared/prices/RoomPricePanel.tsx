import { Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { pricesTexts } from '../../i18n/namespaces.ts';
import { RoomPriceEditor } from './RoomPriceEditor.tsx';

/**
 * The price tab of the room detail (contract G): the room's prices (room/priceInfo, any room in scope, with a
 * lock or not) with the editor of /room/priceSet and a quote preview. It loads the 'prices' texts itself, since the
 * room detail's page loads only its own.
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
  return <RoomPriceEditor roomId={roomId} />;
}
