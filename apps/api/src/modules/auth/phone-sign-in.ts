import { LIMITS } from '@vanya/catalog';
import { AUTH_MESSAGES, PHONE_SIGN_IN_MESSAGES } from '@vanya/contracts';
import type { LoginResponse, PhoneVerifyBody, PhoneVerifyResponse } from '@vanya/contracts';
import { isDuplicateKey } from '../../platform/db/duplicate-key';
import { AppError } from '../../platform/errors/app-error';
import type { LoginEvent } from '../users/login-history';
import { hasEmail, UserModel } from '../users/user.model';
import type { UserDoc } from '../users/user.model';
import { findByVerifiedPhone } from './auth-deps';
import type { AuthDeps } from './auth-deps';
import { smsCode } from './auth-sending';
import { phoneCodeHolder } from './codes.service';
import { OneTimeCodeModel } from './one-time-code.model';
import { codeRequired, completeSignIn } from './sign-in';

/**
 * A phone sign-in's last step, as the email login's: an account with two-step verification on
 * is mailed its code and finishes on /verify-otp, so a phone does not bypass the second step.
 */
async function signInByPhone(
  deps: AuthDeps,
  user: UserDoc,
  event: LoginEvent,
): Promise<LoginResponse> {
  if (user.twoStepEnabled && hasEmail(user))
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

/**
 * Texts a sign-in code to the number, whether or not an account has it: nothing here looks the
 * number up, so the answer, the SMS and their timing are the same for both. Within the resend
 * cooldown the code already sent stands, and the answer is the time left. Answers the seconds
 * until another code may be asked for.
 */
export async function startPhoneSignIn(
  deps: AuthDeps,
  phone: string,
  requester?: string,
): Promise<number> {
  const holder = phoneCodeHolder(phone);
  let code: string;
  try {
    ({ code } = await deps.codes.issue(holder, 'phone_sign_in', phone, {}, requester));
  } catch (err) {
    if (err instanceof AppError && err.code === 'OTP_COOLDOWN')
      return Number(err.details.retryAfterSeconds) || LIMITS.otpResendCooldownSeconds;
    throw err;
  }
  await smsCode(deps, phone, code, 'sign-in', () =>
    OneTimeCodeModel.deleteOne({ userId: holder, purpose: 'phone_sign_in' }),
  );
  return LIMITS.otpResendCooldownSeconds;
}

/**
 * Signs in the account whose verified phone this is, or creates one with the name given. A new
 * number without a name is answered 400 NAME_REQUIRED only once its code checked out (a wrong
 * code is refused first, so only the number's holder learns it has no account), and the code
 * stays usable for the same request with a name.
 */
export async function verifyPhoneSignIn(
  deps: AuthDeps,
  body: PhoneVerifyBody,
  event: LoginEvent,
): Promise<PhoneVerifyResponse> {
  const { codes } = deps;
  const { phone, code, name } = body;
  const client = event.ip ?? 'unknown';
  const holder = phoneCodeHolder(phone);
  const found = await findByVerifiedPhone(phone);
  if (found) {
    await codes.verify(holder, 'phone_sign_in', phone, code, client);
    return { ...(await signInByPhone(deps, found, event)), created: false };
  }
  if (!name) {
    await codes.verify(holder, 'phone_sign_in', phone, code, client, { consume: false });
    throw new AppError(400, 'NAME_REQUIRED', PHONE_SIGN_IN_MESSAGES.nameRequired);
  }
  await codes.verify(holder, 'phone_sign_in', phone, code, client);
  try {
    const user = (
      await UserModel.create({ name, phone, phoneVerified: true, phoneKey: phone })
    ).toObject() as UserDoc;
    return { ...(await completeSignIn(deps.config, user, event)), created: true };
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    // The unique index on `phoneKey` decides: another request gave this number its account
    // first, and the code has just proved the number, so it signs in there.
    const winner = await findByVerifiedPhone(phone);
    if (!winner) throw err;
    return { ...(await signInByPhone(deps, winner, event)), created: false };
  }
}
