/**
 * The hotel area (server/API.md §3): the merchant or hotel information and the breakfast settings. Each call is
 * registered under the newer and the older console's name where it has two. Rules: service.ts; SQL: repository.ts.
 */
import { hotelCalls } from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../call.js';
import { breakfast, hotelInfo, setBreakfast, setHotelInfo } from './service.js';

export function hotelRoutes(app: FastifyInstance): void {
  // Reading takes no permission beyond belonging to the hotel; setting takes the contracts' hotel.manage.
  for (const contract of [hotelCalls.info, hotelCalls.getInfo])
    defineCall(app, contract, { handler: hotelInfo });
  for (const contract of [hotelCalls.setInfo, hotelCalls.setData])
    defineCall(app, contract, { handler: (ctx, body) => setHotelInfo(ctx, body) });
  defineCall(app, hotelCalls.breakfast, { handler: (ctx) => breakfast(ctx) });
  defineCall(app, hotelCalls.setBreakfast, {
    transaction: true,
    handler: (ctx, body) => setBreakfast(ctx, body),
  });
}
