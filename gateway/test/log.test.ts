import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createLogger } from '../src/log.js';

describe('daemon log file', () => {
  it('writes JSON lines to a rotating file named by date', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gw-log-'));
    const logger = createLogger({
      level: 'info',
      file: join(dir, 'gateway.log'),
      rotateFrequency: 'daily',
      rotateSize: '10m',
      keepFiles: 3,
    });
    logger.info({ device: 'simulated encoder' }, 'encoder online');
    await new Promise<void>((resolve) => logger.flush(() => resolve()));
    await vi.waitFor(() =>
      expect(readdirSync(dir).some((f) => /^gateway\.\d{4}-\d{2}-\d{2}\.1\.log$/.test(f))).toBe(true),
    );
    const file = readdirSync(dir).find((f) => f.endsWith('.log'))!;
    await vi.waitFor(() => expect(readFileSync(join(dir, file), 'utf8')).toContain('"msg":"encoder online"'));
    const line = JSON.parse(readFileSync(join(dir, file), 'utf8').trim().split('\n')[0]!);
    expect(line).toMatchObject({ level: 30, name: 'lockdesk-gateway', device: 'simulated encoder' });
  });
});
