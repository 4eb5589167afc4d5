/**
 * Demo data (first start with --demo) and the first administrator of a production install (create-admin).
 * Tests seed the same data through `seedDemo`, so what the demo shows is what the tests exercise.
 */

import type { Insertable } from 'kysely';
import { hashPassword } from './auth/password.js';
import type { Db } from './db/index.js';
import type { Role, RoomsTable, StaysTable } from './db/schema.js';
import { seedDemoMoney } from './demo-money.js';
import { MOBILE } from './fields.js';
import { seedDemoMessages } from './services/messages.js';

export const DEMO_PASSWORD = 'demo1234';

/** The demo accounts, all with DEMO_PASSWORD. */
export const DEMO_ACCOUNTS = {
  super: '13800138000',
  secondary: '13800138001',
  staff: '13800138002',
  customerManager: '13800138009',
} as const;

/** The card dispenser bound to the demo super administrator: the simulated gateway's device id. */
export const DEMO_DISPENSER = '041780200001';

export const DEMO_HOTEL = {
  name: 'LockDesk Demo Hotel',
  address: '88 Century Avenue, Pudong, Shanghai',
  telephone: '021-68881234',
  latitude: 31.2354,
  longitude: 121.5055,
};

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' of an instant in hotel time (+08:00). */
export function hotelDay(ms: number): string {
  return new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);
}

/** The demo room name: building, floor, two-digit number (building 1, floor 2, room 3 → '1203'). */
export const demoRoomName = (building: number, floor: number, n: number): string =>
  `${building}${floor}${String(n).padStart(2, '0')}`;

/** The demo lock MAC: 'A0B0C0' + building, floor, number as two hex digits each. */
export const demoMac = (building: number, floor: number, n: number): string =>
  `A0B0C0${[building, floor, n].map((v) => v.toString(16).toUpperCase().padStart(2, '0')).join('')}`;

/** True once any account exists (demo seeding and create-admin run only on an empty install). */
export async function hasAccounts(db: Db): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

export interface SeedOptions {
  /** The hash of DEMO_PASSWORD (tests pass a cheap one made once). */
  passwordHash: string;
  /** The clock, ms. */
  now: number;
}

export interface DemoIds {
  hotelId: number;
  users: Record<keyof typeof DEMO_ACCOUNTS, number>;
  /** Room ids by name ('1101' …). */
  rooms: Record<string, number>;
  groups: Record<'Standard' | 'Deluxe' | 'Suite', number>;
}

/** Writes the demo hotel: accounts, 2 buildings × 5 floors × 10 rooms with locks, groups, prices and stays. */
export async function seedDemo(db: Db, { passwordHash, now }: SeedOptions): Promise<DemoIds> {
  return db.transaction().execute(async (trx) => {
    const at = new Date(now);
    const hotel = await trx
      .insertInto('hotels')
      .values({
        ...DEMO_HOTEL,
        breakfast_enabled: true,
        breakfast_start: '07:00',
        breakfast_end: '10:00',
        breakfast_price: 28,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const hotelId = hotel.id;
    await trx
      .insertInto('hotel_breakfasts')
      .values([
        { hotel_id: hotelId, name: 'No breakfast', count: 0, price: 0, sort: 0 },
        { hotel_id: hotelId, name: 'Single breakfast', count: 1, price: 28, sort: 1 },
        { hotel_id: hotelId, name: 'Double breakfast', count: 2, price: 56, sort: 2 },
      ])
      .execute();

    const user = async (
      mobile: string,
      role: Role,
      extra: {
        nickname: string;
        hotel_id: number | null;
        parent_id?: number;
        created_by?: number;
        service?: Date;
      },
    ) =>
      (
        await trx
          .insertInto('users')
          .values({
            mobile,
            password_hash: passwordHash,
            role,
            hotel_id: extra.hotel_id,
            parent_id: extra.parent_id ?? null,
            created_by: extra.created_by ?? null,
            nickname: extra.nickname,
            name: extra.nickname,
            service_expires_at: extra.service ?? null,
            created_at: at,
            updated_at: at,
            password_changed_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const customerManager = await user(DEMO_ACCOUNTS.customerManager, 'customer_manager', {
      nickname: 'Customer manager',
      hotel_id: null,
    });
    const superId = await user(DEMO_ACCOUNTS.super, 'super', {
      nickname: 'Demo owner',
      hotel_id: hotelId,
      parent_id: customerManager,
      service: new Date(now + 365 * DAY_MS),
    });
    const secondary = await user(DEMO_ACCOUNTS.secondary, 'secondary', {
      nickname: 'Building 1 manager',
      hotel_id: hotelId,
      created_by: superId,
    });
    const staff = await user(DEMO_ACCOUNTS.staff, 'staff', {
      nickname: 'Front desk',
      hotel_id: hotelId,
      created_by: superId,
    });

    const groupRows = await trx
      .insertInto('room_categories')
      .values(
        (['Standard', 'Deluxe', 'Suite'] as const).map((name, i) => ({
          hotel_id: hotelId,
          kind: 'group',
          name,
          sort: i + 1,
          created_at: at,
        })),
      )
      .returning(['id', 'name'])
      .execute();
    const groups = Object.fromEntries(groupRows.map((g) => [g.name, g.id])) as DemoIds['groups'];
    for (let b = 1; b <= 2; b++) {
      const building = await trx
        .insertInto('room_categories')
        .values({ hotel_id: hotelId, kind: 'hotel', name: `Building ${b}`, sort: b, created_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('room_categories')
        .values(
          [1, 2, 3, 4, 5].map((fl) => ({
            hotel_id: hotelId,
            parent_id: building.id,
            kind: 'hotel',
            name: `Floor ${fl}`,
            sort: fl,
            created_at: at,
          })),
        )
        .execute();
    }

    const template = await trx
      .insertInto('price_templates')
      .values({
        hotel_id: hotelId,
        name: 'Holiday',
        deposit: 200,
        usual_price: 268,
        weekend_price: 328,
        date_prices: JSON.stringify([
          { day: hotelDay(now + 7 * DAY_MS), price: 388 },
          { day: hotelDay(now + 8 * DAY_MS), price: 388 },
        ]),
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    // Stays: six guests in, one reservation, one past stay; two rooms out of service.
    const guests = [
      { room: '1101', mobile: '13900000001', nickname: 'Li Wei', days: [-1, 2] },
      { room: '1102', mobile: '13900000002', nickname: 'Zhang Min', days: [-2, 1] },
      { room: '1103', mobile: '13900000003', nickname: 'Anna Schmidt', days: [0, 3] },
      { room: '2201', mobile: '13900000004', nickname: 'Wang Fang', days: [-3, 1] },
      { room: '2202', mobile: '13900000005', nickname: 'Chen Jie', days: [-1, 1] },
      { room: '2203', mobile: '13900000006', nickname: 'Maria Rossi', days: [0, 5] },
    ];
    // Room statuses that match the stays below: guests in, a reservation, one room in maintenance, one dirty.
    const statusOf: Record<string, number> = { '1104': 2, '1108': 3, '1109': 4 };
    for (const g of guests) statusOf[g.room] = 1;

    const kinds = {
      Standard: { deposit: 100, usual: 198, weekend: 238 },
      Deluxe: { deposit: 100, usual: 298, weekend: 358 },
      Suite: { deposit: 200, usual: 498, weekend: 598 },
    } as const;
    const roomValues: Insertable<RoomsTable>[] = [];
    for (let b = 1; b <= 2; b++)
      for (let fl = 1; fl <= 5; fl++)
        for (let n = 1; n <= 10; n++) {
          const group = n <= 6 ? 'Standard' : n <= 9 ? 'Deluxe' : 'Suite';
          const price = kinds[group];
          const name = demoRoomName(b, fl, n);
          roomValues.push({
            hotel_id: hotelId,
            category_id: groups[group],
            name,
            status: statusOf[name] ?? 0,
            mac_id: demoMac(b, fl, n),
            lock_id: `L${name}`,
            building: b,
            floor: fl,
            remark: '',
            notice: n === 10 ? 'Suite: late check-out until 14:00' : '',
            description: `${group} room ${name}`,
            bluetooth_name: `LD-${name}`,
            battery: 55 + ((b * 31 + fl * 7 + n * 13) % 45),
            lock_version: 'v2.3.1',
            deposit: price.deposit,
            usual_price: price.usual,
            weekend_price: price.weekend,
            renew: group !== 'Standard',
            price_template_id: group === 'Suite' ? template.id : null,
            created_at: at,
            updated_at: at,
          });
        }
    const roomRows = await trx.insertInto('rooms').values(roomValues).returning(['id', 'name']).execute();
    const rooms = Object.fromEntries(roomRows.map((r) => [r.name, r.id])) as Record<string, number>;
    const room = (name: string) => rooms[name] as number;

    await trx
      .insertInto('room_date_prices')
      .values(
        ['1110', '1210', '2110'].flatMap((name) => [
          { room_id: room(name), day: hotelDay(now + 7 * DAY_MS), price: 688 },
          { room_id: room(name), day: hotelDay(now + 8 * DAY_MS), price: 688 },
        ]),
      )
      .execute();

    const passengerRows = await trx
      .insertInto('passengers')
      .values(
        [
          ...guests,
          { mobile: '13900000007', nickname: 'Kim Min-jun' },
          { mobile: '13900000008', nickname: 'Sato Yui' },
        ].map((g) => ({
          hotel_id: hotelId,
          mobile: g.mobile,
          nickname: g.nickname,
          name: g.nickname,
          created_at: at,
          updated_at: at,
        })),
      )
      .returning(['id', 'mobile'])
      .execute();
    const passenger = (mobile: string) => passengerRows.find((p) => p.mobile === mobile)?.id ?? null;
    const noon = (days: number) => {
      // 12:00 hotel time on the given day offset: check-in and check-out at noon read naturally in the demo.
      const day = hotelDay(now + days * DAY_MS);
      return new Date(`${day}T12:00:00+08:00`);
    };
    const stayValues: Insertable<StaysTable>[] = guests.map((g) => ({
      hotel_id: hotelId,
      room_id: room(g.room),
      passenger_id: passenger(g.mobile),
      mobile: g.mobile,
      nickname: g.nickname,
      check_in: noon(g.days[0] as number),
      check_out: noon(g.days[1] as number),
      status: 'active' as const,
      kind: 'card' as const,
      breakfast: g.room.startsWith('1') ? 1 : 0,
      price: Number(roomValues.find((r) => r.name === g.room)?.usual_price ?? 0),
      deposit: 100,
      other_information: '',
      created_by: staff,
      created_at: at,
      updated_at: at,
    }));
    stayValues.push(
      {
        ...stayValues[0]!,
        room_id: room('1104'),
        passenger_id: passenger('13900000007'),
        mobile: '13900000007',
        nickname: 'Kim Min-jun',
        check_in: noon(2),
        check_out: noon(4),
        status: 'reserved',
      },
      {
        ...stayValues[0]!,
        room_id: room('1105'),
        passenger_id: passenger('13900000008'),
        mobile: '13900000008',
        nickname: 'Sato Yui',
        check_in: noon(-5),
        check_out: noon(-3),
        checked_out_at: noon(-3),
        status: 'checked_out',
      },
    );
    await trx.insertInto('stays').values(stayValues).execute();

    // The secondary administrator runs building 1; the front desk has floor 1 of building 1.
    const grants = [
      ...roomRows.filter((r) => r.name.startsWith('1')).map((r) => ({ user_id: secondary, room_id: r.id })),
      ...roomRows.filter((r) => r.name.startsWith('11')).map((r) => ({ user_id: staff, room_id: r.id })),
    ];
    await trx
      .insertInto('user_rooms')
      .values(grants.map((g) => ({ ...g, granted_by: superId, created_at: at })))
      .execute();

    // The simulated gateway's encoder as the owner's remote card reader (API.md §9.1), so the remote reader type
    // works on the demo out of the box.
    await trx
      .insertInto('card_dispensers')
      .values({
        hotel_id: hotelId,
        mac_id: DEMO_DISPENSER,
        name: 'Reception encoder',
        type: '1',
        bound_user_id: superId,
        created_at: at,
      })
      .execute();
    await trx.updateTable('users').set({ dispenser_type: '1' }).where('id', '=', superId).execute();
    await seedDemoMessages(trx, { hotelId, rooms, now });

    return {
      hotelId,
      users: { super: superId, secondary, staff, customerManager },
      rooms,
      groups,
    };
  });
}

/**
 * Grows the demo hotel to `total` rooms, for trials and benchmarks at hotel scale (`start --demo --demo-rooms N`,
 * server/bench): rooms named '3-0101' … in buildings 3 and up (20 floors of 80 rooms each), spread over the demo
 * groups, without locks, mostly vacant with some dirty and under maintenance. Returns how many rooms it added
 * (none once the hotel has `total`); throws when there is no demo hotel.
 */
export async function growDemoRooms(db: Db, total: number, now: number): Promise<number> {
  const hotel = await db
    .selectFrom('hotels')
    .select('id')
    .where('name', '=', DEMO_HOTEL.name)
    .orderBy('id')
    .executeTakeFirst();
  if (!hotel) throw new Error('There is no demo hotel to grow: start with --demo');
  const { n } = await db
    .selectFrom('rooms')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('hotel_id', '=', hotel.id)
    .executeTakeFirstOrThrow();
  const missing = total - Number(n);
  if (missing <= 0) return 0;
  const groups = await db
    .selectFrom('room_categories')
    .select('id')
    .where('hotel_id', '=', hotel.id)
    .where('kind', '=', 'group')
    .orderBy('id')
    .execute();
  const at = new Date(now);
  const rows: Insertable<RoomsTable>[] = Array.from({ length: missing }, (_, i) => {
    const building = 3 + Math.floor(i / 1600);
    const floor = 1 + (Math.floor(i / 80) % 20);
    return {
      hotel_id: hotel.id,
      name: `${building}-${String(floor).padStart(2, '0')}${String((i % 80) + 1).padStart(2, '0')}`,
      category_id: groups.length ? (groups[i % groups.length]?.id ?? null) : null,
      status: i % 17 === 16 ? 4 : i % 29 === 28 ? 3 : 0,
      building,
      floor,
      usual_price: 198,
      created_at: at,
      updated_at: at,
    };
  });
  for (let i = 0; i < rows.length; i += 1_000)
    await db
      .insertInto('rooms')
      .values(rows.slice(i, i + 1_000))
      .execute();
  return missing;
}

/** Seeds the demo unless the install already has accounts; true when it seeded. */
export async function seedDemoIfEmpty(
  db: Db,
  options: { now: number; scryptCost: number },
): Promise<boolean> {
  if (await hasAccounts(db)) return false;
  const ids = await seedDemo(db, {
    now: options.now,
    passwordHash: await hashPassword(DEMO_PASSWORD, options.scryptCost),
  });
  await seedDemoMoney(db, ids, options.now);
  return true;
}

export interface CreateAdminOptions {
  mobile: string;
  password: string;
  hotelName?: string;
  scryptCost?: number;
  now?: number;
}

/** Creates a super administrator and their hotel; refuses a malformed mobile, a short password or a taken mobile. */
export async function createAdmin(db: Db, o: CreateAdminOptions): Promise<{ uid: number; hotelId: number }> {
  if (!MOBILE.test(o.mobile)) throw new Error('Incorrect mobile number format (11 digits, starting 13–19)');
  if (o.password.length < 6) throw new Error('Password must be at least 6 characters');
  const taken = await db.selectFrom('users').select('id').where('mobile', '=', o.mobile).executeTakeFirst();
  if (taken) throw new Error(`An account with mobile ${o.mobile} already exists`);
  const hash = await hashPassword(o.password, o.scryptCost);
  const at = new Date(o.now ?? Date.now());
  return db.transaction().execute(async (trx) => {
    const hotel = await trx
      .insertInto('hotels')
      .values({ name: o.hotelName ?? '', created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await trx
      .insertInto('users')
      .values({
        mobile: o.mobile,
        password_hash: hash,
        role: 'super',
        hotel_id: hotel.id,
        created_at: at,
        updated_at: at,
        password_changed_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { uid: user.id, hotelId: hotel.id };
  });
}
