import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { LIMITS } from '@vanya/catalog';
import { AUTH_MESSAGES } from '@vanya/contracts';
import { trusted, Types } from 'mongoose';
import { AppError, tooManyRequests } from '../../platform/errors/app-error';
import { CodeGuessModel, OneTimeCodeModel } from './one-time-code.model';
import type { CodePurpose } from './one-time-code.model';
import { isDuplicateKey } from '../../platform/db/duplicate-key';

/**
 * Six-digit one-time codes: drawn from a cryptographic source, stored only as an HMAC bound to
 * their purpose and destination, used once, and resent no sooner than the cooldown (checked here,
 * not only by the screen).
 *
 * A code belongs to whoever asked for it. The client addresses that asked for it while it lived
 * (its requesters: the holder's, and at most a few others, as asking is limited per number and per
 * account) each have LIMITS.otpMaxAttempts tries at it, counted apart. Every other client, a
 * stranger, also has its own LIMITS.otpMaxAttempts, and strangers together GUESSES_PER_CODE while
 * it lives (a code sent again before it expired keeps the count): once they have had them they
 * are refused, and the holder's right code still signs in. So strangers' wrong guesses never make
 * the holder's code fail, and a crowd of addresses guesses at most GUESSES_PER_CODE in a million.
 */
export const GUESSES_PER_CODE = 50;

export interface CodeExtras {
  /** A password hash chosen at registration, applied when this code verifies the account. */
  passwordHash?: string;
  name?: string;
}

/**
 * Whom a phone sign-in code belongs to: the number may have no account yet, so the code is held
 * under an id derived from the number, and codes keep their one key (holder, purpose) and its
 * unique index, "one live code per number". Only 'phone_sign_in' codes use such ids, so they can
 * never meet an account's codes.
 */
export function phoneCodeHolder(phone: string): Types.ObjectId {
  return new Types.ObjectId(
    createHash('sha256').update(`phone\n${phone}`).digest().subarray(0, 12),
  );
}

/** What the codes' operations share: the HMAC's secret and the clock. */
interface CodeContext {
  secret: string;
  now: () => number;
}

const digest = ({ secret }: CodeContext, purpose: CodePurpose, target: string, code: string) =>
  createHmac('sha256', secret).update(`${purpose}\n${target}\n${code}`).digest();

function cooldownError({ now }: CodeContext, sentAt: Date): AppError {
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

/**
 * Replaces any earlier code for the same purpose, or throws 429 within the cooldown.
 * `requester`, the client address asking, becomes one of the code's requesters; a code sent
 * again while the last still lived keeps its requesters and its strangers' count.
 */
async function issue(
  ctx: CodeContext,
  userId: Types.ObjectId,
  purpose: CodePurpose,
  target: string,
  extras: CodeExtras = {},
  requester?: string,
): Promise<{ code: string }> {
  const code = String(randomInt(0, 10 ** LIMITS.otpLength)).padStart(LIMITS.otpLength, '0');
  const at = new Date(ctx.now());
  const fields = {
    target,
    codeHash: digest(ctx, purpose, target, code).toString('hex'),
    expiresAt: new Date(at.getTime() + LIMITS.otpLifetimeMs),
    consumedAt: null,
    sentAt: at,
    passwordHash: extras.passwordHash ?? null,
    name: extras.name ?? null,
  };
  const asked = requester ? [requester] : [];
  const cutoff = new Date(at.getTime() - LIMITS.otpResendCooldownSeconds * 1000);
  const resent = await OneTimeCodeModel.updateOne(
    {
      userId,
      purpose,
      target,
      sentAt: trusted({ $lte: cutoff }),
      expiresAt: trusted({ $gt: at }),
      consumedAt: null,
    },
    { $set: fields, $addToSet: { requesters: { $each: asked } } },
  );
  if (resent.matchedCount === 1) return { code };
  const replaced = await OneTimeCodeModel.updateOne(
    { userId, purpose, sentAt: trusted({ $lte: cutoff }) },
    { $set: { ...fields, attempts: 0, requesters: asked } },
  );
  if (replaced.matchedCount === 1) return { code };
  const existing = await OneTimeCodeModel.findOne({ userId, purpose }).lean();
  if (existing) throw cooldownError(ctx, existing.sentAt);
  try {
    await OneTimeCodeModel.create({
      userId,
      purpose,
      ...fields,
      attempts: 0,
      requesters: asked,
    });
  } catch (err) {
    // A concurrent request issued one first: that one stands, and this one waits its turn.
    if (isDuplicateKey(err)) throw cooldownError(ctx, at);
    throw err;
  }
  return { code };
}

async function hasLiveCode(
  { now }: CodeContext,
  userId: Types.ObjectId,
  purpose: CodePurpose,
): Promise<boolean> {
  const existing = await OneTimeCodeModel.findOne({ userId, purpose }).lean();
  return Boolean(existing && !existing.consumedAt && existing.expiresAt.getTime() > now());
}

/**
 * A try is counted before the code is compared, by `$inc`s guarded on the count, so a burst of
 * parallel guesses gets no more tries than the limits: the client's own, and for a stranger
 * (not one of the code's requesters) the strangers' together. The code is used by an update
 * guarded on its being unused, so two right answers at once sign in once. With `consume:
 * false` a right code is only checked (the try still counts) and stays usable: the phone
 * sign-in asks for the name of a new account before it spends the code.
 */
async function verify(
  ctx: CodeContext,
  userId: Types.ObjectId,
  purpose: CodePurpose,
  target: string,
  code: string,
  client: string,
  { consume = true }: { consume?: boolean } = {},
): Promise<CodeExtras> {
  const { now } = ctx;
  const invalid = () => new AppError(400, 'INVALID_OTP', AUTH_MESSAGES.otpInvalid);
  const exhausted = () =>
    new AppError(400, 'OTP_ATTEMPTS_EXCEEDED', AUTH_MESSAGES.otpTooManyAttempts);
  const doc = await OneTimeCodeModel.findOne({ userId, purpose }).lean();
  if (!doc || doc.consumedAt || doc.target !== target || doc.expiresAt.getTime() <= now())
    throw invalid();
  const tries = await clientTry(
    `${String(doc._id)}:${doc.sentAt.getTime()}:${client}`,
    doc.expiresAt,
  );
  if (tries === undefined) throw exhausted();
  if (!(doc.requesters ?? []).includes(client)) {
    const counted = await OneTimeCodeModel.updateOne(
      { _id: doc._id, codeHash: doc.codeHash, attempts: trusted({ $lt: GUESSES_PER_CODE }) },
      { $inc: { attempts: 1 } },
    );
    if (counted.modifiedCount === 0) throw exhausted();
  }
  const expected = Buffer.from(doc.codeHash, 'hex');
  const given = digest(ctx, purpose, target, code);
  if (!(expected.length === given.length && timingSafeEqual(expected, given)))
    throw tries >= LIMITS.otpMaxAttempts ? exhausted() : invalid();
  if (!consume) return {};
  const used = await OneTimeCodeModel.updateOne(
    { _id: doc._id, codeHash: doc.codeHash, consumedAt: null },
    { $set: { consumedAt: new Date(now()) } },
  );
  if (used.modifiedCount === 0) throw invalid();
  return { passwordHash: doc.passwordHash ?? undefined, name: doc.name ?? undefined };
}

// The clock is read through `Date` at each call (not a reference taken once), so a test's fake
// clock is the one the codes live by.
export function createCodeService(secret: string, now: () => number = () => Date.now()) {
  const ctx: CodeContext = { secret, now };
  return {
    issue: (
      userId: Types.ObjectId,
      purpose: CodePurpose,
      target: string,
      extras?: CodeExtras,
      requester?: string,
    ) => issue(ctx, userId, purpose, target, extras, requester),
    hasLiveCode: (userId: Types.ObjectId, purpose: CodePurpose) =>
      hasLiveCode(ctx, userId, purpose),
    verify: (
      userId: Types.ObjectId,
      purpose: CodePurpose,
      target: string,
      code: string,
      client: string,
      options?: { consume?: boolean },
    ) => verify(ctx, userId, purpose, target, code, client, options),
  };
}

/**
 * The client's tries at a code, this one included, or undefined when it has had its
 * LIMITS.otpMaxAttempts: the guarded upsert then finds no document under the limit and tries to
 * insert the existing `_id`, which the unique `_id` refuses.
 */
async function clientTry(_id: string, expiresAt: Date): Promise<number | undefined> {
  try {
    const guess = await CodeGuessModel.findOneAndUpdate(
      { _id, attempts: trusted({ $lt: LIMITS.otpMaxAttempts }) },
      { $inc: { attempts: 1 }, $setOnInsert: { expiresAt } },
      { upsert: true, returnDocument: 'after' },
    ).lean<{ attempts: number }>();
    return guess!.attempts;
  } catch (err) {
    if (isDuplicateKey(err)) return undefined;
    throw err;
  }
}

export type CodeService = ReturnType<typeof createCodeService>;
