import {
  blankCard,
  type CardSize,
  COMMAND_TABLE,
  type CommandName,
  cloneCard,
  DUMP_FORMATS,
  type DumpFormat,
  encodeGuestCard,
  errorText,
  exportDump,
  type Failure,
  type GuestCardContent,
  importDump,
  type MifareCard,
  type Result,
} from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import type { GatewayConfig } from '../config.js';
import type { Logger } from '../log.js';
import { installBrowserGuard, installRefusals, isLoopbackHost } from '../services/browser-guard.js';
import { localFastify } from '../services/reader-http.js';
import type { SimulatedTransport } from '../transport/simulated.js';
import { type DumpOrigin, FAULT_KINDS, type FaultKind, type SimulatedEncoder } from './encoder.js';
import { registerLockRoutes } from './lock-routes.js';
import type { VirtualLocks } from './locks.js';

/** What the control service answers. */
export interface ControlReply {
  ok: boolean;
  msg: string;
  state?: ReturnType<SimulatedEncoder['state']> & { latencyMs: number };
  error?: string;
  warnings?: string[];
}

/** How a card is described to `place-card`. */
export interface PlaceCardRequest {
  /** A blank card in transport configuration. */
  blank?: boolean;
  uid?: string;
  size?: CardSize;
  /** A dump in any format of the protocol package, as base64 of the file's bytes or as text. */
  dump?: string;
  encoding?: 'base64' | 'text';
  format?: DumpFormat;
  /** A prepared guest card: a blank card with this content written in blocks 4–6 and 54. */
  guest?: GuestCardContent;
}

/**
 * The words of a refusal: the catalogue text, and the detail after it in parentheses only when the text does not
 * already say it (DUMP_MALFORMED and FIELD_INVALID carry their detail as a parameter).
 */
export function refusalText(refusal: Failure): string {
  const text = errorText(refusal.code, refusal.params);
  return refusal.detail && !text.includes(refusal.detail) ? `${text} (${refusal.detail})` : text;
}

/** The card a place-card request describes; `dump` says how the dump it came from was written. */
export interface PlacedCard {
  card: MifareCard;
  warnings: string[];
  dump?: DumpOrigin;
}

/** Builds the card a place-card request describes. */
export function cardOfRequest(request: PlaceCardRequest): Result<PlacedCard> {
  const invalid = (detail: string): Result<never> => ({
    ok: false,
    code: 'FIELD_INVALID',
    detail,
    params: { field: detail },
  });
  if (request.format !== undefined && !DUMP_FORMATS.includes(request.format)) return invalid('format');
  if (typeof request.dump === 'string') {
    const input =
      request.encoding === 'text' ? request.dump : Uint8Array.from(Buffer.from(request.dump, 'base64'));
    const imported = importDump(input, request.format, request.size ? { size: request.size } : {});
    if (!imported.ok) return imported;
    const { card, warnings, format, layout } = imported.value;
    return { ok: true, value: { card, warnings, dump: layout ? { format, layout } : { format } } };
  }
  const uid = request.uid ?? randomUid();
  const base = blankCard(request.size ?? '1K', uid);
  if (!base.ok) return base;
  if (request.guest !== undefined) {
    const encoded = encodeGuestCard(request.guest);
    if (!encoded.ok) return encoded;
    const card = cloneCard(base.value);
    for (const [block, bytes] of Object.entries(encoded.value.blocks))
      card.blocks[Number(block)] = bytes.slice();
    return { ok: true, value: { card, warnings: [] } };
  }
  return { ok: true, value: { card: base.value, warnings: [] } };
}

function randomUid(): string {
  const hex = Math.floor(Math.random() * 0xffffffff)
    .toString(16)
    .toUpperCase()
    .padStart(8, '0');
  return hex.startsWith('88') ? `08${hex.slice(2)}` : hex;
}

/**
 * The simulated encoder's control service, on loopback beside the reader services: place a blank, prepared or
 * dumped card, take it away, press a finger on the fingerprint sensor, inject faults, unplug and replug, set the
 * latency. `GET /` is a small page that says
 * in large letters that the encoder is simulated.
 */
export function buildControlApp(deps: {
  config: GatewayConfig;
  logger: Logger;
  encoder: SimulatedEncoder;
  transport: SimulatedTransport;
  /** The virtual locks beside the encoder (contract F), when the daemon runs them. */
  locks?: VirtualLocks;
}): FastifyInstance {
  const { encoder, transport } = deps;
  const app = localFastify(deps.config, deps.logger);
  const consoleOrigins = new Set(deps.config.allowedOrigins);
  installBrowserGuard(app, (origin) => {
    if (consoleOrigins.has(origin)) return true;
    // The control page itself, served from this service.
    try {
      return isLoopbackHost(new URL(origin).host);
    } catch {
      return false;
    }
  });
  installRefusals(app);
  const state = () => ({ ...encoder.state(), latencyMs: transport.latency });
  const done = (msg: string, extra: Partial<ControlReply> = {}): ControlReply => ({
    ok: true,
    msg,
    state: state(),
    ...extra,
  });
  const refused = (msg: string, error: string): ControlReply => ({ ok: false, msg, error, state: state() });
  const body = { type: 'object' } as const;

  app.get('/', async (_request, reply) => reply.type('text/html; charset=utf-8').send(CONTROL_PAGE));
  app.get('/state', async () => done('simulated encoder'));
  app.post('/card', { schema: { body } }, async (request) => {
    const built = cardOfRequest(request.body as PlaceCardRequest);
    if (!built.ok) return refused(refusalText(built), built.code);
    const placed = encoder.placeCard(built.value.card, built.value.dump);
    if (!placed.ok) return refused(errorText(placed.code, placed.params), placed.code);
    return done('card placed', { warnings: built.value.warnings });
  });
  app.delete('/card', async () => {
    encoder.removeCard();
    return done('card removed');
  });
  app.post('/card/remove', async () => {
    encoder.removeCard();
    return done('card removed');
  });
  app.get('/card/dump', async (request, reply) => {
    const format = ((request.query as Record<string, string>)['format'] ?? 'mct') as DumpFormat;
    const card = encoder.currentCard;
    if (!card) return reply.code(404).send(refused('no card in the field', 'NO_CARD'));
    if (!DUMP_FORMATS.includes(format))
      return reply.code(400).send(refused(`unknown format ${format}`, 'FIELD_INVALID'));
    // Exported in the format it was placed from, the card is written as that file was (an unchanged .eml or .bin
    // comes back byte for byte).
    const origin = encoder.dumpOrigin;
    const dump = exportDump(
      card,
      format,
      origin?.format === format && origin.layout ? { layout: origin.layout } : {},
    );
    if (!dump.ok) return reply.code(400).send(refused(errorText(dump.code, dump.params), dump.code));
    return typeof dump.value === 'string'
      ? reply.type('text/plain; charset=utf-8').send(dump.value)
      : reply.type('application/octet-stream').send(Buffer.from(dump.value));
  });
  app.post('/fault', { schema: { body } }, async (request) => {
    const { kind, count, delayMs, command } = request.body as {
      kind?: string;
      count?: number;
      delayMs?: number;
      command?: string;
    };
    if (command !== undefined && !Object.hasOwn(COMMAND_TABLE, command)) {
      return refused(
        `unknown command ${command}; one of ${Object.keys(COMMAND_TABLE).join(', ')}`,
        'FIELD_INVALID',
      );
    }
    if (!FAULT_KINDS.includes(kind as FaultKind)) {
      return refused(`unknown fault ${String(kind)}; one of ${FAULT_KINDS.join(', ')}`, 'FIELD_INVALID');
    }
    if (count !== undefined && (!Number.isInteger(count) || count < 0))
      return refused('count must be a whole number', 'FIELD_INVALID');
    if (delayMs !== undefined && (!Number.isInteger(delayMs) || delayMs < 0)) {
      return refused('delayMs must be a whole number', 'FIELD_INVALID');
    }
    encoder.injectFault(kind as FaultKind, {
      ...(count !== undefined ? { count } : {}),
      ...(delayMs !== undefined ? { delayMs } : {}),
      ...(command !== undefined ? { command: command as CommandName } : {}),
    });
    return done(`fault ${kind} injected`);
  });
  app.delete('/fault', async () => {
    encoder.clearFaults();
    return done('faults cleared');
  });
  app.post('/fault/clear', async () => {
    encoder.clearFaults();
    return done('faults cleared');
  });
  app.post('/unplug', async () => {
    encoder.unplug();
    return done('encoder unplugged');
  });
  app.post('/replug', async () => {
    encoder.replug();
    return done('encoder plugged in');
  });
  // A finger pressed on the sensor: each press advances a running enrolment one step (contract F: /sim/finger).
  const pressFinger = async (request: { body: unknown }) => {
    const { quality } = (request.body ?? {}) as { quality?: unknown };
    if (
      quality !== undefined &&
      (typeof quality !== 'number' || !Number.isInteger(quality) || quality < 0 || quality > 100)
    )
      return refused('quality must be a whole number from 0 to 100', 'FIELD_INVALID');
    const pressed = encoder.pressFinger(quality === undefined ? {} : { quality });
    if (!pressed.ok) return refused(pressed.detail, pressed.code);
    return done(`finger pressed: ${pressed.value}`);
  };
  app.post('/finger', pressFinger);
  app.post('/sim/finger', pressFinger);
  app.post('/latency', { schema: { body } }, async (request) => {
    const { ms } = request.body as { ms?: number };
    if (typeof ms !== 'number' || !Number.isInteger(ms) || ms < 0 || ms > 60_000) {
      return refused('ms must be a whole number from 0 to 60000', 'FIELD_INVALID');
    }
    transport.setLatency(ms);
    return done(`latency ${ms} ms`);
  });
  if (deps.locks) registerLockRoutes(app, deps.locks);
  return app;
}

const CONTROL_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>SIMULATED encoder — LockDesk gateway</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#fafafa}
.banner{background:#d4380d;color:#fff;font-size:28px;font-weight:700;padding:16px 24px;letter-spacing:1px}
main{padding:16px 24px;max-width:900px}
button{margin:4px 6px 4px 0;padding:6px 12px}
pre{background:#fff;border:1px solid #ddd;padding:12px;overflow:auto}
.locks{border:2px dashed #d4380d;padding:8px 16px;margin:16px 0;background:#fff}
.locks h2{color:#d4380d;margin:4px 0 8px}
.decision{font-size:22px;font-weight:700;margin:8px 0;min-height:28px}
.decision.open{color:#389e0d}.decision.deny{color:#cf1322}
</style></head>
<body><div class="banner">SIMULATED ENCODER — no real card is written</div>
<main>
<p>This daemon runs with the simulated card encoder. Cards placed here exist only in memory.</p>
<div>
<button onclick="call('POST','/card',{blank:true})">Place blank card</button>
<button onclick="call('POST','/sim/finger',{})">Press finger</button>
<button onclick="call('DELETE','/card')">Remove card</button>
<button onclick="call('POST','/unplug')">Unplug</button>
<button onclick="call('POST','/replug')">Replug</button>
<button onclick="call('DELETE','/fault')">Clear faults</button>
</div>
<div>Inject fault:
<button onclick="call('POST','/fault',{kind:'no-answer'})">no answer</button>
<button onclick="call('POST','/fault',{kind:'late-answer'})">late answer</button>
<button onclick="call('POST','/fault',{kind:'bad-checksum'})">bad checksum</button>
<button onclick="call('POST','/fault',{kind:'unplug-mid-write'})">unplug during next write</button>
</div>
<div>Load dump (.bin .mfd .eml .json .mct): <input type="file" id="dump" onchange="loadDump(this.files[0])"></div>
<section class="locks" aria-label="Virtual locks">
<h2>Virtual locks — SIMULATED</h2>
<p>Stand-ins for the rooms' offline door locks. They decide from the card and what they learned at their last
Bluetooth sync only.</p>
<div><label>Lock <select id="lock"></select></label> <button onclick="refreshLocks()">Refresh</button>
<span id="lockInfo"></span></div>
<div><button onclick="tapLock({})">Hold the card on the encoder to the lock</button></div>
<div><label>PIN <input id="pin" inputmode="numeric" maxlength="6" size="8"></label>
<button onclick="tapLock({password: field('pin')})">Type PIN</button>
<label>Face id <input id="face" size="10"></label> <button onclick="tapLock({face: field('face')})">Show face</button>
<label>Finger id <input id="finger" size="10"></label>
<button onclick="tapLock({finger: field('finger')})">Present finger</button></div>
<div><label>Operator <input id="operator" value="Simulator" maxlength="64"></label>
<button onclick="syncLock()">Bluetooth sync</button></div>
<div id="decision" class="decision" role="status"></div>
</section>
<pre id="state">loading…</pre>
</main>
<script>
async function call(method, path, body) {
  const res = await fetch(path, { method, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
  show(await res.json());
}
function show(reply) { document.getElementById('state').textContent = JSON.stringify(reply, null, 2); }
async function loadDump(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = ''; for (const b of bytes) binary += String.fromCharCode(b);
  await call('POST', '/card', { dump: btoa(binary), encoding: 'base64' });
}
function field(id) { return document.getElementById(id).value.trim(); }
function chosenLock() { return document.getElementById('lock').value; }
function showDecision(text, kind) {
  const box = document.getElementById('decision');
  box.textContent = text;
  box.className = 'decision ' + (kind || '');
}
async function refreshLocks() {
  const answer = await (await fetch('/locks')).json();
  const select = document.getElementById('lock');
  const chosen = select.value;
  select.replaceChildren();
  for (const lock of answer.locks || []) {
    const option = document.createElement('option');
    option.value = lock.mac_id;
    option.textContent = (lock.room_name ? 'Room ' + lock.room_name + ' — ' : 'Bench lock — ') + lock.mac_id;
    select.append(option);
  }
  if (chosen) select.value = chosen;
  const lock = (answer.locks || []).find((l) => l.mac_id === select.value);
  document.getElementById('lockInfo').textContent = lock
    ? ' building ' + lock.building + ', floor ' + lock.floor + ', battery ' + lock.battery + '%, firmware ' +
      lock.firmware_version + ', ' + lock.buffered + ' records waiting, last sync ' +
      (lock.last_sync_at ? new Date(lock.last_sync_at * 1000).toLocaleString() : 'never')
    : (answer.locks || []).length ? '' : ' no virtual lock installed (install one from the console or the sim CLI)';
}
async function lockCall(path, body) {
  const mac = chosenLock();
  if (!mac) { showDecision('Pick a lock first', 'deny'); return null; }
  const res = await fetch('/locks/' + encodeURIComponent(mac) + path, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const answer = await res.json();
  show(answer);
  if (!answer.ok) { showDecision(answer.msg || answer.message || 'refused', 'deny'); return null; }
  return answer;
}
async function tapLock(body) {
  const answer = await lockCall('/tap', body);
  if (answer) showDecision((answer.decision === 'open' ? 'OPEN' : 'DENIED') + ' — ' + (answer.reason || ''), answer.decision);
  refreshLocks();
}
async function syncLock() {
  showDecision('Syncing…');
  const operator = field('operator');
  const answer = await lockCall('/sync', operator ? { operator } : {});
  if (answer) showDecision('Synced: ' + answer.uploaded + ' records uploaded, ' + answer.duplicates + ' already known, ' +
    answer.learned.deleted_cards.length + ' deleted cards learned', 'open');
  refreshLocks();
}
document.getElementById('lock').addEventListener('change', refreshLocks);
refreshLocks();
call('GET', '/state');
setInterval(() => call('GET', '/state'), 2000);
</script></body></html>
`;
