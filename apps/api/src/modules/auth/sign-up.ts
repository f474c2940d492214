import { LIMITS } from '@vanya/catalog';
import { AUTH_MESSAGES } from '@vanya/contracts';
import type { RegisterBody } from '@vanya/contracts';
import type { Types } from 'mongoose';
import { isDuplicateKey } from '../../platform/db/duplicate-key';
import { AppError } from '../../platform/errors/app-error';
import { accountExistsMail, verificationMail } from '../mail/templates';
import type { LoginEvent } from '../users/login-history';
import { UserModel } from '../users/user.model';
import type { UserDoc, UserWithEmail } from '../users/user.model';
import { findByEmail, webLink } from './auth-deps';
import type { AuthDeps } from './auth-deps';
import { EmailTokenModel } from './email-token.model';
import { OneTimeCodeModel } from './one-time-code.model';
import { completeSignIn } from './sign-in';

export type VerifyLinkOutcome = 'verified' | 'already' | 'invalid' | 'user_not_found';

/**
 * Creates the account (or, for an unverified one, a fresh link carrying this sign-up's password)
 * and mails the link and a code. The answer is the same whether or not the email had an
 * account; a verified owner is told by mail that someone tried.
 */
export async function register(
  deps: AuthDeps,
  body: RegisterBody,
  requester?: string,
): Promise<void> {
  const { config, mailer, hasher } = deps;
  // Hash first, for every request, so that new and existing emails take the same time.
  const passwordHash = await hasher.hash(body.password);
  // The unique index on `users.email` decides: a taken address is answered as its account.
  let user: UserWithEmail | null;
  let created = false;
  try {
    user = (
      await UserModel.create({ name: body.name, email: body.email, passwordHash })
    ).toObject() as UserWithEmail;
    created = true;
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    user = await findByEmail(body.email);
    if (!user) throw err;
  }
  if (user.emailVerified) {
    await mailer.send({
      to: user.email,
      ...accountExistsMail(
        user.name,
        webLink(config, '/login'),
        webLink(config, '/forgot-password'),
      ),
    });
    return;
  }
  try {
    await mailVerification(deps, user, { passwordHash, name: body.name }, requester);
  } catch (err) {
    // Never leave a half-made account behind: without its mail nobody could verify it.
    if (created) {
      await Promise.all([
        UserModel.deleteOne({ _id: user._id }),
        EmailTokenModel.deleteMany({ userId: user._id }),
        OneTimeCodeModel.deleteMany({ userId: user._id }),
      ]);
    }
    throw err;
  }
}

/** Mails an unverified account its link and a code, both carrying this sign-up's `pending`. */
async function mailVerification(
  { config, mailer, codes, tokens }: AuthDeps,
  user: UserWithEmail,
  pending: { passwordHash: string; name: string },
  requester: string | undefined,
): Promise<void> {
  const token = await tokens.create(user._id, 'verify_email', LIMITS.emailTokenLifetimeMs, pending);
  let code: string | undefined;
  try {
    code = (await codes.issue(user._id, 'verify_account', user.email, pending, requester)).code;
  } catch (err) {
    if (!(err instanceof AppError && err.code === 'OTP_COOLDOWN')) throw err;
  }
  await mailer.send({
    to: user.email,
    ...verificationMail(pending.name, webLink(config, '/verify-email', { token }), code),
  });
}

export async function markVerified(
  userId: Types.ObjectId,
  pending: { passwordHash?: string | null; name?: string | null },
) {
  const set: Record<string, unknown> = { emailVerified: true };
  if (pending.passwordHash) set.passwordHash = pending.passwordHash;
  if (pending.name) set.name = pending.name;
  const updated = await UserModel.findOneAndUpdate(
    { _id: userId },
    { $set: set },
    { returnDocument: 'after' },
  ).lean<UserDoc>();
  await OneTimeCodeModel.deleteMany({ userId, purpose: 'verify_account' });
  return updated;
}

export async function verifyEmailLink(
  { tokens, now }: Pick<AuthDeps, 'tokens' | 'now'>,
  token: string,
): Promise<{ outcome: VerifyLinkOutcome; user?: UserDoc }> {
  const record = await tokens.find(token, 'verify_email');
  if (!record) return { outcome: 'invalid' };
  const user = await UserModel.findById(record.userId).lean<UserDoc>();
  if (!user) return { outcome: 'user_not_found' };
  if (record.usedAt || record.expiresAt.getTime() <= now()) {
    return { outcome: record.usedAt && user.emailVerified ? 'already' : 'invalid' };
  }
  const consumed = await tokens.consume(token, 'verify_email');
  if (!consumed) return { outcome: user.emailVerified ? 'already' : 'invalid' };
  if (user.emailVerified) return { outcome: 'already', user };
  const updated = await markVerified(user._id, consumed);
  return updated ? { outcome: 'verified', user: updated } : { outcome: 'user_not_found' };
}

export async function verifyEmailAndSignIn(deps: AuthDeps, token: string, event: LoginEvent) {
  const { outcome, user } = await verifyEmailLink(deps, token);
  if (outcome === 'verified' && user) {
    const session = await completeSignIn(deps.config, user, event);
    return {
      success: true,
      outcome,
      message: AUTH_MESSAGES.emailVerified,
      token: session.token,
    };
  }
  if (outcome === 'already')
    return { success: true, outcome, message: AUTH_MESSAGES.alreadyVerified };
  if (outcome === 'user_not_found')
    throw new AppError(404, 'USER_NOT_FOUND', 'User not found during verification.');
  throw new AppError(400, 'INVALID_TOKEN', AUTH_MESSAGES.verificationLinkInvalid);
}
