import mongoose from 'mongoose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { clearHits, countHits, hitRateLimit, RateLimitCounter, recordHit } from './rate-limit';
import type { RateRule } from './rate-limit';

const rule = (name: string, limit: number): RateRule => ({ name, limit, windowMs: 60_000 });

describe('rate-limit windows in the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterEach(() => {
    mongoose.set('debug', false);
  });
  afterAll(() => t.close());

  it('allows exactly the limit out of a burst, and a full window stores no more hits', async () => {
    const now = Date.now();
    const burst = rule('burst', 10);
    const decisions = await Promise.all(
      Array.from({ length: 30 }, () => hitRateLimit(burst, 'ip:10.0.0.1', { now })),
    );
    const allowed = decisions.filter((d) => d.allowed);
    expect(allowed).toHaveLength(10);
    expect(allowed.map((d) => d.count).sort((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
    expect(decisions.filter((d) => !d.allowed).every((d) => d.count === 11)).toBe(true);
    const stored = await RateLimitCounter.find().lean();
    expect(stored.filter((d) => d.key.startsWith('burst:'))).toHaveLength(10);
    // Another key and the next window start empty.
    expect((await hitRateLimit(burst, 'ip:10.0.0.2', { now })).count).toBe(1);
    expect((await hitRateLimit(burst, 'ip:10.0.0.1', { now: now + 60_000 })).allowed).toBe(true);
  });

  it('counts recorded hits up to a cap, and a clear empties the window', async () => {
    const now = Date.now();
    const failures = rule('failures', 5);
    for (let i = 0; i < 3; i += 1) await recordHit(failures, 'acct:a@b.in', 8, { now });
    expect(await countHits(failures, 'acct:a@b.in', 8, { now })).toBe(3);
    expect(await countHits(failures, 'acct:a@b.in', 2, { now })).toBe(2);
    for (let i = 0; i < 10; i += 1) await recordHit(failures, 'acct:a@b.in', 8, { now });
    expect(await countHits(failures, 'acct:a@b.in', 100, { now })).toBe(8);

    const pair = rule('pair', 3);
    const clearable = { now, clearable: true };
    const hits = async (n: number) => {
      const decisions = [];
      for (let i = 0; i < n; i += 1)
        decisions.push(await hitRateLimit(pair, 'a@b.in|10.0.0.1', clearable));
      return decisions.map((d) => d.allowed);
    };
    expect(await hits(4)).toEqual([true, true, true, false]);
    await clearHits(pair, 'a@b.in|10.0.0.1', now);
    expect(await countHits(pair, 'a@b.in|10.0.0.1', 10, clearable)).toBe(0);
    expect(await hits(4)).toEqual([true, true, true, false]);
    await clearHits(pair, 'a@b.in|10.0.0.1', now);
    expect(await hits(1)).toEqual([true]);
  });

  it('reads and inserts by `_id` alone and never updates or deletes, so its cost does not grow with the collection', async () => {
    const now = Date.now();
    const filters: { method: string; filter: unknown }[] = [];
    mongoose.set('debug', (collection: string, method: string, ...args: unknown[]) => {
      if (collection === 'rate_limits') filters.push({ method, filter: args[0] });
    });
    const guarded = rule('guarded', 3);
    const options = { now, clearable: true };
    for (let i = 0; i < 5; i += 1) await hitRateLimit(guarded, 'ip:10.0.0.3', options);
    await countHits(guarded, 'ip:10.0.0.3', 3, options);
    await clearHits(guarded, 'ip:10.0.0.3', now);
    await recordHit(guarded, 'ip:10.0.0.3', 3, options);
    expect(filters.length).toBeGreaterThan(10);
    const notById = filters.filter(
      ({ method, filter }) =>
        method !== 'insertOne' &&
        !(
          method === 'findOne' &&
          filter !== null &&
          typeof filter === 'object' &&
          Object.keys(filter).join() === '_id' &&
          typeof (filter as { _id: unknown })._id === 'string'
        ),
    );
    expect(notById).toEqual([]);
  });
});
