import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmailTokenModel } from '../../modules/auth/email-token.model';
import { CodeGuessModel, OneTimeCodeModel } from '../../modules/auth/one-time-code.model';
import { startTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { RateLimitWindow } from '../http/rate-limit';
import { sweepExpired } from './sweeper';

describe('the sweep of expired records', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('deletes expired windows and guesses, day-old codes and week-old tokens and keeps the rest', async () => {
    const now = Date.now();
    const day = 24 * 60 * 60 * 1000;
    await RateLimitWindow.create([
      { _id: 'old', count: 3, expiresAt: new Date(now - 1) },
      { _id: 'live', count: 1, expiresAt: new Date(now + 60_000) },
    ]);
    await CodeGuessModel.create([
      { _id: 'spent', attempts: 5, expiresAt: new Date(now - 1) },
      { _id: 'current', attempts: 1, expiresAt: new Date(now + 60_000) },
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

    expect(await sweepExpired(now)).toEqual({ rateLimits: 1, codeGuesses: 1, codes: 1, tokens: 1 });
    expect((await RateLimitWindow.find().lean()).map((d) => d._id)).toEqual(['live']);
    expect((await CodeGuessModel.find().lean()).map((d) => d._id)).toEqual(['current']);
    expect(await OneTimeCodeModel.countDocuments()).toBe(1);
    expect((await EmailTokenModel.find().lean()).map((d) => d.tokenHash)).toEqual(['b']);
  });
});
