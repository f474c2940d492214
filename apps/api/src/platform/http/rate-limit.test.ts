import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { clearHits, countHits, hitRateLimit, RateLimitWindow, recordHit } from './rate-limit';
import type { RateRule } from './rate-limit';

const rule = (name: string, limit: number): RateRule => ({ name, limit, windowMs: 60_000 });

describe('rate-limit windows in the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('allows exactly the limit out of a burst, counting every hit in one document per window', async () => {
    const now = Date.now();
    const burst = rule('burst', 10);
    const decisions = await Promise.all(
      Array.from({ length: 30 }, () => hitRateLimit(burst, 'ip:10.0.0.1', now)),
    );
    const allowed = decisions.filter((d) => d.allowed);
    expect(allowed).toHaveLength(10);
    expect(decisions.map((d) => d.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 30 }, (_, i) => i + 1),
    );
    expect(allowed.every((d) => d.count <= 10)).toBe(true);
    const stored = await RateLimitWindow.find({}).lean();
    expect(stored.filter((d) => d._id.startsWith('burst:'))).toEqual([
      {
        _id: `burst:ip:10.0.0.1:${Math.floor(now / 60_000) * 60_000}`,
        count: 30,
        expiresAt: new Date(Math.floor(now / 60_000) * 60_000 + 60_000),
      },
    ]);
    // Another key and the next window start empty.
    expect((await hitRateLimit(burst, 'ip:10.0.0.2', now)).count).toBe(1);
    expect((await hitRateLimit(burst, 'ip:10.0.0.1', now + 60_000)).allowed).toBe(true);
  });

  it('tells the client how long until the window ends', async () => {
    const start = Math.floor(Date.now() / 60_000) * 60_000;
    const late = rule('late', 1);
    await hitRateLimit(late, 'ip:10.0.0.5', start + 15_000);
    const refused = await hitRateLimit(late, 'ip:10.0.0.5', start + 15_000);
    expect(refused).toEqual({ allowed: false, count: 2, retryAfterSeconds: 45 });
  });

  it('counts recorded hits, and a clear empties the window', async () => {
    const now = Date.now();
    const failures = rule('failures', 5);
    await Promise.all(Array.from({ length: 12 }, () => recordHit(failures, 'acct:a@b.in', now)));
    expect(await countHits(failures, 'acct:a@b.in', now)).toBe(12);
    expect(await countHits(failures, 'acct:nobody@b.in', now)).toBe(0);

    const pair = rule('pair', 3);
    const hits = async (n: number) => {
      const decisions = [];
      for (let i = 0; i < n; i += 1)
        decisions.push(await hitRateLimit(pair, 'a@b.in|10.0.0.1', now));
      return decisions.map((d) => d.allowed);
    };
    expect(await hits(4)).toEqual([true, true, true, false]);
    await clearHits(pair, 'a@b.in|10.0.0.1', now);
    expect(await countHits(pair, 'a@b.in|10.0.0.1', now)).toBe(0);
    expect(await hits(4)).toEqual([true, true, true, false]);
  });
});
