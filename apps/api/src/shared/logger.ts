import pino from 'pino';
import type { Logger } from 'pino';
import type { Config } from '../config/env';

export type { Logger };

export function createLogger(config: Pick<Config, 'logLevel' | 'logPretty'>): Logger {
  const pretty = config.logPretty;
  return pino({
    level: config.logLevel,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } }
      : {}),
  });
}
