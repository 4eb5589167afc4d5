/**
 * The room calls' answers (server/API.md §5; spec §3 field names). The room list, detail and settings calls join
 * them here as they move to contracts.
 */

/** A stay as the room list and room/info answer it (the room's guest now, else its next reservation). */
export interface RoomTenant {
  stay_id: number;
  room_id: number;
  mobile: string;
  nickname: string;
  start_time: number;
  end_time: number;
  status: string;
  state: 'upcoming' | 'active' | 'expired' | 'checkedOut' | 'ended';
  remaining: number;
}

/** A room (and its lock) in answers. */
export interface Room {
  id: number;
  room_id: number;
  name: string;
  category_id: number | null;
  category_name: string | null;
  status: number;
  status_name?: string | null;
  mac_id: string | null;
  lock_id: string | null;
  building: number | null;
  floor: number | null;
  remark: string;
  notice: string;
  picture: string;
  description: string;
  bluetooth_name: string;
  battery: number | null;
  deposit: number | null;
  price: number | null;
  weekend_price: number | null;
  /** Renewal at the set price, and the room's price template (answers built from the whole room row). */
  renew?: boolean;
  price_template_id?: number | null;
  updated_at: number | null;
  tenant?: RoomTenant | null;
  /** room/listNew (contract D): changes waiting for the lock's next sync, and its last sync (seconds, 0: never). */
  lock_waiting?: number;
  lock_synced_at?: number;
}
