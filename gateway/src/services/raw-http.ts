import {
  bytesToHex,
  type ErrorCode,
  errorText,
  hexToBytes,
  LIMITS,
  parseHexCommand,
} from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { installBrowserGuard, installRefusals } from './browser-guard.js';
import { type LocalServiceDeps, localFastify } from './reader-http.js';

/** What the raw service answers: `data` is the device's answer frame in hex on success. */
export interface RawReply {
  code: 0 | 1;
  msg: string;
  data: unknown;
  error?: ErrorCode;
}

function refused(code: ErrorCode, params?: Record<string, string | number>, msg?: string): RawReply {
  return { code: 0, msg: msg ?? errorText(code, params), data: null, error: code };
}

/** A vendor or product id as a number: 1047, "1047", "0x0417". */
function usbId(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 0xffff) return value;
  if (typeof value !== 'string') return undefined;
  const text = value.trim().toLowerCase();
  const n = /^0x[0-9a-f]{1,4}$/.test(text)
    ? Number.parseInt(text, 16)
    : /^\d{1,5}$/.test(text)
      ? Number(text)
      : NaN;
  return Number.isInteger(n) && n <= 0xffff ? n : undefined;
}

const MIN_TIMEOUT_MS = 50;
const MAX_TIMEOUT_MS = LIMITS.deviceCommandTimeoutMs;

/**
 * The raw service (spec §7): `POST /open {vid, pid}` opens the encoder if it is one of the allowed devices, and
 * `POST /write {data, timeout, readlength}` sends one hex frame and answers the device's reply frame in hex.
 * Frames are checked with the protocol's command table before they reach the device.
 */
export function buildRawApp(deps: LocalServiceDeps & { rawState: { opened: boolean } }): FastifyInstance {
  const app = localFastify(deps.config, deps.logger);
  installBrowserGuard(app, deps.config.allowedOrigins);
  installRefusals(app);
  const replySchema = {
    type: 'object',
    properties: { code: { type: 'integer' }, msg: { type: 'string' }, data: {}, error: { type: 'string' } },
  } as const;
  const schema = { body: { type: 'object' }, response: { 200: replySchema, '4xx': replySchema } };

  app.post('/open', { schema }, async (request): Promise<RawReply> => {
    const body = request.body as Record<string, unknown>;
    const vid = usbId(body['vid']);
    const pid = usbId(body['pid']);
    if (vid === undefined) return refused('FIELD_INVALID', { field: 'vid' });
    if (pid === undefined) return refused('FIELD_INVALID', { field: 'pid' });
    const allowed = deps.config.allowedDevices.some((d) => d.vendorId === vid && d.productId === pid);
    const configured = deps.config.hid.vendorId === vid && deps.config.hid.productId === pid;
    if (!allowed || !configured) {
      return refused('PERMISSION_DENIED', undefined, `device ${vid}/${pid} is not an allowed card encoder`);
    }
    const ctx = deps.context();
    if (!ctx.encoder.online) return refused('DEVICE_NOT_FOUND');
    deps.rawState.opened = true;
    return { code: 1, msg: 'success', data: { vid, pid, ...ctx.describe() } };
  });

  app.post('/close', { schema }, async (): Promise<RawReply> => {
    deps.rawState.opened = false;
    return { code: 1, msg: 'success', data: null };
  });

  app.post('/write', { schema }, async (request): Promise<RawReply> => {
    const body = request.body as Record<string, unknown>;
    const hex = parseHexCommand(body['data']);
    if (!hex.ok) return refused('HEX_INVALID');
    const timeoutValue = body['timeout'] ?? LIMITS.localReaderTimeoutMs;
    const timeout = typeof timeoutValue === 'string' ? Number(timeoutValue) : timeoutValue;
    if (typeof timeout !== 'number' || !Number.isFinite(timeout) || timeout < 0) {
      return refused('FIELD_INVALID', { field: 'timeout' });
    }
    const readLengthValue = body['readlength'] ?? 0;
    const readLength = typeof readLengthValue === 'string' ? Number(readLengthValue) : readLengthValue;
    if (
      typeof readLength !== 'number' ||
      !Number.isInteger(readLength) ||
      readLength < 0 ||
      readLength > 4096
    ) {
      return refused('FIELD_INVALID', { field: 'readlength' });
    }
    const ctx = deps.context();
    if (!ctx.encoder.online) return refused('DEVICE_NOT_FOUND');
    if (!deps.rawState.opened) return refused('DEVICE_NOT_OPEN');
    const frame = hexToBytes(hex.value);
    if (!frame.ok) return refused('HEX_INVALID');
    const wait = Math.min(MAX_TIMEOUT_MS, Math.max(MIN_TIMEOUT_MS, timeout || LIMITS.localReaderTimeoutMs));
    const answer = await ctx.encoder.exchange(frame.value, wait);
    if (!answer.ok) return refused(answer.code, answer.params);
    // Like a HID read of `readlength` bytes: the frame, zero-padded (never cut) to that length.
    let reply = bytesToHex(answer.value);
    if (readLength * 2 > reply.length) reply = reply.padEnd(readLength * 2, '0');
    return { code: 1, msg: 'success', data: reply };
  });
  return app;
}
