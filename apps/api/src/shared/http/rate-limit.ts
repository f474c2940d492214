import type { Request, RequestHandler } from 'express';
import mongoose, { Schema } from 'mongoose';
import { tooManyRequests } from '../errors/app-error';

/**
 * Fixed-window counters kept in the database, so limits hold across restarts and across several
 * API processes. One document per (rule, key, window); expired ones are deleted by the sweep
 * (no TTL index: DESIGN.md section 8).
 */
const counterSchema = new Schema(
  {
    _id: { type: String, required: true },
    count: { type: Number, required: true },
    expiresAt: { type: Date, required: true, index: true },
  },
  { versionKey: false, collection: 'rate_limits' },
);
export const RateLimitCounter = mongoose.model('RateLimitCounter', counterSchema);

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
  const _id = `${rule.name}:${key}:${windowStart}`;
  const update = { $inc: { count: 1 }, $setOnInsert: { expiresAt: new Date(windowEnd) } };
  let doc: { count: number } | null;
  try {
    doc = await RateLimitCounter.findOneAndUpdate({ _id }, update, {
      upsert: true,
      returnDocument: 'after',
    }).lean<{ count: number }>();
  } catch (err) {
    // Two first hits in the same window race to insert; the loser increments the winner's document.
    if ((err as { code?: number }).code !== 11000) throw err;
    doc = await RateLimitCounter.findOneAndUpdate({ _id }, update, {
      returnDocument: 'after',
    }).lean<{ count: number }>();
  }
  const count = doc?.count ?? 1;
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
