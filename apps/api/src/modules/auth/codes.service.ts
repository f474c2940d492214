import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { LIMITS } from '@vanya/catalog';
import { AUTH_MESSAGES } from '@vanya/contracts';
import { trusted } from 'mongoose';
import type { Types } from 'mongoose';
import { claimOnce, claimSlot } from '../../platform/db/claims';
import { AppError, tooManyRequests } from '../../platform/errors/app-error';
import { OneTimeCodeModel } from './one-time-code.model';
import type { CodePurpose } from './one-time-code.model';
import { isDuplicateKey } from '../../platform/db/duplicate-key';

/**
 * Six-digit one-time codes: drawn from a cryptographic source, stored only as an HMAC bound to
 * their purpose and destination, valid for 10 minutes, used once, void after 5 wrong tries, and
 * resent no sooner than 30 seconds after the last one (checked here, not only by the screen).
 */
export interface IssuedCode {
  code: string;
}

export interface CodeExtras {
  /** A password hash chosen at registration, applied when this code verifies the account. */
  passwordHash?: string;
  name?: string;
}

export function createCodeService(secret: string, now: () => number = Date.now) {
  const digest = (purpose: CodePurpose, target: string, code: string) =>
    createHmac('sha256', secret).update(`${purpose}\n${target}\n${code}`).digest();

  function cooldownError(sentAt: Date): AppError {
    const left = Math.max(
      1,
      Math.ceil((sentAt.getTime() + LIMITS.otpResendCooldownSeconds * 1000 - now()) / 1000),
    );
    return tooManyRequests(
      `Please wait ${left} seconds before requesting a new code.`,
      left,
      'OTP_COOLDOWN',
    );
  }

  return {
    /** Issues a fresh code (replacing any earlier one for the same purpose), or throws 429 within the cooldown. */
    async issue(
      userId: Types.ObjectId,
      purpose: CodePurpose,
      target: string,
      extras: CodeExtras = {},
    ): Promise<IssuedCode> {
      const code = String(randomInt(0, 10 ** LIMITS.otpLength)).padStart(LIMITS.otpLength, '0');
      const at = new Date(now());
      const fields = {
        target,
        codeHash: digest(purpose, target, code).toString('hex'),
        expiresAt: new Date(at.getTime() + LIMITS.otpLifetimeMs),
        attempts: 0,
        consumedAt: null,
        sentAt: at,
        passwordHash: extras.passwordHash ?? null,
        name: extras.name ?? null,
      };
      const cutoff = new Date(at.getTime() - LIMITS.otpResendCooldownSeconds * 1000);
      const replaced = await OneTimeCodeModel.updateOne(
        { userId, purpose, sentAt: trusted({ $lte: cutoff }) },
        { $set: fields },
      );
      if (replaced.matchedCount === 1) return { code };
      const existing = await OneTimeCodeModel.findOne({ userId, purpose }).lean();
      if (existing) throw cooldownError(existing.sentAt);
      try {
        await OneTimeCodeModel.create({ userId, purpose, ...fields });
      } catch (err) {
        // A concurrent request issued one first: that one stands, and this one waits its turn.
        if (isDuplicateKey(err)) throw cooldownError(at);
        throw err;
      }
      return { code };
    },

    /** Seconds until a new code may be sent (0 when it may be sent now). */
    async cooldownLeft(userId: Types.ObjectId, purpose: CodePurpose): Promise<number> {
      const existing = await OneTimeCodeModel.findOne({ userId, purpose }).lean();
      if (!existing) return 0;
      return Math.max(
        0,
        Math.ceil(
          (existing.sentAt.getTime() + LIMITS.otpResendCooldownSeconds * 1000 - now()) / 1000,
        ),
      );
    },

    /** Whether a live (unexpired, unused) code for this purpose exists. */
    async hasLiveCode(userId: Types.ObjectId, purpose: CodePurpose): Promise<boolean> {
      const existing = await OneTimeCodeModel.findOne({ userId, purpose }).lean();
      return Boolean(
        existing &&
        !existing.consumedAt &&
        existing.expiresAt.getTime() > now() &&
        existing.attempts < LIMITS.otpMaxAttempts,
      );
    },

    /**
     * Consumes the code if it is right; otherwise throws 400 INVALID_OTP, or OTP_ATTEMPTS_EXCEEDED
     * once five tries were made. Each try claims one of five numbered slots of this code (a unique
     * insert), so a burst of parallel guesses gets five tries, not more, on any database.
     */
    async verify(
      userId: Types.ObjectId,
      purpose: CodePurpose,
      target: string,
      code: string,
    ): Promise<CodeExtras> {
      const invalid = () => new AppError(400, 'INVALID_OTP', AUTH_MESSAGES.otpInvalid);
      const exhausted = () =>
        new AppError(400, 'OTP_ATTEMPTS_EXCEEDED', AUTH_MESSAGES.otpTooManyAttempts);
      const doc = await OneTimeCodeModel.findOne({ userId, purpose }).lean();
      if (!doc || doc.consumedAt || doc.target !== target || doc.expiresAt.getTime() <= now())
        throw invalid();
      const generation = `otp:${String(doc._id)}:${doc.sentAt.getTime()}`;
      const slot = await claimSlot(`${generation}:try`, 1, LIMITS.otpMaxAttempts);
      if (slot === undefined) throw exhausted();
      const expected = Buffer.from(doc.codeHash, 'hex');
      const given = digest(purpose, target, code);
      if (!(expected.length === given.length && timingSafeEqual(expected, given))) {
        await OneTimeCodeModel.updateOne({ _id: doc._id }, { $set: { attempts: slot } });
        throw slot >= LIMITS.otpMaxAttempts ? exhausted() : invalid();
      }
      if (!(await claimOnce(`${generation}:used`))) throw invalid();
      await OneTimeCodeModel.updateOne({ _id: doc._id }, { $set: { consumedAt: new Date(now()) } });
      return { passwordHash: doc.passwordHash ?? undefined, name: doc.name ?? undefined };
    },
  };
}

export type CodeService = ReturnType<typeof createCodeService>;
