import type { Request } from 'express';
import { tooManyRequests } from '../../platform/errors/app-error';
import { pause } from '../../platform/http/pause';
import {
  clearHits,
  clientIp,
  countHits,
  hitRateLimit,
  recordHit,
  tooManyMessage,
} from '../../platform/http/rate-limit';
import type { RateRule } from '../../platform/http/rate-limit';

/**
 * Guessing a password or a code, limited without handing anyone a way to lock an account
 * (OWASP ASVS 6.3, the credential-stuffing guidance):
 *
 * - per account and client: one client may try one account `perAccountClient.limit` times a
 *   window, then that client (only) is refused with 429 until the window ends; a success clears
 *   its count. Every other client, the owner's among them, goes on.
 * - per account, from every client: after `accountFailures.limit` failures in a window each further
 *   attempt waits before it is checked, `slowdown.firstMs` doubling per failure up to
 *   `slowdown.maxMs`. The account is slowed, never locked: the right password still gets in.
 * - per client, over all accounts: the route's own rateLimit (a sprayer from one address).
 *
 * The wait comes before the check, for right and wrong answers alike, so its length tells nothing.
 */
export interface AttemptRules {
  perAccountClient: RateRule;
  accountFailures: RateRule;
  slowdown: { firstMs: number; maxMs: number };
}

export interface Attempt {
  /** The password or code was wrong. */
  failed(): Promise<void>;
  /** It was right: this client's run of failures at the account ends. */
  succeeded(): Promise<void>;
}

/** How long an attempt waits after `failures` failures at its account this window. */
export function slowdownMs(rules: AttemptRules, failures: number): number {
  const over = failures - rules.accountFailures.limit;
  if (over < 0) return 0;
  return Math.min(rules.slowdown.firstMs * 2 ** over, rules.slowdown.maxMs);
}

export function createAttemptGuard(rules: AttemptRules) {
  return {
    /**
     * Admits an attempt at `account` (or throws 429 for this client), after the account's wait.
     * The wait is this request's own timer: nothing else waits behind it.
     */
    async enter(req: Request, account: string): Promise<Attempt> {
      const pair = `${account}|${clientIp(req)}`;
      const decision = await hitRateLimit(rules.perAccountClient, pair);
      if (!decision.allowed)
        throw tooManyRequests(
          tooManyMessage(decision.retryAfterSeconds),
          decision.retryAfterSeconds,
        );
      const wait = slowdownMs(rules, await countHits(rules.accountFailures, account));
      if (wait > 0) await pause(wait);
      return {
        failed: () => recordHit(rules.accountFailures, account),
        succeeded: () => clearHits(rules.perAccountClient, pair),
      };
    },
  };
}

export type AttemptGuard = ReturnType<typeof createAttemptGuard>;
