import pino from 'pino';
import type { DestinationStream, Logger } from 'pino';
import type { Config } from '../config/env';

export type { Logger };

/**
 * Query parameters that carry a secret: the emailed verification link's token, an invoice link's
 * signature, and whatever a client might put in a URL by mistake.
 */
const SECRET_PARAM = /token|sig|signature|secret|password|pass|otp|code|key/i;

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      return eq !== -1 && SECRET_PARAM.test(decodeURIComponentSafe(name))
        ? `${name}=[redacted]`
        : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The API's logger. Never writes a secret: authorization headers and cookies are removed, and
 * the secret query values of a request's URL (an emailed link's token, an invoice signature) are
 * replaced before the line is written.
 */
export function createLogger(
  config: Pick<Config, 'logLevel' | 'logPretty'>,
  destination?: DestinationStream,
): Logger {
  const pretty = config.logPretty && !destination;
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        'req.url',
      ],
      censor: (value: unknown, path: string[]) =>
        path[path.length - 1] === 'url' && typeof value === 'string'
          ? redactUrl(value)
          : '[redacted]',
    },
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } }
      : {}),
  };
  return destination ? pino(options, destination) : pino(options);
}
