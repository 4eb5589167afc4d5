/**
 * Room prices and price templates (spec §3 'Room price', 'Price template'). Prices are yuan with 2 decimals, at
 * least 1 (PRICE_TOO_LOW); computed in fen (domain/pricing.ts). Choices where the spec is silent:
 * - a weekend price of 0 clears it (weekend nights then cost the usual price); a deposit may be 0;
 * - `date_prices` replaces the room's specific-date prices when given (an empty list clears them);
 * - setting a room's price by hand detaches it from its template; applying a template copies the template's
 *   prices into each room (later template edits do not move rooms silently);
 * - priceTemplate/add with an `id` edits that template (the console has no separate edit call);
 * - setting prices (room/setPrice, setRenew, priceTemplate/add, setPriceTemplate) needs the merchant (hotel)
 *   information first: HOTEL_INFO_REQUIRED (spec §5).
 * The rules spanning statements are service.ts's, the SQL repository.ts's.
 */
import { priceCalls } from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../call.js';
import { failure } from '../errors.js';
import { pageOf } from '../fields.js';
import { requireHotelInfo } from '../services/hotel.js';
import { requireRooms, yuanText } from '../shared/room-views.js';
import { deleteTemplate, insertTemplate, setRoomRenew, templatesPage, updateTemplate } from './repository.js';
import {
  applyTemplate,
  quote,
  readDatePrices,
  requireTemplate,
  roomPriceView,
  setPrices,
  templateView,
} from './service.js';

/** Registers the room price and price template calls. */
export function priceRoutes(app: FastifyInstance): void {
  defineCall(app, priceCalls.setPrice, {
    handler: async (ctx, body) => {
      const room = await ctx.requireRoom(body.room_id, 'price.manage');
      await requireHotelInfo(ctx);
      const updated = await setPrices(ctx, room, {
        price: body.price,
        deposit: body.deposit,
        weekend_price: body.weekend_price,
        datePrices: readDatePrices(body.date_prices),
      });
      ctx.audit(
        `Room ${room.name}: price ${updated.usual_price}, weekend ${updated.weekend_price}, deposit ${updated.deposit}`,
      );
      return roomPriceView(ctx, updated);
    },
  });

  defineCall(app, priceCalls.setRenew, {
    handler: async (ctx, body) => {
      const room = await ctx.requireRoom(body.room_id, 'price.manage');
      await requireHotelInfo(ctx);
      const updated = await setRoomRenew(ctx.db, room.id, body.renew, ctx.now());
      ctx.audit(`Room ${room.name}: renewal at the set price ${body.renew ? 'on' : 'off'}`);
      return roomPriceView(ctx, updated);
    },
  });

  defineCall(app, priceCalls.priceInfo, {
    // What room/setPrice answers, read without changing anything: every specific-date price, lock or no lock.
    handler: async (ctx, body) => roomPriceView(ctx, await ctx.requireRoom(body.room_id, 'room.view')),
  });

  defineCall(app, priceCalls.quote, {
    handler: async (ctx, body) => {
      const room = await ctx.requireRoom(body.room_id, 'room.view');
      return quote(ctx, room, {
        startMs: body.start_time?.getTime(),
        endMs: body.end_time.getTime(),
        stayId: body.stay_id,
      });
    },
  });

  defineCall(app, priceCalls.templates, {
    handler: async (ctx, body) => {
      const hotelId = ctx.requireHotelId();
      const { page, limit, offset } = pageOf(body);
      const { total, rows } = await templatesPage(ctx.db, hotelId, limit, offset);
      return { list: rows.map((r) => templateView(r.template, r.roomCount)), total, page, limit };
    },
  });

  defineCall(app, priceCalls.template, {
    handler: async (ctx, body) => templateView(await requireTemplate(ctx, body.id)),
  });

  defineCall(app, priceCalls.saveTemplate, {
    handler: async (ctx, body) => {
      const hotelId = ctx.requireHotelId();
      await requireHotelInfo(ctx);
      const datePrices = readDatePrices(body.date_prices);
      const values = {
        name: body.name,
        usual_price: yuanText(body.price),
        deposit: yuanText(body.deposit ?? 0),
        weekend_price: yuanText(body.weekend_price ?? 0),
        date_prices: JSON.stringify(datePrices ?? []),
        updated_at: ctx.now(),
      };
      if (body.id !== undefined) {
        await requireTemplate(ctx, body.id);
        const row = await updateTemplate(ctx.db, body.id, values);
        ctx.audit(`Price template edited: ${row.name}`);
        return templateView(row);
      }
      const row = await insertTemplate(ctx.db, hotelId, values);
      ctx.audit(`Price template added: ${row.name}`);
      return templateView(row);
    },
  });

  defineCall(app, priceCalls.deleteTemplate, {
    handler: async (ctx, body) => {
      const template = await requireTemplate(ctx, body.id);
      await deleteTemplate(ctx.db, template.id);
      ctx.audit(`Price template deleted: ${template.name}`);
      return { id: template.id };
    },
  });

  defineCall(app, priceCalls.applyTemplate, {
    handler: async (ctx, body) => {
      const roomIds = [...new Set(body.room_ids)];
      if (roomIds.length === 0) throw failure('FIELD_REQUIRED', { field: 'room_ids' });
      const template = await requireTemplate(ctx, body.id);
      // Every room must be the caller's to price: one refused room refuses the whole call.
      await requireRooms(ctx, roomIds, 'price.manage');
      await requireHotelInfo(ctx);
      await applyTemplate(ctx, template, roomIds);
      ctx.audit(`Price template ${template.name} applied to ${roomIds.length} rooms`);
      return { id: template.id, count: roomIds.length };
    },
  });
}
