// Throughput of the paths the gateway and the server run per card read and per API call. Prints plain lines.
// Each measurement runs for about one second; run with `pnpm --filter @lockdesk/protocol bench`.
import {
  decodeResponse,
  decryptEnvelope,
  type EncoderCommand,
  type EncoderResponse,
  encodeCommand,
  encodeResponse,
  encryptEnvelope,
  type Result,
} from '../src/index.js';

const BUDGET_MS = 1_000;

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`${result.code}: ${result.detail}`);
  return result.value;
}

/** Runs `op` in batches until the time budget is spent; returns operations per second. */
function measure(op: (i: number) => void, batch = 256): { ops: number; seconds: number } {
  for (let i = 0; i < batch * 4; i++) op(i); // warm-up, so the JIT has compiled op before the clock starts
  let ops = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < BUDGET_MS) {
    for (let i = 0; i < batch; i++) op(ops + i);
    ops += batch;
    elapsed = performance.now() - start;
  }
  return { ops, seconds: elapsed / 1000 };
}

function report(label: string, bytesPerOp: number, { ops, seconds }: { ops: number; seconds: number }): void {
  const perSecond = ops / seconds;
  const mbPerSecond = (perSecond * bytesPerOp) / 1_000_000;
  console.log(
    `${label.padEnd(44)} ${Math.round(perSecond).toLocaleString('en-US').padStart(12)} ops/s ${mbPerSecond.toFixed(2).padStart(9)} MB/s`,
  );
}

const responses: EncoderResponse[] = [
  { layout: 'ack', type: 0, command: 0x12, status: 0 },
  { layout: 'deviceInfo', type: 1, command: 0x01, status: 0, version: 0x0102, mac: 'A1B2C3D4E5F6' },
  { layout: 'card', type: 2, command: 0x10, status: 0, cardType: 0x08, cardNumber: '11223344' },
  { layout: 'card', type: 2, command: 0x10, status: 1, cardType: 0, cardNumber: '00000000' },
  {
    layout: 'blockData',
    type: 3,
    command: 0x13,
    status: 0,
    block: 54,
    dataHigh8: '0123456789ABCDEF',
    dataLow8: 'FEDCBA9876543210',
  },
  { layout: 'writeResult', type: 4, command: 0x14, status: 0, block: 4 },
  { layout: 'sound', type: 5, command: 0x03, status: 0, musicId: 1 },
  { layout: 'sectorData', type: 12, sector: 13, dataHigh8: '0011223344556677', dataLow8: '8899AABBCCDDEEFF' },
  { layout: 'sectorStatus', type: 12, sector: 13, status: 4 },
];
const frames = responses.map((r) => value(encodeResponse(r)));
const frameBytes = frames.reduce((sum, f) => sum + f.length, 0) / frames.length;

const commands: EncoderCommand[] = [
  { name: 'findCard' },
  { name: 'authenticate', block: 54, keyType: 'A', key: 'FFFFFFFFFFFF' },
  { name: 'readBlock', block: 54 },
  { name: 'writeBlock', block: 4, data: '000102030405060708090A0B0C0D0E0F' },
  { name: 'readSector', sector: 13, blockIndex: 2, keyType: 'B', key: 'A0A1A2A3A4A5' },
  { name: 'led', colour: 'green', durationMs: 600 },
  { name: 'beep', musicId: 1, count: 1 },
  { name: 'ejectCard' },
];
const commandBytes = commands.reduce((sum, c) => sum + value(encodeCommand(c)).length, 0) / commands.length;

let sink = 0; // consumed results, so no work is optimised away
console.log(`@lockdesk/protocol bench (node ${process.version}, ~${BUDGET_MS} ms per line)`);
report(
  `decode response frames (mix of ${frames.length})`,
  frameBytes,
  measure((i) => {
    const result = decodeResponse(frames[i % frames.length]!);
    sink += result.ok ? 1 : 0;
  }),
);
report(
  `encode command frames (mix of ${commands.length})`,
  commandBytes,
  measure((i) => {
    const result = encodeCommand(commands[i % commands.length]!);
    sink += result.ok ? result.value.length : 0;
  }),
);

for (const size of [1024, 64 * 1024]) {
  // A management API body of about `size` JSON bytes.
  const body = { action: 'manage', uid: 10001, rooms: 'x'.repeat(size - 40) };
  const plainBytes = JSON.stringify(body).length;
  const cipher = value(encryptEnvelope(body));
  const kb = `${Math.round(size / 1024)} KB`;
  report(
    `envelope encrypt ${kb}`,
    plainBytes,
    measure(
      () => {
        sink += value(encryptEnvelope(body)).length;
      },
      size > 4096 ? 4 : 64,
    ),
  );
  report(
    `envelope decrypt ${kb}`,
    plainBytes,
    measure(
      () => {
        sink += value(decryptEnvelope(cipher)) === undefined ? 0 : 1;
      },
      size > 4096 ? 4 : 64,
    ),
  );
}
if (sink === 0) console.log('(nothing measured)');
