import { type Logger, pino } from 'pino';
import type { GatewayConfig } from './config.js';

export type { Logger } from 'pino';

/**
 * The daemon's logger: JSON lines on stdout, plus a rotating file when `log.file` is set (a Windows service has
 * no console anyone reads, so the file is where a technician looks). Rotation keeps `keepFiles` old files so a
 * daemon that runs for months never fills the disk.
 */
export function createLogger(config: GatewayConfig['log'], name = 'lockdesk-gateway'): Logger {
  if (config.level === 'silent') return pino({ level: 'silent' });
  if (!config.file) return pino({ name, level: config.level });
  const transport = pino.transport({
    targets: [
      { target: 'pino/file', level: config.level, options: { destination: 1 } },
      {
        target: 'pino-roll',
        level: config.level,
        options: {
          file: config.file,
          frequency: config.rotateFrequency,
          dateFormat: config.rotateFrequency === 'hourly' ? 'yyyy-MM-dd-HH' : 'yyyy-MM-dd',
          size: config.rotateSize,
          mkdir: true,
          limit: { count: config.keepFiles },
        },
      },
    ],
  });
  return pino({ name, level: config.level }, transport);
}

/** A logger that writes nothing, for tests and programmatic use. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
