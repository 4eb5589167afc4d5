/** Placeholder of the prices slice (a room's prices), which replaces this file; the room detail renders it. */
export function RoomPricePanel(_props: { roomId: number }) {
  return null;
}
