// Issue 10 §5: the lock rule against the virtual lock. Every row of the protocol's decision table is replayed
// through the gateway's command line: an offline bench lock installed with the row's LockConfig, the row's card
// put on the simulated encoder, and `sim tap-lock --at <time>` whose one JSON line must be the row's decision.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { blankCard, exportDump } from '@lockdesk/protocol';
import {
  DECISION_CARD_UID,
  LOCK_DECISIONS,
  type LockDecisionRow,
  lockDecisionBlocks,
} from '@lockdesk/protocol/fixtures/lock-decisions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_CLI, GATEWAY_URLS, type StartedGateway, startGateway } from '../web/gateway-harness.js';
import { ROOT } from '../web/harness.js';

const MAC = 'A1B2C3D4E5F6';
const dumps = mkdtempSync(join(tmpdir(), 'lock-replay-'));

/** One run of the real CLI against the daemon on the fixed ports. */
function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [GATEWAY_CLI, 'sim', ...args], { cwd: ROOT }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** The body of a `POST /card` (what `sim place-card` sends) that puts the row's card on the encoder. */
function cardBody(row: LockDecisionRow): Record<string, unknown> {
  if (row.card.kind === 'issued') return { guest: row.card.content, uid: DECISION_CARD_UID };
  const blocks = lockDecisionBlocks(row.card);
  const card = blankCard('1K', DECISION_CARD_UID);
  if (!card.ok || !blocks) throw new Error(`row ${row.name}: no card`);
  // A block the reader cannot read is an unknown block of the dump (MCT writes dashes).
  const unknownMask = card.value.blocks.map(() => 0);
  for (const [block, hex] of Object.entries(blocks)) {
    if (hex === null) unknownMask[Number(block)] = 0xffff;
    else card.value.blocks[Number(block)] = Uint8Array.from(Buffer.from(hex, 'hex'));
  }
  const dump = exportDump({ ...card.value, unknownMask }, 'mct');
  if (!dump.ok) throw new Error(dump.detail);
  return { dump: dump.value, encoding: 'text', format: 'mct' };
}

/** A call to the simulator's control service, as the CLI makes it. */
async function control(method: string, path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${GATEWAY_URLS.simulator}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Record<string, unknown>;
}

let gateway: StartedGateway | undefined;

beforeAll(async () => {
  gateway = await startGateway({ consoleOrigin: 'http://127.0.0.1:8080', broker: 'none' });
});
afterAll(async () => {
  await gateway?.stop();
});

describe('the decision table replayed through the virtual lock command line', () => {
  it('has every row of the protocol table', () => {
    expect(LOCK_DECISIONS.length).toBeGreaterThanOrEqual(40);
  });

  it('installs an offline bench lock and puts a card on the encoder from the command line', async () => {
    const row = LOCK_DECISIONS[0]!;
    const installed = await cli('install-lock', '--mac', MAC, '--config', JSON.stringify(row.lock));
    expect(installed.code, installed.stderr).toBe(0);
    expect(JSON.parse(installed.stdout)).toMatchObject({ ok: true, lock: { mac_id: MAC, bench: true } });
    const file = join(dumps, 'external.mct');
    writeFileSync(file, String(cardBody(LOCK_DECISIONS.find((r) => r.reason === 'externalCard')!)['dump']));
    const placed = await cli('place-card', '--dump', file, '--format', 'mct');
    expect(placed.code, placed.stderr).toBe(0);
    const tapped = await cli('tap-lock', '--mac', 'a1:b2:c3:d4:e5:f6', '--at', String(row.now));
    expect(tapped).toEqual({ code: 0, stdout: '{"decision":"deny","reason":"externalCard"}\n', stderr: '' });
  });

  // One process per row: the lock and the card are set up over the control service (the CLI's own calls), the
  // decision is read from the command line.
  it.each(LOCK_DECISIONS.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    const expected = `${JSON.stringify({ decision: row.open ? 'open' : 'deny', reason: row.reason })}\n`;
    const installed = await control('POST', '/locks/install', { mac_id: MAC, config: row.lock });
    expect(installed).toMatchObject({ ok: true });
    const body = cardBody(row);
    if (lockDecisionBlocks(row.card) === null) {
      // Content the codec refuses cannot be written, so no such card ever reaches a door: the encoder refuses it.
      expect(row).toMatchObject({ open: false, reason: 'corruptedCard' });
      expect(await control('POST', '/card', body)).toMatchObject({ ok: false });
      return;
    }
    expect(await control('POST', '/card', body)).toMatchObject({ ok: true });
    const tapped = await cli('tap-lock', '--mac', MAC, '--at', String(row.now));
    expect(tapped.stderr).toBe('');
    expect(tapped.code).toBe(0);
    expect(tapped.stdout).toBe(expected);
  });
});
