// `pnpm start`: the whole product on embedded defaults — the server (API + console, PGlite, demo data on first
// start) and the gateway (simulated encoder, embedded MQTT broker) — until Ctrl+C.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// The server's data dir (relative to the root, as the server's cwd is the root); LOCKDESK_DATA_DIR moves it.
const dataDir = process.env.LOCKDESK_DATA_DIR || '.data/server';
// The console is served by the server; the gateway admits exactly that origin (its browser guard refuses every
// other page), so a changed PORT or HOST moves both together. An explicit LOCKDESK_GW_ALLOWED_ORIGINS wins.
const port = process.env.PORT || '8080';
const host = process.env.HOST || '127.0.0.1';
const serverOrigin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
// The virtual locks call the server from this machine: a server listening on every address is reached on loopback.
const lockServerOrigin = host === '0.0.0.0' || host === '::' ? `http://127.0.0.1:${port}` : serverOrigin;
const loopbackNames = host === '127.0.0.1' || host === 'localhost' ? ['127.0.0.1', 'localhost'] : [];
const consoleOrigins =
  loopbackNames.length > 0 ? loopbackNames.map((name) => `http://${name}:${port}`) : [serverOrigin];
const children = [
  {
    name: 'server',
    args: ['server/dist/cli.js', 'start', '--demo', '--data-dir', dataDir, '--port', port, '--host', host],
    env: process.env,
  },
  {
    name: 'gateway',
    args: ['gateway/dist/cli.js', '--simulate', '--embedded-broker'],
    env: {
      ...process.env,
      LOCKDESK_GW_ALLOWED_ORIGINS: process.env.LOCKDESK_GW_ALLOWED_ORIGINS || consoleOrigins.join(','),
      // The gateway's server: its embedded broker asks it about the console's broker credentials (the remote reader
      // logs in with the operator's, issue 19), and the virtual locks (issue 10) sync with it. They install
      // themselves from the installer's sheet the server writes into its data dir on a demo start (re-read on change).
      LOCKDESK_GW_SERVER_URL: process.env.LOCKDESK_GW_SERVER_URL || lockServerOrigin,
      LOCKDESK_GW_SIM_LOCKS:
        process.env.LOCKDESK_GW_SIM_LOCKS || resolve(root, dataDir, 'virtual-locks.json'),
    },
  },
];

let stopping = false;
const running = children.map(({ name, args, env }) => {
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  const prefix = (stream, out) => {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) out.write(`[${name}] ${line}\n`);
    });
  };
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`[${name}] stopped (${signal ?? `exit code ${code}`}); stopping LockDesk`);
    stop(code === 0 ? 1 : (code ?? 1));
  });
  return child;
});

function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of running) if (child.exitCode === null) child.kill('SIGTERM');
  const deadline = setTimeout(() => {
    for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
    process.exit(code);
  }, 5000);
  deadline.unref();
  Promise.all(running.map((c) => (c.exitCode === null ? new Promise((r) => c.on('exit', r)) : null))).then(
    () => process.exit(code),
  );
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
