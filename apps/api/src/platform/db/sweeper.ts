import { trusted } from 'mongoose';
import { EmailTokenModel } from '../../modules/auth/email-token.model';
import { CodeGuessModel, OneTimeCodeModel } from '../../modules/auth/one-time-code.model';
import { RateLimitWindow } from '../http/rate-limit';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Deletes what has expired: rate-limit windows and the guesses at expired codes at once, codes
 * after a day, link tokens after a week (kept that long so an old link still answers 'already
 * verified' rather than 'invalid'). Expiry itself is always checked in code; this only keeps the
 * collections small (no TTL indexes; see the database rules in the README).
 */
export async function sweepExpired(now = Date.now()): Promise<{
  rateLimits: number;
  codeGuesses: number;
  codes: number;
  tokens: number;
}> {
  const before = (ms: number) => ({ expiresAt: trusted({ $lt: new Date(now - ms) }) });
  const [rateLimits, codeGuesses, codes, tokens] = await Promise.all([
    RateLimitWindow.deleteMany(before(0)),
    CodeGuessModel.deleteMany(before(0)),
    OneTimeCodeModel.deleteMany(before(DAY)),
    EmailTokenModel.deleteMany(before(7 * DAY)),
  ]);
  return {
    rateLimits: rateLimits.deletedCount,
    codeGuesses: codeGuesses.deletedCount,
    codes: codes.deletedCount,
    tokens: tokens.deletedCount,
  };
}
