/**
 * The production shape on paper: docker-compose.yml, the two Dockerfiles, .env.example and the proxy's and broker's
 * configs, checked without Docker (there is no daemon here). What a real engine would refuse is checked with the
 * engines this machine has: `haproxy -c` on the proxy config, a Mosquitto started on the broker config, and
 * `docker compose config` when the compose plugin exists.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import mqtt from 'mqtt';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { dynsecMissing, startDynsecMosquitto } from '../broker/dynsec-mosquitto.js';
import { freePort } from '../web/gateway-harness.js';
import { selfSignedCertificate } from './harness.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

type Service = {
  image?: string;
  build?: { context: string; dockerfile: string };
  profiles?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  ports?: string[];
  expose?: string[];
  healthcheck?: { test: string[] | string };
  depends_on?: Record<string, { condition: string }>;
  deploy?: { replicas?: string | number };
  stop_grace_period?: string;
  restart?: string;
  command?: string[] | string;
  devices?: string[];
};
type Compose = { version?: unknown; services: Record<string, Service>; volumes: Record<string, unknown> };

const composeText = read('docker-compose.yml');
const compose = parse(composeText) as Compose;
const services = compose.services;

/** `NAME=value` lines of .env.example (comments and blank lines left out). */
function envExample(): Map<string, string> {
  const vars = new Map<string, string>();
  for (const line of read('.env.example').split('\n')) {
    const m = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (m) vars.set(m[1] as string, m[2] as string);
  }
  return vars;
}

/** Every `${…}` expression of a text, with its variable name and operator (`:?`, `:-`, … or none). */
function references(text: string): { name: string; op: string; arg: string; raw: string }[] {
  const found = [];
  for (const m of text.replaceAll('$$', '').matchAll(/\$\{([^}]*)\}/g)) {
    const inner = m[1] as string;
    const parts = /^([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])(.*))?$/.exec(inner);
    if (!parts) throw new Error(`not a compose interpolation: ${m[0]}`);
    found.push({ name: parts[1] as string, op: parts[2] ?? '', arg: parts[3] ?? '', raw: m[0] });
  }
  return found;
}

/** The compose file's interpolation (Compose Specification): what `docker compose config` does first. */
function interpolate(text: string, env: Map<string, string>): string {
  return text
    .replace(/\$\{([^}]*)\}/g, (whole, inner: string) => {
      const [ref] = references(whole);
      if (!ref) throw new Error(`bad interpolation ${inner}`);
      const value = env.get(ref.name);
      const set = value !== undefined;
      const nonEmpty = set && value !== '';
      switch (ref.op) {
        case ':-':
          return nonEmpty ? value : ref.arg;
        case '-':
          return set ? value : ref.arg;
        case ':?':
          if (!nonEmpty) throw new Error(`required variable ${ref.name} is missing a value: ${ref.arg}`);
          return value;
        case '?':
          if (!set) throw new Error(`required variable ${ref.name} is missing: ${ref.arg}`);
          return value;
        case ':+':
          return nonEmpty ? ref.arg : '';
        case '+':
          return set ? ref.arg : '';
        default:
          return value ?? '';
      }
    })
    .replaceAll('$$', '$');
}

/** .env.example with its empty secrets filled as an operator would. */
function filledEnv(): Map<string, string> {
  const env = envExample();
  env.set('POSTGRES_PASSWORD', 'a1'.repeat(24));
  env.set('LOCKDESK_SECRET_KEY', 'b2'.repeat(32));
  env.set('LOCKDESK_DES_KEY', '3c4d5e6f');
  env.set('LOCKDESK_DES_IV', '7a8b9c0d');
  env.set('LOCKDESK_BROKER_ADMIN_PASSWORD', 'c3'.repeat(24));
  env.set('LOCKDESK_CONSOLE_ORIGIN', 'https://lockdesk.example.com');
  return env;
}

interface Stage {
  name: string;
  from: string;
  instructions: { op: string; args: string }[];
}

/** A Dockerfile's stages and instructions (continuation lines joined, comments dropped). */
function dockerfileStages(path: string): Stage[] {
  const lines = read(path)
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const stages: Stage[] = [];
  for (const line of lines) {
    const [op = '', ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    if (op.toUpperCase() === 'FROM') {
      const m = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args);
      stages.push({ from: m?.[1] ?? '', name: m?.[2] ?? String(stages.length), instructions: [] });
    } else if (op.toUpperCase() !== 'ARG' || stages.length > 0) {
      stages.at(-1)?.instructions.push({ op: op.toUpperCase(), args });
    }
  }
  return stages;
}

/** The sources of a COPY/ADD that reads the build context (not `--from=` another stage). */
function contextSources(args: string): string[] {
  const words = args.split(/\s+/);
  if (words.some((w) => w.startsWith('--from='))) return [];
  const paths = words.filter((w) => !w.startsWith('--'));
  return paths.slice(0, -1);
}

function binary(...candidates: string[]): string | null {
  for (const c of candidates) {
    if (c.includes('/') ? existsSync(c) : spawnSync('which', [c]).status === 0) return c;
  }
  return null;
}

const HAPROXY = binary('/usr/sbin/haproxy', 'haproxy');
const MOSQUITTO = binary('/usr/sbin/mosquitto', 'mosquitto');
const DOCKER_COMPOSE = binary('docker') !== null && spawnSync('docker', ['compose', 'version']).status === 0;

describe('docker-compose.yml', () => {
  it("follows the Compose Specification (no version key) with the five services and the broker's one-shot init, gateway under a profile", () => {
    expect(compose.version).toBeUndefined();
    expect(Object.keys(services).sort()).toEqual([
      'gateway',
      'mosquitto',
      'mosquitto-init',
      'postgres',
      'proxy',
      'server',
    ]);
    expect(services['postgres']?.image).toBe('postgres:16');
    expect(services['mosquitto']?.image).toBe('eclipse-mosquitto:2');
    expect(services['proxy']?.image).toBe('haproxy:2.8');
    expect(services['server']?.build).toEqual({ context: '.', dockerfile: 'server/Dockerfile' });
    expect(services['gateway']?.build).toEqual({ context: '.', dockerfile: 'gateway/Dockerfile' });
    expect(services['gateway']?.profiles).toEqual(['gateway']);
    for (const [name, s] of Object.entries(services)) {
      if (name !== 'gateway') expect(s.profiles, name).toBeUndefined();
    }
  });

  it('gives every long-running service a health check, and starts replicas and proxy only on healthy parts', () => {
    for (const [name, s] of Object.entries(services)) {
      if (s.restart === 'no') continue; // a one-shot (mosquitto-init): it exits, it is not checked
      expect(s.healthcheck?.test, `${name} healthcheck`).toBeDefined();
      expect(JSON.stringify(s.healthcheck?.test), name).not.toMatch(/"NONE"/);
    }
    const server = services['server'] as Service;
    expect(server.deploy?.replicas).toBe(`\${LOCKDESK_REPLICAS:-3}`);
    expect(server.depends_on?.['postgres']?.condition).toBe('service_healthy');
    expect(server.stop_grace_period).toMatch(/^\d+s$/);
    expect(server.environment?.['HOST']).toBe('0.0.0.0');
    expect(JSON.stringify(server.healthcheck?.test)).toContain('/health');
    expect(services['proxy']?.depends_on?.['server']?.condition).toBe('service_healthy');
    expect(services['proxy']?.depends_on?.['mosquitto']?.condition).toBe('service_healthy');
    // The replicas manage the broker's clients: they start on a healthy broker.
    expect(server.depends_on?.['mosquitto']?.condition).toBe('service_healthy');
  });

  it("initialises the broker's dynamic security once, before it starts, and gives no anonymous client a way in", () => {
    const init = services['mosquitto-init'] as Service;
    expect(init.image).toBe(services['mosquitto']?.image);
    expect(init.restart).toBe('no');
    expect(services['mosquitto']?.depends_on?.['mosquitto-init']?.condition).toBe(
      'service_completed_successfully',
    );
    const command = JSON.stringify(init.command);
    expect(command).toContain('mosquitto_ctrl dynsec init /mosquitto/data/dynamic-security.json');
    // Made once: an existing file (with every credential the server created) is kept.
    expect(command).toContain('test -f /mosquitto/data/dynamic-security.json ||');
    expect(init.volumes).toContain('mosquitto-data:/mosquitto/data');
    const conf = read('deploy/mosquitto/mosquitto.conf');
    expect(conf).toMatch(/^allow_anonymous false$/m);
    expect(conf).not.toMatch(/^allow_anonymous true$/m);
    expect(conf).not.toMatch(/^acl_file/m);
    expect(conf).toMatch(/^plugin \/usr\/lib\/mosquitto_dynamic_security\.so$/m);
    expect(conf).toMatch(/^plugin_opt_config_file \/mosquitto\/data\/dynamic-security\.json$/m);
    expect(existsSync(join(ROOT, 'deploy/mosquitto/acl'))).toBe(false);
    // The healthcheck logs in (anonymous clients are refused); the replicas are the dynsec admin.
    expect(JSON.stringify(services['mosquitto']?.healthcheck?.test)).toContain('-u');
    const env = services['server']?.environment ?? {};
    expect(env['LOCKDESK_BROKER_ADMIN_URL']).toBe('mqtt://mosquitto:1883');
    expect(env['LOCKDESK_BROKER_ADMIN_USERNAME']).toBe(init.environment?.['LOCKDESK_BROKER_ADMIN_USERNAME']);
    expect(env['LOCKDESK_BROKER_ADMIN_PASSWORD']).toBe(init.environment?.['LOCKDESK_BROKER_ADMIN_PASSWORD']);
    // The gateway profile logs in with its encoder's credential.
    const gw = services['gateway']?.environment ?? {};
    expect(gw['LOCKDESK_GW_BROKER_USERNAME']).toBe(`\${LOCKDESK_GW_BROKER_USERNAME:-}`);
    expect(gw['LOCKDESK_GW_BROKER_PASSWORD']).toBe(`\${LOCKDESK_GW_BROKER_PASSWORD:-}`);
    // The proxy knows the console's origin (its wss refuses other web pages).
    expect(services['proxy']?.environment?.['LOCKDESK_CONSOLE_ORIGIN']).toMatch(
      /^\$\{LOCKDESK_CONSOLE_ORIGIN:\?/,
    );
  });

  it('keeps PostgreSQL and the broker on named volumes', () => {
    const named = (s: Service, target: string) =>
      (s.volumes ?? []).some((v) => {
        const [source = '', path] = v.split(':');
        return path === target && !/^[./~$]/.test(source) && source in (compose.volumes ?? {});
      });
    expect(named(services['postgres'] as Service, '/var/lib/postgresql/data')).toBe(true);
    expect(named(services['mosquitto'] as Service, '/mosquitto/data')).toBe(true);
  });

  it("publishes the proxy's 443 and 8084 only, on a configurable address", () => {
    for (const [name, s] of Object.entries(services)) {
      if (name !== 'proxy') expect(s.ports, `${name} publishes nothing`).toBeUndefined();
    }
    const ports = services['proxy']?.ports ?? [];
    expect(ports).toHaveLength(2);
    const published = interpolate(ports.join('\n'), filledEnv()).split('\n');
    expect(published).toEqual(['0.0.0.0:443:8443', '0.0.0.0:8084:8084']);
    const local = new Map([...filledEnv(), ['LOCKDESK_PUBLISH_ADDRESS', '127.0.0.1']]);
    expect(interpolate(ports.join('\n'), local)).not.toContain('0.0.0.0');
  });

  it('writes no secret value: each secret is a required VAR:? reference (an error when unset), listed in .env.example', () => {
    const listed = envExample();
    const refs = references(composeText);
    for (const ref of refs) expect(listed.has(ref.name), `${ref.name} in .env.example`).toBe(true);
    const required = new Set(refs.filter((r) => r.op === ':?').map((r) => r.name));
    // Each required secret: an error when unset, and empty in .env.example, so no deployment runs on a published one.
    for (const name of [
      'POSTGRES_PASSWORD',
      'LOCKDESK_DES_KEY',
      'LOCKDESK_DES_IV',
      'LOCKDESK_SECRET_KEY',
      'LOCKDESK_BROKER_ADMIN_PASSWORD',
      'LOCKDESK_CONSOLE_ORIGIN',
    ]) {
      expect(required.has(name), `${name} required`).toBe(true);
      expect(listed.get(name), `${name} empty in .env.example`).toBe('');
    }
    for (const [name, s] of Object.entries(services)) {
      for (const [key, value] of Object.entries(s.environment ?? {})) {
        if (/PASSWORD|SECRET|_KEY$|_IV$/.test(key))
          expect(String(value), `${name}.${key}`).toMatch(
            // Required everywhere; the gateway profile's own credential may be empty (compose reads the whole file
            // also when the profile is off; the gateway then says its broker refused it).
            name === 'gateway' ? /^\$\{[A-Z0-9_]+:-\}$/ : /^(\$\{[A-Z0-9_]+:\?[^}]*\})?$/,
          );
      }
    }
    // The database URL carries the password only as the reference.
    expect(services['server']?.environment?.['DATABASE_URL']).toMatch(
      /^postgres:\/\/lockdesk:\$\{POSTGRES_PASSWORD:\?[^}]*\}@postgres:5432\/lockdesk$/,
    );
    // Nothing that looks like a key (long hex) or the built-in envelope pair is written in the file.
    const literal = composeText.replace(/\$\{[^}]*\}/g, '');
    expect(literal).not.toMatch(/[0-9a-f]{16,}/i);
    expect(literal).not.toContain('LkDsk#');
  });

  it('interpolates like `docker compose config`: refuses a missing secret, resolves with .env filled', () => {
    expect(() => interpolate(composeText, envExample())).toThrow(/POSTGRES_PASSWORD/);
    const resolved = parse(interpolate(composeText, filledEnv())) as Compose;
    expect(Number(resolved.services['server']?.deploy?.replicas)).toBe(3);
    expect(resolved.services['server']?.environment?.['DATABASE_URL']).toBe(
      `postgres://lockdesk:${'a1'.repeat(24)}@postgres:5432/lockdesk`,
    );
    expect(resolved.services['server']?.environment?.['LOCKDESK_SECRET_KEY']).toMatch(/^[0-9a-f]{64}$/);
  });

  it(
    DOCKER_COMPOSE
      ? 'passes `docker compose config -q` with .env.example filled'
      : '`docker compose config -q`: the compose plugin is not installed here, so the file was parsed and interpolated above instead',
    () => {
      if (!DOCKER_COMPOSE) {
        console.log('docker compose is not installed: `docker compose config` did not run');
        expect(spawnSync('docker', ['compose', 'version']).status).not.toBe(0);
        return;
      }
      const dir = mkdtempSync(join(tmpdir(), 'lockdesk-compose-'));
      try {
        const envFile = join(dir, '.env');
        writeFileSync(envFile, [...filledEnv()].map(([k, v]) => `${k}=${v}`).join('\n'));
        const run = spawnSync(
          'docker',
          ['compose', '--env-file', envFile, '-f', join(ROOT, 'docker-compose.yml'), 'config', '-q'],
          { encoding: 'utf8' },
        );
        expect(run.stderr).toBe('');
        expect(run.status).toBe(0);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it('mounts configuration that exists and agrees with it: proxy env names, server name and port, broker port', () => {
    for (const s of Object.values(services)) {
      for (const v of s.volumes ?? []) {
        const source = v.split(':')[0] as string;
        if (source.startsWith('./')) expect(existsSync(join(ROOT, source)), source).toBe(true);
      }
    }
    const cfg = read('deploy/haproxy/haproxy.cfg');
    const proxyEnv = services['proxy']?.environment ?? {};
    for (const name of [
      'LOCKDESK_HTTPS_BIND',
      'LOCKDESK_WSS_BIND',
      'LOCKDESK_TLS_PEM',
      'LOCKDESK_BROKER_WS',
      'LOCKDESK_STATS_SOCKET',
      'LOCKDESK_CONSOLE_ORIGIN',
    ]) {
      expect(cfg, name).toContain(`"\${${name}}"`);
      expect(proxyEnv[name], name).toBeTruthy();
    }
    // The replicas the proxy resolves are the compose service, on the port it exposes.
    const servers = /# >>> servers\n([\s\S]*?)# <<< servers/.exec(cfg)?.[1] ?? '';
    expect(servers).toMatch(/server-template \S+ \d+-\d+ server:8080 /);
    expect(services['server']?.expose).toContain('8080');
    expect(services['server']?.environment?.['PORT']).toBe('8080');
    // The proxy's wss goes to the broker's WebSocket listener.
    const [host, port] = String(proxyEnv['LOCKDESK_BROKER_WS']).split(':');
    expect(host).toBe('mosquitto');
    expect(read('deploy/mosquitto/mosquitto.conf')).toMatch(
      new RegExp(`^listener ${port}\\nprotocol websockets$`, 'm'),
    );
    // The proxy binds inside the ports it publishes.
    expect(proxyEnv['LOCKDESK_HTTPS_BIND']).toBe(':8443');
    expect(proxyEnv['LOCKDESK_WSS_BIND']).toBe(':8084');
  });
});

describe('Dockerfiles', () => {
  const packages = new Set(
    ['protocol', 'gateway', 'server', 'web', 'tests'].map(
      (p) => (JSON.parse(read(`${p}/package.json`)) as { name: string }).name,
    ),
  );

  for (const [path, pkg] of [
    ['server/Dockerfile', 'server'],
    ['gateway/Dockerfile', 'gateway'],
  ] as const) {
    it(`${path}: multi-stage, non-root at run time, copies only what the repository holds, no .env`, () => {
      const stages = dockerfileStages(path);
      expect(stages.length).toBeGreaterThanOrEqual(2);
      for (const s of stages) expect(s.from).toMatch(/^(node:20-bookworm-slim|\$\{NODE_IMAGE\})$/);
      expect(read(path)).toMatch(/^ARG NODE_IMAGE=node:20-bookworm-slim$/m);
      const final = stages.at(-1) as Stage;
      const user = final.instructions.filter((i) => i.op === 'USER').at(-1)?.args;
      expect(user).toBeDefined();
      expect(user).not.toMatch(/^(root|0)(:|$)/);
      // The final stage builds nothing.
      const runs = final.instructions.filter((i) => i.op === 'RUN').map((i) => i.args);
      for (const tool of ['g++', 'make', 'python3', 'pnpm install', 'npm install'])
        expect(runs.join('\n'), tool).not.toContain(tool);
      expect(final.instructions.some((i) => i.op === 'HEALTHCHECK')).toBe(true);
      for (const s of stages) {
        for (const i of s.instructions.filter((x) => x.op === 'COPY' || x.op === 'ADD')) {
          for (const source of contextSources(i.args)) {
            expect(source, 'no .env in an image').not.toMatch(/(^|\/)\.env/);
            expect(existsSync(join(ROOT, source)), `${path}: ${source} exists`).toBe(true);
          }
        }
        // Stages copied from exist.
        for (const i of s.instructions.filter((x) => x.op === 'COPY')) {
          const from = /--from=(\S+)/.exec(i.args)?.[1];
          if (from) expect(stages.map((x) => x.name)).toContain(from);
        }
        // pnpm filters name real workspace packages.
        for (const i of s.instructions.filter((x) => x.op === 'RUN')) {
          for (const m of i.args.matchAll(/--filter (@[\w/-]+?)(\.\.\.)?(\s|$)/g))
            expect(packages, m[1]).toContain(m[1]);
        }
      }
      // The command runs the package's own bin, built where tsc puts it.
      const manifest = JSON.parse(read(`${pkg}/package.json`)) as { bin: Record<string, string> };
      const bin = Object.values(manifest.bin)[0]?.replace(/^\.\//, '');
      expect(bin).toBe('dist/cli.js');
      expect(JSON.parse(read(`${pkg}/tsconfig.build.json`)).compilerOptions.outDir).toBe('dist');
      const cmd = final.instructions.find((i) => i.op === 'CMD')?.args ?? '';
      expect(JSON.parse(cmd)[1]).toBe(bin);
    });
  }

  it('server/Dockerfile: holds the built console at LOCKDESK_WEB_DIST, exposes 8080, starts the server', () => {
    const final = dockerfileStages('server/Dockerfile').at(-1) as Stage;
    const env = final.instructions
      .filter((i) => i.op === 'ENV')
      .map((i) => i.args)
      .join(' ');
    const webDist = /LOCKDESK_WEB_DIST=(\S+)/.exec(env)?.[1];
    expect(webDist).toBeDefined();
    const copies = final.instructions.filter((i) => i.op === 'COPY').map((i) => i.args);
    expect(copies).toContain(`--from=build /src/web/dist/ ${webDist}/`);
    // web's vite build writes web/dist.
    expect(read('web/vite.config.ts')).toMatch(/outDir: 'dist'/);
    expect(final.instructions.find((i) => i.op === 'EXPOSE')?.args).toBe('8080');
    expect(JSON.parse(final.instructions.find((i) => i.op === 'CMD')?.args ?? '[]')).toEqual([
      'node',
      'dist/cli.js',
      'start',
    ]);
  });

  it('gateway/Dockerfile: libusb at run time, node-hid installed in the build stage', () => {
    const stages = dockerfileStages('gateway/Dockerfile');
    const runsOf = (s: Stage | undefined) =>
      (s?.instructions ?? [])
        .filter((i) => i.op === 'RUN')
        .map((i) => i.args)
        .join('\n');
    expect(runsOf(stages.at(-1))).toContain('libusb-1.0-0');
    expect(runsOf(stages[0])).toMatch(/pnpm --filter @lockdesk\/gateway deploy --prod/);
    expect(JSON.parse(read('gateway/package.json')).dependencies['node-hid']).toBeDefined();
  });

  it('.dockerignore keeps .env, node_modules and builds out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const pattern of ['.env', '**/node_modules', '**/dist']) expect(ignored).toContain(pattern);
  });
});

describe('the engines accept the configs', () => {
  it(
    HAPROXY
      ? 'deploy/haproxy/haproxy.cfg passes `haproxy -c` with test addresses and a self-signed certificate'
      : 'deploy/haproxy/haproxy.cfg: haproxy is NOT installed, `haproxy -c` did not run (apt-get install haproxy)',
    async () => {
      if (!HAPROXY) {
        console.log('haproxy is not installed: deploy/haproxy/haproxy.cfg was not checked by haproxy -c');
        expect(existsSync('/usr/sbin/haproxy')).toBe(false);
        return;
      }
      const dir = mkdtempSync(join(tmpdir(), 'lockdesk-haproxy-'));
      try {
        writeFileSync(join(dir, 'lockdesk.pem'), selfSignedCertificate(dir).pem);
        const env = {
          ...process.env,
          LOCKDESK_HTTPS_BIND: `127.0.0.1:${await freePort()}`,
          LOCKDESK_WSS_BIND: `127.0.0.1:${await freePort()}`,
          LOCKDESK_TLS_PEM: join(dir, 'lockdesk.pem'),
          LOCKDESK_BROKER_WS: `127.0.0.1:${await freePort()}`,
          LOCKDESK_STATS_SOCKET: join(dir, 'admin.sock'),
          LOCKDESK_CONSOLE_ORIGIN: 'https://lockdesk.example.com',
        };
        const check = spawnSync(HAPROXY, ['-c', '-f', join(ROOT, 'deploy/haproxy/haproxy.cfg')], {
          env,
          encoding: 'utf8',
        });
        expect(check.status, check.stdout + check.stderr).toBe(0);
        expect(check.stdout + check.stderr).toMatch(/Configuration file is valid/);
        // Without its certificate the same file is refused: the check above is a real one.
        const refused = spawnSync(HAPROXY, ['-c', '-f', join(ROOT, 'deploy/haproxy/haproxy.cfg')], {
          env: { ...env, LOCKDESK_TLS_PEM: join(dir, 'missing.pem') },
          encoding: 'utf8',
        });
        expect(refused.status).not.toBe(0);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it(
    dynsecMissing().length === 0
      ? 'deploy/mosquitto/mosquitto.conf runs in Mosquitto (listeners moved to loopback, dynsec initialised): no anonymous client, the admin on MQTT and WebSocket'
      : `deploy/mosquitto/mosquitto.conf: ${dynsecMissing().join(', ')} NOT installed, the broker config did not run (apt-get install mosquitto mosquitto-clients)`,
    async () => {
      const missing = dynsecMissing();
      if (missing.length > 0) {
        console.log(`the broker config was not started: ${missing.join(', ')} missing`);
        if (missing.includes('mosquitto')) expect(MOSQUITTO).toBeNull();
        return;
      }
      const broker = await startDynsecMosquitto();
      const clients: mqtt.MqttClient[] = [];
      try {
        const connect = async (url: string, auth?: { username: string; password: string }) => {
          const client = await mqtt.connectAsync(url, { reconnectPeriod: 0, connectTimeout: 5_000, ...auth });
          clients.push(client);
          return client;
        };
        const refusedWith = (url: string) =>
          connect(url).then(
            () => 0,
            (e: { code?: number }) => e.code ?? -1,
          );
        // No anonymous client, over MQTT (gateways) or WebSocket (the proxy's wss).
        expect(await refusedWith(broker.url)).toBe(5);
        expect(await refusedWith(broker.wsUrl)).toBe(5);
        // The dynsec admin made by `mosquitto_ctrl dynsec init` logs in on both: a command sent over WebSocket is
        // answered by the plugin to its subscription over MQTT (the plugin is loaded and manages the broker).
        const tcp = await connect(broker.url, broker.admin);
        const ws = await connect(broker.wsUrl, broker.admin);
        const responses = '$CONTROL/dynamic-security/v1/response';
        expect((await tcp.subscribeAsync(responses, { qos: 1 }))[0]?.qos).toBe(1);
        const received = new Promise<string>((done) => tcp.once('message', (_t, p) => done(p.toString())));
        await ws.publishAsync(
          '$CONTROL/dynamic-security/v1',
          JSON.stringify({ commands: [{ command: 'getDefaultACLAccess', correlationData: 'probe' }] }),
          { qos: 1 },
        );
        expect(JSON.parse(await received)).toMatchObject({
          responses: [{ command: 'getDefaultACLAccess', correlationData: 'probe' }],
        });
      } finally {
        await Promise.all(clients.map((c) => c.endAsync(true)));
        await broker.close();
      }
    },
  );
});
