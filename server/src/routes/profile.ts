/**
 * The personal centre's account (API.md §16 'Personal centre'): the signed-in account's user info of spec §3 and its
 * picture, uploaded through oss/token (purpose `avatar`) and set with user/setAvatar. Who is decided by the session
 * only; no call here names another account.
 */
import type { FastifyInstance } from 'fastify';
import { defineCall, type UserContext } from '../call.js';
import { failure } from '../errors.js';
import { epochSeconds, f } from '../fields.js';
import { findUpload } from '../shared/uploads.js';

async function userInfo(ctx: UserContext) {
  const u = await ctx.db
    .selectFrom('users as u')
    .leftJoin('hotels as h', 'h.id', 'u.hotel_id')
    .select([
      'u.id',
      'u.mobile',
      'u.email',
      'u.avatar',
      'u.name',
      'u.nickname',
      'u.gender',
      'u.nationality',
      'u.birth_date',
      'u.id_number',
      'u.role',
      'u.hotel_id',
      'h.name as hotel_name',
      'h.balance_fen',
      'u.created_at',
    ])
    .where('u.id', '=', ctx.user.id)
    .executeTakeFirstOrThrow();
  return {
    uid: u.id,
    mobile: u.mobile,
    email: u.email,
    avatar: u.avatar,
    name: u.name,
    nickname: u.nickname,
    gender: u.gender,
    nationality: u.nationality,
    birth_date: u.birth_date,
    id_number: u.id_number,
    role: u.role,
    hotel_id: u.hotel_id,
    hotel_name: u.hotel_name ?? '',
    // The merchant balance (the hotel's, in fen, API.md §15); null for an account of no hotel.
    balance_fen: u.balance_fen === null ? null : Number(u.balance_fen),
    created_at: epochSeconds(u.created_at),
  };
}

export function profileRoutes(app: FastifyInstance): void {
  defineCall(app, {
    path: 'user/info',
    auth: 'user',
    mutates: false,
    schema: {},
    handler: async (ctx) => userInfo(ctx),
  });

  defineCall(app, {
    path: 'user/setAvatar',
    auth: 'user',
    mutates: true,
    schema: {
      /** The `/files/<key>` URL upload answered for an oss/token of purpose `avatar`. */
      avatar: f.string({ max: 300 }),
    },
    handler: async (ctx, body) => {
      const hotelId = ctx.requireHotelId();
      const upload = await findUpload(ctx.db, hotelId, body.avatar, 'avatar');
      // Only a picture this account uploaded for itself: not another's, not a face or a lock picture.
      if (!upload || upload.user_id !== ctx.user.id)
        throw failure('UPLOAD_FILE_INVALID', { field: 'avatar' });
      await ctx.db
        .updateTable('users')
        .set({ avatar: body.avatar, updated_at: ctx.now() })
        .where('id', '=', ctx.user.id)
        .execute();
      ctx.audit('Account picture changed');
      return userInfo(ctx);
    },
  });
}
