import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  bridgeBrokerUrl,
  bridgeDeviceId,
  CONFIG_FIELDS,
  ConfigError,
  defaultConfig,
  readConfigFile,
  resolveConfig,
  SIMULATED_DEVICE_MAC,
} from './config.js';

describe('gateway configuration', () => {
  it('defaults to the fixed ports, the encoder ids and the console origins', () => {
    const config = resolveConfig();
    expect(config).toMatchObject({
      transport: 'hid',
      host: '127.0.0.1',
      readerPort: 13570,
      rawPort: 13571,
      websocketPort: 39002,
      hid: { vendorId: 1047, productId: 32800 },
      allowedDevices: [{ vendorId: 1047, productId: 32800 }],
      embeddedBroker: { enabled: false, tcpPort: 11883, wsPort: 8083, tlsPort: 8084 },
    });
    expect(config.allowedOrigins).toEqual([
      'http://127.0.0.1:8080',
      'http://localhost:8080',
      'http://127.0.0.1:5173',
      'http://localhost:5173',
    ]);
  });

  it('reads the gateway server and the virtual locks settings from the environment and refuses a server that is not http(s)', () => {
    const config = resolveConfig({
      env: {
        LOCKDESK_GW_SERVER_URL: 'http://127.0.0.1:40123/ignored/path',
        LOCKDESK_GW_SIM_LOCKS: '/srv/data/virtual-locks.json',
        LOCKDESK_GW_SIM_LOCK_STATE: '/srv/gateway/locks.json',
      },
    });
    // The server is the gateway's (the embedded broker asks it about clients), not only the virtual locks'.
    expect(config.serverUrl).toBe('http://127.0.0.1:40123');
    expect(config.simulator).toMatchObject({
      locksSheet: '/srv/data/virtual-locks.json',
      lockStateFile: '/srv/gateway/locks.json',
    });
    expect(resolveConfig().serverUrl).toBe('http://127.0.0.1:8080');
    expect(resolveConfig().simulator).toMatchObject({ locksSheet: null });
    // An empty value: no server, so the embedded broker admits nobody but the gateway's own bridge.
    expect(resolveConfig({ env: { LOCKDESK_GW_SERVER_URL: '' } }).serverUrl).toBeNull();
    expect(() => resolveConfig({ env: { LOCKDESK_GW_SERVER_URL: 'mqtt://127.0.0.1:1883' } })).toThrow(
      /LOCKDESK_GW_SERVER_URL: expected a URL starting with http/,
    );
    expect(() => resolveConfig({ file: { serverUrl: 'nonsense' } })).toThrow(ConfigError);
  });

  it('checks the embedded broker credential recheck interval (30 s by default)', () => {
    expect(resolveConfig().embeddedBroker.recheckSeconds).toBe(30);
    expect(
      resolveConfig({ env: { LOCKDESK_GW_BROKER_RECHECK_SECONDS: '5' } }).embeddedBroker.recheckSeconds,
    ).toBe(5);
    expect(() => resolveConfig({ env: { LOCKDESK_GW_BROKER_RECHECK_SECONDS: '0' } })).toThrow(
      /LOCKDESK_GW_BROKER_RECHECK_SECONDS: expected a number of seconds from 1 to 86400/,
    );
    expect(() => resolveConfig({ file: { embeddedBroker: { recheckSeconds: 'often' } } })).toThrow(
      /"embeddedBroker.recheckSeconds" in the configuration: expected a whole number/,
    );
  });

  it('layers file, environment and flags, the later winning', () => {
    const config = resolveConfig({
      file: { readerPort: 1000, deviceId: 'aabbccddeeff', broker: { url: 'mqtt://127.0.0.1:1883' } },
      env: {
        LOCKDESK_GW_READER_PORT: '2000',
        LOCKDESK_GW_ALLOWED_ORIGINS: 'http://a.test:1, http://b.test:2',
      },
      flags: { readerPort: '3000', transport: 'simulated', 'embeddedBroker.enabled': true },
    });
    expect(config.readerPort).toBe(3000);
    expect(config.deviceId).toBe('AABBCCDDEEFF');
    expect(config.broker.url).toBe('mqtt://127.0.0.1:1883');
    expect(config.allowedOrigins).toEqual(['http://a.test:1', 'http://b.test:2']);
    expect(config.transport).toBe('simulated');
    expect(config.embeddedBroker.enabled).toBe(true);
  });

  it('reads allowed devices from the environment as vid:pid pairs', () => {
    const config = resolveConfig({ env: { LOCKDESK_GW_ALLOWED_DEVICES: '1047:32800, 1155:22352' } });
    expect(config.allowedDevices).toEqual([
      { vendorId: 1047, productId: 32800 },
      { vendorId: 1155, productId: 22352 },
    ]);
  });

  it.each([
    [
      { env: { LOCKDESK_GW_READER_PORT: 'abc' } },
      /environment variable LOCKDESK_GW_READER_PORT: expected a whole number/,
    ],
    [{ env: { LOCKDESK_GW_READER_PORT: '70000' } }, /expected a port number from 0 to 65535/],
    [
      { file: { deviceId: 'xyz' } },
      /"deviceId" in the configuration: expected 12 hex characters \(invalid device ID format\)/,
    ],
    [{ file: { host: '0.0.0.0' } }, /expected a loopback address/],
    [{ env: { LOCKDESK_GW_BROKER_URL: 'http://x' } }, /a URL starting with mqtt:\/\//],
    [{ file: { readrPort: 1 } }, /Unknown setting "readrPort"/],
    [{ file: { broker: { ulr: 'x' } } }, /Unknown setting "broker.ulr"/],
    [{ file: { allowedOrigins: ['http://ok.test', 'not a url'] } }, /origins like http:\/\/host:port/],
    [{ file: { embeddedBroker: { certFile: '/tmp/c.pem' } } }, /certFile and keyFile must be given together/],
    [{ env: { LOCKDESK_GW_LOG_LEVEL: 'loud' } }, /one of fatal, error/],
    [{ env: { LOCKDESK_GW_EMBEDDED_BROKER: 'maybe' } }, /true or false/],
  ])('stops with one clear message for a bad value (%#)', (sources, message) => {
    expect(() => resolveConfig(sources)).toThrow(ConfigError);
    expect(() => resolveConfig(sources)).toThrow(message);
  });

  it('names every setting with an environment variable of its own', () => {
    const names = CONFIG_FIELDS.map((f) => f.env);
    expect(new Set(names).size).toBe(names.length);
    expect(names.every((n) => n.startsWith('LOCKDESK_GW_'))).toBe(true);
  });

  it('reads a JSON config file and refuses a broken one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gw-config-'));
    const good = join(dir, 'good.json');
    writeFileSync(good, JSON.stringify({ websocketPort: 39003 }));
    expect(resolveConfig({ file: readConfigFile(good), fileName: good }).websocketPort).toBe(39003);
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{ websocketPort: ');
    expect(() => readConfigFile(bad)).toThrow(/is not valid JSON/);
    expect(() => readConfigFile(join(dir, 'missing.json'))).toThrow(/Cannot read config file/);
  });

  it('runs the bridge on the embedded broker and the simulated device id when nothing else is given', () => {
    const simulated = { ...defaultConfig(), transport: 'simulated' as const };
    expect(bridgeDeviceId(simulated)).toBe(SIMULATED_DEVICE_MAC);
    expect(bridgeDeviceId(defaultConfig())).toBeNull();
    const embedded = { ...simulated, embeddedBroker: { ...simulated.embeddedBroker, enabled: true } };
    expect(bridgeBrokerUrl(embedded, 11883)).toBe('mqtt://127.0.0.1:11883');
    expect(bridgeBrokerUrl(simulated, 11883)).toBeNull();
  });
});
