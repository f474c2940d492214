import type { Request, RequestHandler } from 'express';
import mongoose, { Schema } from 'mongoose';
import { isDuplicateKey } from '../db/duplicate-key';
import { highestSlot, slotId, slotMemory } from '../db/slots';
import { byId } from '../db/by-id';
import { tooManyRequests } from '../errors/app-error';

/**
 * Fixed-window limits kept in the database, so they hold across restarts and across several API
 * processes. A window is a row of numbered slots (platform/db/slots.ts), `_id` = `<window>#<n>`: a hit
 * takes the lowest free slot by inserting it (the unique `_id` refuses a slot already taken, so two
 * hits never share one) and is allowed when its slot is within the limit. At most `limit` hits of
 * a window are ever allowed, however many arrive at once; a `$inc` on one counter would lose hits
 * under concurrency on FerretDB, and counting the window's documents, or deleting them, would scan
 * the collection there. Everything here reads or inserts by `_id`, so its cost does not grow with
 * the traffic the collection records; a full window stores nothing more, and a window is emptied by
 * starting a new row rather than by deleting (`clearHits`). Expired slots are deleted by the sweep
 * (no TTL index: see the database rules in the README).
 */
const hitSchema = new Schema(
  {
    _id: { type: String, required: true },
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
  /** The hit's place in its window (`limit + 1` once the window is full). */
  count: number;
  retryAfterSeconds: number;
}

export interface WindowOptions {
  now?: number;
  /** The window may be emptied by `clearHits` (costs one more read by `_id` per call). */
  clearable?: boolean;
}

/** A hit is a fixed three-field document, read and inserted by `_id` only (seven times a login). */
const hits = byId<{ _id: string; key: string; expiresAt: Date }>(RateLimitCounter);

const ID_ONLY = { _id: 1 };
const slotTaken = (row: string) => async (n: number) =>
  (await hits.find(slotId(row, n), ID_ONLY)) !== null;

/**
 * The highest slot of each row this process took or saw taken, per database. A window's rows only
 * grow until they expire (a clear starts a new row), so every slot up to it is taken: the next hit
 * tries the one after it straight away, one insert, and hits at once in this process each try
 * their own. A window that looks full from here is read before a hit is refused.
 */
const highestKnown = slotMemory();
const knownKey = (row: string) => `${RateLimitCounter.db.name}/${row}`;
const known = (row: string) => highestKnown.get(knownKey(row));
/** Raises what this process knows of `row` to `n` (or sets it, after reading the row). */
const know = (row: string, n: number, read = false) =>
  read ? highestKnown.set(knownKey(row), n) : highestKnown.raise(knownKey(row), n);

/** How many slots of `row` are taken, up to `cap`: two reads from what this process knows. */
async function takenSlots(row: string, cap: number): Promise<number> {
  const n = await highestSlot(slotTaken(row), cap, Math.min(known(row) ?? 0, cap));
  know(row, n, n < cap); // at the cap the row may hold more than was looked for: only raise
  return n;
}

/** Takes the lowest free slot of `row` up to `cap`; answers its number, or `cap + 1` when none is free. */
async function takeSlot(row: string, expiresAt: Date, cap: number): Promise<number> {
  let n = (known(row) ?? (await takenSlots(row, cap))) + 1;
  if (n > cap) n = (await takenSlots(row, cap)) + 1; // full as far as this process knows: look
  while (n <= cap) {
    n = Math.max(n, (known(row) ?? 0) + 1); // past what other hits here have taken
    if (n > cap) break;
    know(row, n); // this hit's, before the insert: a hit arriving meanwhile tries the next
    try {
      await hits.insert({ _id: slotId(row, n), key: row, expiresAt });
      return n;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      n += 1; // another process took it
    }
  }
  return cap + 1;
}

function windowOf(rule: RateRule, key: string, now: number) {
  const windowStart = Math.floor(now / rule.windowMs) * rule.windowMs;
  const windowEnd = windowStart + rule.windowMs;
  return {
    windowKey: `${rule.name}:${key}:${windowStart}`,
    expiresAt: new Date(windowEnd),
    retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now) / 1000)),
  };
}

/** The clears of a window are slots of their own; each clear starts the window's hits afresh. */
const clearsOf = (windowKey: string) => `${windowKey}!cleared`;

/** The row the window's hits go to now: the window's own, or the one its latest clear started. */
async function currentRow(windowKey: string, clearable: boolean | undefined): Promise<string> {
  if (!clearable) return windowKey;
  const clears = await takenSlots(clearsOf(windowKey), Number.MAX_SAFE_INTEGER);
  return clears === 0 ? windowKey : `${windowKey}@${clears}`;
}

export async function hitRateLimit(
  rule: RateRule,
  key: string,
  { now = Date.now(), clearable }: WindowOptions = {},
): Promise<RateDecision> {
  const { windowKey, expiresAt, retryAfterSeconds } = windowOf(rule, key, now);
  const row = await currentRow(windowKey, clearable);
  const count = await takeSlot(row, expiresAt, rule.limit);
  return { allowed: count <= rule.limit, count, retryAfterSeconds };
}

/** How many hits the current window holds, up to `cap`, without adding one. */
export async function countHits(
  rule: RateRule,
  key: string,
  cap: number,
  { now = Date.now(), clearable }: WindowOptions = {},
): Promise<number> {
  const row = await currentRow(windowOf(rule, key, now).windowKey, clearable);
  return takenSlots(row, cap);
}

/** Adds a hit (up to `cap` are kept) without deciding anything: a failure counted after the fact. */
export async function recordHit(
  rule: RateRule,
  key: string,
  cap: number,
  { now = Date.now(), clearable }: WindowOptions = {},
): Promise<void> {
  const { windowKey, expiresAt } = windowOf(rule, key, now);
  await takeSlot(await currentRow(windowKey, clearable), expiresAt, cap);
}

/**
 * Empties the current window of a `clearable` rule (a success that ends a run of failures): the
 * hits that follow go to a new row; the old one waits for the sweep.
 */
export async function clearHits(rule: RateRule, key: string, now = Date.now()): Promise<void> {
  const { windowKey, expiresAt } = windowOf(rule, key, now);
  await takeSlot(clearsOf(windowKey), expiresAt, Number.MAX_SAFE_INTEGER);
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
export function accountOf(req: Request): string | undefined {
  const body = req.body as Record<string, unknown> | undefined;
  return typeof body?.email === 'string'
    ? body.email.trim().toLowerCase()
    : typeof body?.phone === 'string'
      ? body.phone.trim()
      : undefined;
}

/**
 * Limits a route per client address and, when the body names an account (`email` or `phone`):
 * per account and client (`perAccountClient`: one client's run at one account, which leaves every
 * other client alone), and per account from everywhere (`perAccount`: only for what mails the
 * account's own address, where a limit slows nobody out of their account). `perUser` limits a
 * signed-in user (after requireAuth or requireSession) whatever address they come from.
 */
export function rateLimit(
  rule: RateRule,
  options: { perAccount?: RateRule; perAccountClient?: RateRule; perUser?: RateRule } = {},
): RequestHandler {
  return async (req, res, next) => {
    const ip = clientIp(req);
    const checks: Promise<RateDecision>[] = [hitRateLimit(rule, `ip:${ip}`)];
    const account = accountOf(req);
    if (options.perAccount && account)
      checks.push(hitRateLimit(options.perAccount, `acct:${account}`));
    if (options.perAccountClient && account)
      checks.push(hitRateLimit(options.perAccountClient, `acct-ip:${account}|${ip}`));
    const userId = (res.locals.user as { _id?: unknown } | undefined)?._id ?? res.locals.userId;
    if (options.perUser && userId)
      checks.push(hitRateLimit(options.perUser, `user:${String(userId)}`));
    const decisions = await Promise.all(checks);
    const refused = decisions.filter((d) => !d.allowed);
    if (refused.length === 0) return next();
    const wait = Math.max(...refused.map((d) => d.retryAfterSeconds));
    next(tooManyRequests(tooManyMessage(wait), wait));
  };
}
