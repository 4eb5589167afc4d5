import type { FastifyInstance } from 'fastify';
import type { VirtualLocks } from './locks.js';

/**
 * The virtual locks' control routes on the simulator's service (contract F). Every answer is JSON with `ok`;
 * a refusal is `ok: false` with `error` (a code) and `msg`, never an exception: the daemon must survive any body.
 */
const SHEET_WAIT_MS = 2_000;

export function registerLockRoutes(app: FastifyInstance, locks: VirtualLocks): void {
  const bodyOf = (request: { body: unknown }): Record<string, unknown> =>
    request.body !== null && typeof request.body === 'object' && !Array.isArray(request.body)
      ? (request.body as Record<string, unknown>)
      : {};
  const macOf = (request: { params: unknown }) => (request.params as { mac: string }).mac;
  // A call picks up a rewritten installer's sheet first, but never waits long on a slow server for it.
  const sheet = () =>
    Promise.race([
      locks.refreshSheet(),
      new Promise<void>((resolve) => setTimeout(resolve, SHEET_WAIT_MS).unref()),
    ]);

  app.get('/locks', async () => {
    await sheet();
    return { ok: true, msg: 'virtual locks (SIMULATED)', locks: locks.list() };
  });
  app.get('/locks/:mac', async (request) => {
    await sheet();
    const lock = locks.get(macOf(request));
    if (!lock)
      return {
        ok: false,
        error: 'LOCK_NOT_INSTALLED',
        msg: `no virtual lock ${macOf(request)} is installed`,
      };
    return {
      ok: true,
      lock: locks.summary(lock),
      learned: {
        config: { ...lock.config, cardMacKey: lock.config.cardMacKey ? '(set)' : undefined },
        passwords: lock.passwords.map((p) => ({ ...p, pin_hash: undefined })),
        faces: lock.faces,
        fingerprints: lock.fingerprints,
        lock_time: locks.lockTime(lock),
      },
    };
  });
  app.post('/locks/install', async (request) => {
    const body = bodyOf(request);
    const mac_id = body['mac_id'] ?? body['mac'];
    if (body['config'] !== undefined) return locks.installBench({ mac_id, config: body['config'] });
    return locks.install({ mac_id, secret: body['secret'], server: body['server'] });
  });
  app.post('/locks/:mac/tap', async (request) => {
    await sheet();
    return locks.tap(macOf(request), bodyOf(request));
  });
  app.post('/locks/:mac/sync', async (request) => {
    await sheet();
    return locks.sync(macOf(request), { operator: bodyOf(request)['operator'] });
  });
  app.post('/locks/:mac/fault', async (request) => {
    const body = bodyOf(request);
    return locks.injectFault(macOf(request), body['kind'], body['count'] ?? 1);
  });
  app.post('/locks/:mac/battery', async (request) =>
    locks.setBattery(macOf(request), bodyOf(request)['percent']),
  );
  app.post('/locks/:mac/firmware', async (request) =>
    locks.setFirmware(macOf(request), bodyOf(request)['version']),
  );
  app.delete('/locks/:mac', async (request) => locks.uninstall(macOf(request)));
  // The browser guard admits GET and POST from the console: this is the console's way to uninstall.
  app.post('/locks/:mac/uninstall', async (request) => locks.uninstall(macOf(request)));
}
