import { LIMITS } from '@vanya/catalog';
import { AUTH_MESSAGES } from '@vanya/contracts';
import type { LoginBody, LoginResponse, TwoStepBody } from '@vanya/contracts';
import { AppError, forbidden } from '../../platform/errors/app-error';
import type { LoginEvent } from '../users/login-history';
import { hasEmail, UserModel } from '../users/user.model';
import type { UserDoc } from '../users/user.model';
import { findByEmail, invalidCode, noEmail } from './auth-deps';
import type { AuthDeps } from './auth-deps';
import { mailCode } from './auth-sending';
import { codeRequired, completeSignIn, passwordMatches } from './sign-in';
import { markVerified } from './sign-up';

export async function login(
  deps: AuthDeps,
  body: LoginBody,
  event: LoginEvent,
): Promise<LoginResponse> {
  const user = await findByEmail(body.email);
  // An account without a password (made by phone sign-in) is compared with the dummy too.
  const matches = await passwordMatches(deps.hasher, body.password, user);
  if (!user || !matches)
    throw new AppError(401, 'INVALID_CREDENTIALS', AUTH_MESSAGES.invalidCredentials);
  if (!user.emailVerified)
    await codeRequired(
      deps,
      user,
      'verify_account',
      AUTH_MESSAGES.emailNotVerified,
      'EMAIL_NOT_VERIFIED',
      event.ip ?? undefined,
    );
  if (user.twoStepEnabled)
    await codeRequired(
      deps,
      user,
      'login',
      AUTH_MESSAGES.otpRequired,
      'OTP_REQUIRED',
      event.ip ?? undefined,
    );
  return completeSignIn(deps.config, user, event);
}

/** Finishes a login interrupted for a code: verifies an unverified account, or the two-step code. */
export async function verifyOtp(
  { config, codes }: AuthDeps,
  email: string,
  otp: string,
  event: LoginEvent,
): Promise<LoginResponse> {
  const client = event.ip ?? 'unknown';
  const user = await findByEmail(email);
  if (!user) throw invalidCode();
  if (!user.emailVerified) {
    const pending = await codes.verify(user._id, 'verify_account', user.email, otp, client);
    const updated = await markVerified(user._id, pending);
    if (!updated) throw invalidCode();
    return completeSignIn(config, updated, event);
  }
  if (!user.twoStepEnabled && !(await codes.hasLiveCode(user._id, 'login'))) throw invalidCode();
  await codes.verify(user._id, 'login', user.email, otp, client);
  return completeSignIn(config, user, event);
}

/**
 * Answers the full cooldown for every address, and issues and mails the code after the answer:
 * nothing in the answer, nor its timing, tells whether the address has an account, or an
 * unverified one, or a code just sent. A login code is sent again only while one lives: only a
 * right password starts a login's second step, so asking cannot hand strangers codes to guess.
 */
export async function resendOtp(
  deps: AuthDeps,
  email: string,
  requester?: string,
): Promise<number> {
  const user = await findByEmail(email);
  if (user)
    deps.runInBackground(async () => {
      if (!user.emailVerified) {
        await mailCode(deps, user, 'verify_account', { quietCooldown: true, requester });
      } else if (await deps.codes.hasLiveCode(user._id, 'login')) {
        await mailCode(deps, user, 'login', { quietCooldown: true, requester });
      }
    });
  return LIMITS.otpResendCooldownSeconds;
}

export async function sendTwoStepCode(deps: AuthDeps, user: UserDoc): Promise<void> {
  if (!hasEmail(user)) throw noEmail();
  await mailCode(deps, user, 'two_step', { quietCooldown: false });
}

export async function setTwoStep(
  { hasher, codes }: AuthDeps,
  user: UserDoc,
  body: TwoStepBody,
  client: string,
): Promise<boolean> {
  // The second step is an emailed code: without an address it could never be passed.
  if (!hasEmail(user)) throw noEmail();
  if (body.password !== undefined) {
    if (!(await passwordMatches(hasher, body.password, user))) {
      throw forbidden(AUTH_MESSAGES.currentPasswordWrong, 'INVALID_PASSWORD');
    }
  } else if (body.otp !== undefined) {
    await codes.verify(user._id, 'two_step', user.email, body.otp, client);
  }
  await UserModel.updateOne({ _id: user._id }, { $set: { twoStepEnabled: body.enabled } });
  return body.enabled;
}
