import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmailTokenModel } from '../../modules/auth/email-token.model';
import { OneTimeCodeModel } from '../../modules/auth/one-time-code.model';
import { startTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { RateLimitCounter } from '../http/rate-limit';
import { sweepExpired } from './sweeper';

describe('the sweep of expired records', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('deletes expired windows, day-old codes and week-old tokens and keeps the rest', async () => {
    const now = Date.now();
    const day = 24 * 60 * 60 * 1000;
    await RateLimitCounter.create([
      { _id: 'old#1', key: 'old', expiresAt: new Date(now - 1) },
      { _id: 'live#1', key: 'live', expiresAt: new Date(now + 60_000) },
    ]);
    const base = {
      userId: new Types.ObjectId(),
      target: 'a@b.in',
      codeHash: 'h',
      sentAt: new Date(now),
    };
    await OneTimeCodeModel.create([
      { ...base, purpose: 'login', expiresAt: new Date(now - 2 * day) },
      { ...base, purpose: 'verify_account', expiresAt: new Date(now - 60_000) },
    ]);
    await EmailTokenModel.create([
      {
        tokenHash: 'a',
        userId: base.userId,
        purpose: 'verify_email',
        expiresAt: new Date(now - 8 * day),
      },
      {
        tokenHash: 'b',
        userId: base.userId,
        purpose: 'verify_email',
        expiresAt: new Date(now - day),
      },
    ]);

    expect(await sweepExpired(now)).toEqual({ rateLimits: 1, codes: 1, tokens: 1 });
    expect((await RateLimitCounter.find().lean()).map((d) => d.key)).toEqual(['live']);
    expect(await OneTimeCodeModel.countDocuments()).toBe(1);
    expect((await EmailTokenModel.find().lean()).map((d) => d.tokenHash)).toEqual(['b']);
  });
});
