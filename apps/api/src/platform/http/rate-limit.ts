import type { Request, RequestHandler } from 'express';
import mongoose, { Schema } from 'mongoose';
import { isDuplicateKey } from '../db/duplicate-key';
import { tooManyRequests } from '../errors/app-error';

/**
 * Fixed-window limits kept in the database, so they hold across restarts and across several API
 * processes: one document per (rule, key, window), `_id` = `<rule>:<key>:<window start>`, counted
 * with an upserted `$inc` (atomic on one document). The window's start is part of the `_id`, so a
 * new window is a new document; expired ones are deleted by the sweep (no TTL index: see the
 * database rules in the README).
 */
const windowSchema = new Schema(
  {
    _id: { type: String, required: true },
    count: { type: Number, required: true },
    expiresAt: { type: Date, required: true, index: true },
  },
  { versionKey: false, collection: 'rate_limit_windows' },
);
export const RateLimitWindow = mongoose.model('RateLimitWindow', windowSchema);

export interface RateRule {
  name: string;
  limit: number;
  windowMs: number;
}

/** A rule whose limit is multiplied by RATE_LIMIT_SCALE (tests raise it). */
export const scaledRule = (scale: number, name: string, limit: number, windowMs: number) => ({
  name,
  limit: Math.ceil(limit * scale),
  windowMs,
});

export interface RateDecision {
  allowed: boolean;
  /** The hit's place in its window. */
  count: number;
  retryAfterSeconds: number;
}

function windowOf(rule: RateRule, key: string, now: number) {
  const windowStart = Math.floor(now / rule.windowMs) * rule.windowMs;
  const windowEnd = windowStart + rule.windowMs;
  return {
    _id: `${rule.name}:${key}:${windowStart}`,
    expiresAt: new Date(windowEnd),
    retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now) / 1000)),
  };
}

/** Adds a hit to the window and answers the window's count with it. */
async function addHit(_id: string, expiresAt: Date): Promise<number> {
  const add = () =>
    RateLimitWindow.findOneAndUpdate(
      { _id },
      { $inc: { count: 1 }, $setOnInsert: { expiresAt } },
      { upsert: true, returnDocument: 'after' },
    ).lean<{ count: number }>();
  try {
    return (await add())!.count;
  } catch (err) {
    // Two first hits of a window at once: one inserted it, the other counts in it.
    if (!isDuplicateKey(err)) throw err;
    return (await add())!.count;
  }
}

/** Counts a hit against `rule` for `key`; allowed while the window holds at most `limit`. */
export async function hitRateLimit(
  rule: RateRule,
  key: string,
  now = Date.now(),
): Promise<RateDecision> {
  const { _id, expiresAt, retryAfterSeconds } = windowOf(rule, key, now);
  const count = await addHit(_id, expiresAt);
  return { allowed: count <= rule.limit, count, retryAfterSeconds };
}

/** How many hits the current window holds, without adding one. */
export async function countHits(rule: RateRule, key: string, now = Date.now()): Promise<number> {
  const { _id } = windowOf(rule, key, now);
  const found = await RateLimitWindow.findById(_id, { count: 1 }).lean<{ count: number }>();
  return found?.count ?? 0;
}

/** A failure counted after the fact. */
export async function recordHit(rule: RateRule, key: string, now = Date.now()): Promise<void> {
  const { _id, expiresAt } = windowOf(rule, key, now);
  await addHit(_id, expiresAt);
}

/** Empties the current window (a success that ends a run of failures). */
export async function clearHits(rule: RateRule, key: string, now = Date.now()): Promise<void> {
  await RateLimitWindow.deleteOne({ _id: windowOf(rule, key, now)._id });
}

export function tooManyMessage(seconds: number): string {
  if (seconds < 60) return `Too many attempts. Please try again in ${seconds} seconds.`;
  const minutes = Math.ceil(seconds / 60);
  return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/**
 * The client's address as Express sees it: the peer's own, or the one the proxies TRUST_PROXY
 * names forwarded (X-Forwarded-For from anyone else is ignored).
 */
export function clientIp(req: Request): string {
  return (req.ip ?? req.socket.remoteAddress ?? 'unknown').replace(/^::ffff:/, '');
}

/** The account a request's body names (`email`, else `phone`), normalised, if any. */
function accountOf(req: Request): string | undefined {
  const body = req.body as Record<string, unknown> | undefined;
  return typeof body?.email === 'string'
    ? body.email.trim().toLowerCase()
    : typeof body?.phone === 'string'
      ? body.phone.trim()
      : undefined;
}

/** The most refusals a limit remembers in memory before it forgets the ended ones. */
const REMEMBERED_REFUSALS = 10_000;

/**
 * Refusals remembered in this process until their window ends: a client already refused is
 * answered 429 from memory, so a flood of refused requests costs the database nothing and cannot
 * slow anyone else's. Another process learns it from the database on its first refusal.
 */
function refusalMemory() {
  const until = new Map<string, number>();
  return {
    /** Seconds to wait when `key` is refused in this window, else undefined. */
    refused(key: string, now: number): number | undefined {
      const end = until.get(key);
      if (end === undefined) return undefined;
      if (end > now) return Math.max(1, Math.ceil((end - now) / 1000));
      until.delete(key);
      return undefined;
    },
    remember(key: string, now: number, retryAfterSeconds: number): void {
      if (until.size >= REMEMBERED_REFUSALS)
        for (const [k, end] of until) if (end <= now) until.delete(k);
      if (until.size >= REMEMBERED_REFUSALS) until.clear();
      until.set(key, now + retryAfterSeconds * 1000);
    },
  };
}

/**
 * Limits a route per client address and, when the body names an account (`email` or `phone`), per
 * account and client (which leaves every other client alone) and per account from everywhere.
 * `perUser` limits a signed-in user (after requireAuth or requireSession) from any address.
 */
export function rateLimit(
  rule: RateRule,
  options: { perAccount?: RateRule; perAccountClient?: RateRule; perUser?: RateRule } = {},
): RequestHandler {
  const memory = refusalMemory();
  return async (req, res, next) => {
    const ip = clientIp(req);
    const checks: [RateRule, string][] = [[rule, `ip:${ip}`]];
    const account = accountOf(req);
    if (options.perAccount && account) checks.push([options.perAccount, `acct:${account}`]);
    if (options.perAccountClient && account)
      checks.push([options.perAccountClient, `acct-ip:${account}|${ip}`]);
    const userId = (res.locals.user as { _id?: unknown } | undefined)?._id ?? res.locals.userId;
    if (options.perUser && userId) checks.push([options.perUser, `user:${String(userId)}`]);
    const now = Date.now();
    const known = checks
      .map(([r, key]) => memory.refused(`${r.name}:${key}`, now))
      .filter((wait) => wait !== undefined);
    if (known.length > 0) {
      const wait = Math.max(...known);
      return next(tooManyRequests(tooManyMessage(wait), wait));
    }
    const decisions = await Promise.all(checks.map(([r, key]) => hitRateLimit(r, key, now)));
    decisions.forEach((d, i) => {
      if (!d.allowed)
        memory.remember(`${checks[i]![0].name}:${checks[i]![1]}`, now, d.retryAfterSeconds);
    });
    const refused = decisions.filter((d) => !d.allowed);
    if (refused.length === 0) return next();
    const wait = Math.max(...refused.map((d) => d.retryAfterSeconds));
    next(tooManyRequests(tooManyMessage(wait), wait));
  };
}
