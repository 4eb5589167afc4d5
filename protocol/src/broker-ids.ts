/**
 * Command ids over the broker (WIRE.md 'MQTT payload', 'Command ids'). QoS 1 delivers at least once, so after a
 * broker restart an answer can reach the console twice; the spec's payload (a bare hex frame) carries nothing that
 * tells a repeated answer from the answer of the next, identical command. A console that knows the bridge takes
 * ids (its online state and heartbeat say `"commandIds": true`) sends `{"frame":"<hex>","id":"<id>"}` instead of
 * the bare hex; the bridge answers such a command with the id: `{"frame":"<reply hex>","id":"<id>"}`, or its error
 * reply with an `id` field. A command sent as bare hex is answered as bare hex, as the spec says.
 */
import { type Failure, fail, ok, type Result } from './result.js';

/** An id: 1–64 letters, digits, '.', '_', ':' or '-'. */
const COMMAND_ID = /^[0-9A-Za-z._:-]{1,64}$/;

/** The field of the bridge's online state and heartbeat that says it answers commands with their ids. */
export const COMMAND_IDS_FIELD = 'commandIds';

/** A command as it came over the broker: the hex frame, and the id when it was sent with one. */
export interface BrokerCommand {
  hex: string;
  id?: string;
}

/** Whether a value is a usable command id. */
export function isCommandId(id: unknown): id is string {
  return typeof id === 'string' && COMMAND_ID.test(id);
}

function invalid(detail: string): Failure {
  return fail('BROKER_INVALID_HEX', detail);
}

/** The payload of a command with an id (what a console sends to a bridge that takes ids). */
export function commandWithId(hex: string, id: string): string {
  return JSON.stringify({ frame: hex, id });
}

/**
 * Reads a command payload: bare hex (the spec's), or `{"frame","id"}`. BROKER_INVALID_HEX for an envelope that is
 * not one (its hex is checked by the caller as for bare hex).
 */
export function readBrokerCommand(payload: string): Result<BrokerCommand> {
  const text = payload.trim();
  if (!text.startsWith('{')) return ok({ hex: text });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return invalid('a command that starts with { is {"frame":"<hex>","id":"<id>"}');
  }
  const { frame, id } = (parsed ?? {}) as { frame?: unknown; id?: unknown };
  if (typeof frame !== 'string') return invalid('the command has no "frame" text');
  if (!isCommandId(id)) return invalid('the command id is 1–64 letters, digits, ".", "_", ":" or "-"');
  return ok({ hex: frame.trim(), id });
}

/**
 * The reply to a command: `reply` is what the spec's bridge publishes (the reply frame in hex, or its JSON error);
 * with the command's id it becomes `{"frame","id"}` or the error with an `id` field.
 */
export function replyWithId(reply: string, id: string | undefined): string {
  if (id === undefined) return reply;
  if (!reply.startsWith('{')) return JSON.stringify({ frame: reply, id });
  try {
    return JSON.stringify({ ...(JSON.parse(reply) as Record<string, unknown>), id });
  } catch {
    return JSON.stringify({ frame: reply, id });
  }
}

/** A reply as it came over the broker: its frame (hex) or the bridge's error, and the command id it carries. */
export interface BrokerReply {
  /** The reply frame in hex, when it is one. */
  frame?: string;
  /** The bridge's refusal (`{"error": …}`): the catalogue code it names. */
  error?: string;
  id?: string;
}

/** Reads a reply payload: bare hex, `{"frame","id"}`, or the bridge's error (with or without an id). */
export function readBrokerReply(payload: string): BrokerReply {
  const text = payload.trim();
  if (!text.startsWith('{')) return { frame: text };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { error: 'BROKER_INVALID_HEX' };
  }
  const body = (parsed ?? {}) as { frame?: unknown; error?: unknown; id?: unknown };
  const id = isCommandId(body.id) ? { id: body.id } : {};
  if (typeof body.frame === 'string') return { frame: body.frame.trim(), ...id };
  return { error: typeof body.error === 'string' ? body.error : 'BROKER_INVALID_HEX', ...id };
}
