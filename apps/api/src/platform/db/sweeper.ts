import { trusted } from 'mongoose';
import { EmailTokenModel } from '../../modules/auth/email-token.model';
import { OneTimeCodeModel } from '../../modules/auth/one-time-code.model';
import { RateLimitCounter } from '../http/rate-limit';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Deletes what has expired: rate-limit windows at once, codes after a day, link tokens after a
 * week (kept that long so an old link still answers 'already verified' rather than 'invalid').
 * Expiry itself is always checked in code; this only keeps the collections small (no TTL
 * indexes; see the database rules in the README).
 */
export async function sweepExpired(
  now = Date.now(),
): Promise<{ rateLimits: number; codes: number; tokens: number }> {
  const [rateLimits, codes, tokens] = await Promise.all([
    RateLimitCounter.deleteMany({ expiresAt: trusted({ $lt: new Date(now) }) }),
    OneTimeCodeModel.deleteMany({ expiresAt: trusted({ $lt: new Date(now - DAY) }) }),
    EmailTokenModel.deleteMany({ expiresAt: trusted({ $lt: new Date(now - 7 * DAY) }) }),
  ]);
  return {
    rateLimits: rateLimits.deletedCount,
    codes: codes.deletedCount,
    tokens: tokens.deletedCount,
  };
}
