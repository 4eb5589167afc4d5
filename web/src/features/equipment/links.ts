/** The equipment pages' paths. */
export const EQUIPMENT_PATHS = {
  cardSender: '/equipmentManagement/cardSender',
  readers: '/center/cardReaderAndUserList',
  bind: '/center/bindCardReaderToUser',
  rooms: '/center/selectRoomList',
  test: '/center/cardSenderFingerTest',
  mqtt: '/center/mqttTest',
} as const;

/** A page of the equipment feature about one reader. */
export function readerUrl(path: string, macId: string): string {
  return `${path}?${new URLSearchParams({ mac_id: macId }).toString()}`;
}
