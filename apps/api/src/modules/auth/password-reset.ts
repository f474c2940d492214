import { LIMITS } from '@vanya/catalog';
import { AUTH_MESSAGES } from '@vanya/contracts';
import type { ResetPasswordBody } from '@vanya/contracts';
import { AppError } from '../../platform/errors/app-error';
import { forgetSession } from '../../platform/http/require-auth';
import { passwordResetMail } from '../mail/templates';
import { UserModel } from '../users/user.model';
import type { UserDoc } from '../users/user.model';
import { findByEmail, webLink } from './auth-deps';
import type { AuthDeps } from './auth-deps';
import { notifyPasswordChanged } from './auth-sending';

/**
 * Always answers the same, as quickly; an existing account is mailed a single-use link valid
 * for one hour, after the answer.
 */
export async function requestPasswordReset(
  { config, mailer, tokens, runInBackground }: AuthDeps,
  email: string,
): Promise<void> {
  const user = await findByEmail(email);
  if (!user) return;
  runInBackground(async () => {
    await tokens.revokeAll(user._id, 'reset_password');
    const token = await tokens.create(user._id, 'reset_password', LIMITS.passwordResetLifetimeMs);
    await mailer.send({
      to: user.email,
      ...passwordResetMail(user.name, webLink(config, '/reset-password', { token })),
    });
  });
}

export async function resetPassword(deps: AuthDeps, body: ResetPasswordBody): Promise<void> {
  const { tokens, hasher } = deps;
  const record = await tokens.consume(body.token, 'reset_password');
  if (!record) throw new AppError(400, 'INVALID_TOKEN', AUTH_MESSAGES.resetLinkInvalid);
  const passwordHash = await hasher.hash(body.newPassword);
  // The link proved control of the mailbox, so the email counts as verified too.
  const updated = await UserModel.findOneAndUpdate(
    { _id: record.userId },
    { $set: { passwordHash, emailVerified: true }, $inc: { tokenVersion: 1 } },
    { returnDocument: 'after' },
  ).lean<UserDoc>();
  if (!updated) throw new AppError(400, 'INVALID_TOKEN', AUTH_MESSAGES.resetLinkInvalid);
  forgetSession(String(updated._id));
  await tokens.revokeAll(updated._id, 'reset_password');
  await notifyPasswordChanged(deps, updated, 'reset');
}
