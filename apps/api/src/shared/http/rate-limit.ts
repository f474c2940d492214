import type { Request, RequestHandler } from 'express';
import mongoose, { Schema } from 'mongoose';
import { tooManyRequests } from '../errors/app-error';

/**
 * Fixed-window limits kept in the database, so they hold across restarts and across several API
 * processes. Every hit inserts one document and then counts the window's documents: inserts are
 * never lost (a counter's `$inc` is, under concurrency, on FerretDB), and a hit is allowed only if
 * at most `limit` hits were stored before its count, so a burst cannot pass the limit. Expired hits
 * are deleted by the sweep (no TTL index: DESIGN.md section 8).
 */
const hitSchema = new Schema(
  {
    key: { type: String, required: true, index: true },
    expiresAt: { type: Date, required: true, index: true },
  },
  { versionKey: false, collection: 'rate_limits' },
);
export const RateLimitCounter = mongoose.model('RateLimitHit', hitSchema);

export interface RateRule {
  name: string;
  limit: number;
  windowMs: number;
}

export interface RateDecision {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

export async function hitRateLimit(
  rule: RateRule,
  key: string,
  now = Date.now(),
): Promise<RateDecision> {
  const windowStart = Math.floor(now / rule.windowMs) * rule.windowMs;
  const windowEnd = windowStart + rule.windowMs;
  const windowKey = `${rule.name}:${key}:${windowStart}`;
  await RateLimitCounter.create({ key: windowKey, expiresAt: new Date(windowEnd) });
  const count = await RateLimitCounter.countDocuments({ key: windowKey });
  return {
    allowed: count <= rule.limit,
    count,
    retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now) / 1000)),
  };
}

export function tooManyMessage(seconds: number): string {
  if (seconds < 60) return `Too many attempts. Please try again in ${seconds} seconds.`;
  const minutes = Math.ceil(seconds / 60);
  return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** The client's address as Express sees it (trust proxy is set for local proxies only). */
export function clientIp(req: Request): string {
  return (req.ip ?? req.socket.remoteAddress ?? 'unknown').replace(/^::ffff:/, '');
}

/**
 * Limits a route per client address and, when the body names an account (`email` or `phone`), per
 * account too: a burst from many addresses against one account is stopped as well.
 */
export function rateLimit(rule: RateRule, options: { perAccount?: RateRule } = {}): RequestHandler {
  return async (req, _res, next) => {
    const checks: Promise<RateDecision>[] = [hitRateLimit(rule, `ip:${clientIp(req)}`)];
    const body = req.body as Record<string, unknown> | undefined;
    const account =
      typeof body?.email === 'string'
        ? body.email.trim().toLowerCase()
        : typeof body?.phone === 'string'
          ? body.phone.trim()
          : undefined;
    if (options.perAccount && account)
      checks.push(hitRateLimit(options.perAccount, `acct:${account}`));
    const decisions = await Promise.all(checks);
    const refused = decisions.filter((d) => !d.allowed);
    if (refused.length === 0) return next();
    const wait = Math.max(...refused.map((d) => d.retryAfterSeconds));
    next(tooManyRequests(tooManyMessage(wait), wait));
  };
}
