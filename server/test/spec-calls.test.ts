/**
 * The Done-when check of the back office (issue 11): every call of the console's main client (spec §7, the 131
 * paths below, as the spec spells them) and the 5 calls of the card-service API (spec §7 'Second client') is
 * registered on the server, documented under an API.md heading of its own, and in the OpenAPI document
 * (GET /openapi.json). A call missing anywhere fails here by name.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { OpenApiDocument } from '../src/openapi/document.js';
import { apiDocText, SPEC_CARD_CALLS } from './api-doc.js';
import { migratedEmbedded } from './helpers.js';

/** The main client's paths of spec §7, one per call, as the console calls them. */
export const SPEC_CALLS: readonly string[] = [
  'login',
  'logout',
  'setting/updatePassword',
  'getBack/sendMsg',
  'getBack/reset',
  'oss/token',
  'room/setHotelData',
  'room/hotelInfo',
  'user/setManager',
  'order/setCashData',
  ...SPEC_CARD_CALLS,
  'user/apiKeyList',
  'user/apiKeyDel',
  'user/apikey',
  'room/hotelBreakFastList',
  'room/hotelBreakFast',
  'room/clientList',
  'room/clientDelete',
  'room/getHotelInfo',
  'room/setHotelInfo',
  'order/macMember',
  'lock/managerList',
  'lock/managerAddNew',
  'lock/managerDelete',
  'lock/inLockList',
  'lock/messageList',
  'lock/deleteMessage',
  'lock/checkHistory',
  'lock/accessControlList',
  'lock/getFirmwaresList',
  'lock/addFirmwares',
  'lock/empowerFace',
  'lock/empowerFaceList',
  'lock/deleteEmpowerFace',
  'room/password',
  'room/passwordHistory',
  'room/deletePassword',
  'room/callbackPassword',
  'room/addPassword',
  'room/passwordList',
  'cardDispenser/add',
  'cardDispenser/lists',
  'cardDispenser/checkStatus',
  'cardDispenser/userBind',
  'cardDispenser/getUserBind',
  'User/setUserDispenserType',
  'User/getUserDispenserType',
  'app/getAesEight',
  'lockCardM1/add',
  'lockCardM1/lists',
  'lockCardM1/delCard',
  'lockCardM1/readCard',
  'lockCardM1/notify',
  'lockCardCpu/add',
  'lockCardCpu/lists',
  'lockCardCpu/delCard',
  'lockCardCpu/sendCard',
  'hotel/parentCategoryList',
  'hotel/categoryList',
  'hotel/addRoomCategory',
  'hotel/delCategory',
  'room/category/list',
  'room/addCategory',
  'room/change/category',
  'room/listNew',
  'room/setRoomStatus',
  'room/allLock',
  'room/exchangeHouses',
  'room/tenant/list',
  'room/openHistory',
  'room/openHistoryByPeople',
  'room/tenant/update/checkIn',
  'room/tenant/limitPassword',
  'room/checkOut',
  'room/lockInfo',
  'room/setLockData',
  'room/setPrice',
  'room/setRenew',
  'room/countRoomPriceNew',
  'priceTemplate/lists',
  'priceTemplate/info',
  'priceTemplate/add',
  'priceTemplate/delete',
  'priceTemplate/setPriceTemplate',
  'user/uploadTFaceImg',
  'user/updateFaceNote',
  'user/faceImgList',
  'user/updateLockFaceNote',
  'user/deleteTFaceImg',
  'user/freezeUser',
  'user/setUserExpiration',
  'passenger/list',
  'passenger/info',
  'room/deletePassenger',
  'room/addPassenger',
  'fingerprint/addData',
  'fingerprint/dataLists',
  'fingerprint/delData',
  'fingerprint/send',
  'fingerprint/sendDataList',
  'fingerprint/delSendData',
  'order/refund',
  'Order/recharge',
  'order/orderList',
  'order/cash',
  'room/staffList',
  'room/staffManageRoomList',
  'room/deleteStaff',
  'room/addStaff',
  'room/addStaffManageLock',
  'room/staffManageRoomList1',
];

/** The card-service API of spec §7 ('Second client'). */
export const CARD_SERVICE_CALLS = [
  { method: 'POST', url: '/auth/login' },
  { method: 'GET', url: '/linQuan/getRoomListByHotelId' },
  { method: 'POST', url: '/linQuan/writeRoomCard' },
  { method: 'POST', url: '/linQuan/deleteRoomCard' },
  { method: 'POST', url: '/linQuan/getAuthorizationRecord' },
] as const;

/** Every word in backticks of API.md's headings (### and deeper), lower-cased: calls, or 'POST /auth/login'. */
function headingWords(text: string): Set<string> {
  const words = new Set<string>();
  for (const line of text.split('\n'))
    if (/^#{3,6} /.test(line))
      for (const m of line.matchAll(/`([^`]+)`/g)) words.add((m[1] as string).trim().toLowerCase());
  return words;
}

describe('spec §7 calls: registered, documented and in the OpenAPI document', () => {
  let app: FastifyInstance;
  let doc: OpenApiDocument;
  const headings = headingWords(apiDocText());

  beforeAll(async () => {
    app = await buildApp({
      database: { kind: 'pglite', dataDir: 'memory://spec-calls', startFrom: migratedEmbedded() },
      logger: false,
      webDist: null,
    });
    doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
  });
  afterAll(async () => {
    await app?.close();
  });

  /** The registered path of a spec path (the dispatcher forgives case: Order/recharge = order/recharge). */
  const registered = (path: string): string | undefined =>
    [...app.calls.keys()].find((p) => p.toLowerCase() === path.toLowerCase());

  it('names the 131 main-client calls of the spec, each once', () => {
    expect(SPEC_CALLS).toHaveLength(131);
    expect(new Set(SPEC_CALLS.map((p) => p.toLowerCase())).size).toBe(131);
  });

  it('registers every main-client call', () => {
    expect(SPEC_CALLS.filter((path) => registered(path) === undefined)).toEqual([]);
  });

  it('documents every main-client call under an API.md heading of its own', () => {
    expect(SPEC_CALLS.filter((path) => !headings.has(path.toLowerCase()))).toEqual([]);
  });

  it('has every main-client call in the OpenAPI document', () => {
    const missing = SPEC_CALLS.filter((path) => {
      const p = registered(path) ?? path;
      return doc.paths[`/manage/${p}`]?.['post'] === undefined;
    });
    expect(missing).toEqual([]);
  });

  it('registers every card-service call', () => {
    const missing = CARD_SERVICE_CALLS.filter((c) => !app.hasRoute({ method: c.method, url: c.url }));
    expect(missing.map((c) => `${c.method} ${c.url}`)).toEqual([]);
  });

  it('documents every card-service call under an API.md heading of its own', () => {
    // The heading names the path in backticks, with or without its method: `POST /auth/login` or `/auth/login`.
    const named = (url: string) =>
      [...headings].some((w) => w === url.toLowerCase() || w.endsWith(` ${url.toLowerCase()}`));
    const missing = CARD_SERVICE_CALLS.filter((c) => !named(c.url));
    expect(missing.map((c) => `${c.method} ${c.url}`)).toEqual([]);
  });

  it('has every card-service call in the OpenAPI document, with its schema', () => {
    const missing = CARD_SERVICE_CALLS.filter((c) => {
      const op = doc.paths[c.url]?.[c.method.toLowerCase()] as { responses?: object } | undefined;
      return op?.responses === undefined || !('200' in op.responses);
    });
    expect(missing.map((c) => `${c.method} ${c.url}`)).toEqual([]);
  });
});
