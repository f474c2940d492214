import { PHONE_SIGN_IN_MESSAGES } from '@vanya/contracts';
import { AppError, tooManyRequests } from '../../platform/errors/app-error';
import { hitRateLimit, scaledRule } from '../../platform/http/rate-limit';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** How many code texts the shop sends (config/env.ts: SMS_CODES_*). */
export interface TextBudgetLimits {
  perHour: number;
  perDay: number;
  perNumberPerHour: number;
  perPrefixPerHour: number;
  /** How many leading digits of a number make its prefix (a series texts are pumped through). */
  prefixDigits: number;
}

/** What a code text is for: the refusal tells the shopper the way round it. */
export type TextPurpose = 'sign-in' | 'cod' | 'phone-change';

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/** The refusal's words per purpose: spent for the shop, or enough for this number for now. */
export const TEXT_REFUSALS: Record<
  TextPurpose,
  { exhausted: string; limited: (minutes: number) => string }
> = {
  'sign-in': {
    exhausted: PHONE_SIGN_IN_MESSAGES.textsExhausted,
    limited: PHONE_SIGN_IN_MESSAGES.numberLimited,
  },
  cod: {
    exhausted:
      'We cannot send the cash-on-delivery code by text just now. Please pay online instead.',
    limited: (m) =>
      `We have sent as many codes to this number as we can for now. Please pay online, or try cash on delivery again in ${m} minute${m === 1 ? '' : 's'}.`,
  },
  'phone-change': {
    exhausted: 'We cannot send codes by text just now. Please try again later.',
    limited: (m) =>
      `We have sent as many codes to this number as we can for now. Please try again in ${m} minute${m === 1 ? '' : 's'}.`,
  },
};

/** Which of the shop's windows ran out: since when, until when, and its limit. */
export interface SpentWindow {
  window: 'hour' | 'day';
  limit: number;
  since: Date;
  ends: Date;
}

/**
 * The shop's budget of code texts (phone sign-in, cash-on-delivery and phone-change codes), each
 * text taken before it is sent: per number and per number prefix an hour, then the whole shop's
 * hour and day. Counted in the database (rate-limit windows), so every API process shares it. A
 * refusal says why and what to do instead (429 SMS_LIMIT_REACHED for a number or its prefix, 503
 * SMS_BUDGET_EXHAUSTED for the shop); the first refusal of a spent shop window calls `spent` (the
 * owners' alert), once per window.
 */
export function createTextBudget(
  limits: TextBudgetLimits,
  spent: (s: SpentWindow) => void,
  /** RATE_LIMIT_SCALE, as for every limit (tests raise it). */
  scale = 1,
) {
  const rule = (name: string, limit: number, windowMs: number) =>
    scaledRule(scale, name, limit, windowMs);
  const rules = {
    number: rule('sms-number', limits.perNumberPerHour, HOUR),
    prefix: rule('sms-prefix', limits.perPrefixPerHour, HOUR),
    hour: rule('sms-shop-hour', limits.perHour, HOUR),
    day: rule('sms-shop-day', limits.perDay, DAY),
  };
  return {
    /** Takes one text to `phone` from the budget, or throws the refusal for `purpose`. */
    async take(phone: string, purpose: TextPurpose): Promise<void> {
      const words = TEXT_REFUSALS[purpose];
      for (const [scope, key] of [
        ['number', phone],
        ['prefix', phone.slice(0, limits.prefixDigits)],
      ] as const) {
        const decision = await hitRateLimit(rules[scope], key);
        if (!decision.allowed)
          throw tooManyRequests(
            words.limited(minutes(decision.retryAfterSeconds)),
            decision.retryAfterSeconds,
            'SMS_LIMIT_REACHED',
          );
      }
      for (const window of ['hour', 'day'] as const) {
        const now = Date.now();
        const decision = await hitRateLimit(rules[window], 'shop', now);
        if (decision.allowed) continue;
        // Exactly one request sees the first count past the limit: it alerts the owners.
        const { limit, windowMs } = rules[window];
        const since = Math.floor(now / windowMs) * windowMs;
        if (decision.count === limit + 1)
          spent({ window, limit, since: new Date(since), ends: new Date(since + windowMs) });
        throw new AppError(
          503,
          'SMS_BUDGET_EXHAUSTED',
          words.exhausted,
          { retryAfterSeconds: decision.retryAfterSeconds },
          { 'Retry-After': String(decision.retryAfterSeconds) },
        );
      }
    },
  };
}

export type TextBudget = ReturnType<typeof createTextBudget>;
