/**
 * The hotel's information and breakfast settings (server/API.md §3). Each call has two paths, the older console's
 * and the newer's; both answer the same.
 */
import { call } from './contract.js';
import { f } from './schema.js';

/** A hotel telephone: 5–20 digits, spaces, '+', '-', '(' or ')'. */
export const HOTEL_TELEPHONE = /^[0-9+\-() ]{5,20}$/;
export const HOTEL_NAME_MAX = 100;
export const HOTEL_ADDRESS_MAX = 200;
/** A breakfast hour, 'HH:mm'. */
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The hotel as the information calls answer it. */
export interface HotelInfo {
  id: number;
  name: string;
  address: string;
  telephone: string;
  latitude: number | null;
  longitude: number | null;
  /** True when name, address and telephone are filled in (spec §5 'Merchant or hotel information'). */
  complete: boolean;
}

/** A breakfast option of the hotel: e.g. none, single, double. */
export interface BreakfastOption {
  id: number;
  name: string;
  /** Portions per day; a stay keeps the chosen count. */
  count: number;
  price: number;
}

/** The hotel's breakfast settings. */
export interface HotelBreakfast {
  enabled: boolean;
  start_time: string | null;
  end_time: string | null;
  /** Price per breakfast (yuan). */
  price: number;
  list: BreakfastOption[];
}

const infoSchema = {
  name: f.string({ max: HOTEL_NAME_MAX }),
  address: f.string({ max: HOTEL_ADDRESS_MAX }),
  telephone: f.string({ pattern: HOTEL_TELEPHONE }),
  latitude: f.number({ min: -90, max: 90, optional: true }),
  longitude: f.number({ min: -180, max: 180, optional: true }),
};

const setInfo = (path: string) =>
  call({
    path,
    summary: 'Set the merchant or hotel information',
    auth: 'user',
    mutates: true,
    permission: 'hotel.manage',
    schema: infoSchema,
  }).answers<HotelInfo>();

const getInfo = (path: string) =>
  call({
    path,
    summary: 'The merchant or hotel information',
    auth: 'user',
    mutates: false,
    schema: {},
  }).answers<HotelInfo>();

export const hotelCalls = {
  /** Sets the hotel's name, address, telephone and position. */
  setInfo: setInfo('room/setHotelInfo'),
  /** room/setHotelInfo under the older console's name. */
  setData: setInfo('room/setHotelData'),
  /** The caller's hotel. */
  info: getInfo('room/hotelInfo'),
  /** room/hotelInfo under the older console's name. */
  getInfo: getInfo('room/getHotelInfo'),

  /** The hotel's breakfast settings and options. */
  breakfast: call({
    path: 'room/hotelBreakFastList',
    summary: 'Breakfast settings',
    auth: 'user',
    mutates: false,
    schema: {},
  }).answers<HotelBreakfast>(),

  /** Saves the breakfast settings; `list` (name, count, price each) replaces the options. */
  setBreakfast: call({
    path: 'room/hotelBreakFast',
    summary: 'Set the breakfast settings',
    auth: 'user',
    mutates: true,
    permission: 'hotel.manage',
    schema: {
      enabled: f.bool(),
      start_time: f.string({ pattern: CLOCK, optional: true }),
      end_time: f.string({ pattern: CLOCK, optional: true }),
      price: f.number({ min: 0, max: 100_000, optional: true }),
      list: f.array({ max: 20, optional: true, of: f.object() }),
    },
  }).answers<HotelBreakfast>(),
};
