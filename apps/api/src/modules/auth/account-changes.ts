import { AUTH_MESSAGES, PHONE_SIGN_IN_MESSAGES, PROFILE_MESSAGES } from '@vanya/contracts';
import type { ChangePasswordBody, UpdateMeBody, User } from '@vanya/contracts';
import { isDuplicateKey } from '../../platform/db/duplicate-key';
import { AppError, conflict, forbidden } from '../../platform/errors/app-error';
import { forgetSession } from '../../platform/http/require-auth';
import { codeMail, emailChangedMail } from '../mail/templates';
import { loginHistoryOf } from '../users/login-history';
import { UserModel } from '../users/user.model';
import type { UserDoc } from '../users/user.model';
import { toUserResponse } from '../users/user.view';
import { findByEmail, findByVerifiedPhone } from './auth-deps';
import type { AuthDeps } from './auth-deps';
import { notify, notifyPasswordChanged, smsCode } from './auth-sending';
import { OneTimeCodeModel } from './one-time-code.model';
import { passwordMatches, sessionToken } from './sign-in';

/** How long a verified new email or phone may wait for the profile to be saved. */
const VERIFIED_CHANGE_LIFETIME_MS = 30 * 60 * 1000;

export const view = async (user: UserDoc): Promise<User> =>
  toUserResponse(user, loginHistoryOf(user));

export async function updateMe(deps: AuthDeps, user: UserDoc, body: UpdateMeBody): Promise<User> {
  const at = deps.now();
  const set: Record<string, unknown> = {
    name: body.name,
    dob: new Date(`${body.dob}T00:00:00.000Z`),
    gender: body.gender,
  };
  const freshlyVerified = (
    change: { value: string; verifiedAt: Date } | null | undefined,
    value: string,
  ) => change?.value === value && at - change.verifiedAt.getTime() <= VERIFIED_CHANGE_LIFETIME_MS;
  if (body.email !== user.email) {
    if (!freshlyVerified(user.verifiedEmailChange, body.email)) {
      throw forbidden(PROFILE_MESSAGES.emailChangeNotVerified, 'EMAIL_CHANGE_NOT_VERIFIED');
    }
    // Taken by another account: refused here, and by the unique index on a race (409 below).
    if (await findByEmail(body.email)) throw conflict(AUTH_MESSAGES.emailTaken, 'EMAIL_TAKEN');
    Object.assign(set, { email: body.email, emailVerified: true, verifiedEmailChange: null });
  }
  if (body.phone !== (user.phone ?? '')) {
    if (!freshlyVerified(user.verifiedPhoneChange, body.phone)) {
      throw forbidden(PROFILE_MESSAGES.phoneChangeNotVerified, 'PHONE_CHANGE_NOT_VERIFIED');
    }
    // A verified phone signs in one account: taken by another, it is refused here, and by the
    // unique index on a race.
    const holder = await findByVerifiedPhone(body.phone);
    if (holder && !holder._id.equals(user._id))
      throw conflict(PHONE_SIGN_IN_MESSAGES.phoneTaken, 'PHONE_TAKEN');
    Object.assign(set, {
      phone: body.phone,
      phoneVerified: true,
      phoneKey: body.phone,
      verifiedPhoneChange: null,
    });
  }
  try {
    const updated = await UserModel.findOneAndUpdate(
      { _id: user._id },
      { $set: set },
      { returnDocument: 'after', runValidators: true },
    ).lean<UserDoc>();
    if (!updated) throw new AppError(401, 'UNAUTHORIZED', AUTH_MESSAGES.loginRequired);
    if (user.email && updated.email !== user.email) {
      // The old address hears of it: if this was not its owner, it is their one warning.
      await notify(
        deps,
        user.email,
        emailChangedMail(updated.name, {
          from: user.email,
          to: updated.email ?? '',
          at: new Date(at),
        }),
      );
    }
    return view(updated);
  } catch (err) {
    if (isDuplicateKey(err))
      throw set.phoneKey && !set.email
        ? conflict(PHONE_SIGN_IN_MESSAGES.phoneTaken, 'PHONE_TAKEN')
        : conflict(AUTH_MESSAGES.emailTaken, 'EMAIL_TAKEN');
    throw err;
  }
}

/**
 * Mails a code to the new address, after the answer. An address another account uses is
 * treated alike (a code is issued, with its cooldown) but is mailed nothing, as it could never
 * be saved: the answer and its timing are the same, so the form cannot tell who has an account.
 */
export async function sendEmailChangeCode(
  { codes, mailer, runInBackground }: AuthDeps,
  user: UserDoc,
  email: string,
): Promise<void> {
  if (email === user.email)
    throw new AppError(400, 'SAME_EMAIL', 'This is already your email address.');
  const taken = await findByEmail(email);
  const { code } = await codes.issue(user._id, 'change_email', email);
  if (taken) return;
  runInBackground(() => mailer.send({ to: email, ...codeMail(user.name, code, 'change_email') }));
}

export async function sendPhoneChangeCode(
  deps: AuthDeps,
  user: UserDoc,
  phone: string,
): Promise<void> {
  if (phone === user.phone && user.phoneVerified)
    throw new AppError(400, 'SAME_PHONE', 'This is already your mobile number.');
  const { code } = await deps.codes.issue(user._id, 'change_phone', phone);
  await smsCode(deps, phone, code, 'phone-change', () =>
    OneTimeCodeModel.deleteOne({ userId: user._id, purpose: 'change_phone' }),
  );
}

/** A new email or phone whose code checked out: PUT /auth/me accepts exactly this value for 30 minutes. */
export async function recordVerifiedChange(
  { codes, now }: Pick<AuthDeps, 'codes' | 'now'>,
  user: UserDoc,
  kind: 'email' | 'phone',
  value: string,
  otp: string,
  client: string,
): Promise<void> {
  const purpose = kind === 'email' ? 'change_email' : 'change_phone';
  await codes.verify(user._id, purpose, value, otp, client);
  const field = kind === 'email' ? 'verifiedEmailChange' : 'verifiedPhoneChange';
  await UserModel.updateOne(
    { _id: user._id },
    { $set: { [field]: { value, verifiedAt: new Date(now()) } } },
  );
}

/** Changes the password and ends every other session; the answer carries this session's new token. */
export async function changePassword(
  deps: AuthDeps,
  user: UserDoc,
  body: ChangePasswordBody,
): Promise<{ token: string }> {
  const { hasher } = deps;
  if (!(await passwordMatches(hasher, body.currentPassword, user))) {
    throw forbidden(AUTH_MESSAGES.currentPasswordWrong, 'INVALID_PASSWORD');
  }
  const passwordHash = await hasher.hash(body.newPass);
  const updated = await UserModel.findOneAndUpdate(
    { _id: user._id },
    { $set: { passwordHash }, $inc: { tokenVersion: 1 } },
    { returnDocument: 'after' },
  ).lean<UserDoc>();
  if (!updated) throw new AppError(401, 'UNAUTHORIZED', AUTH_MESSAGES.loginRequired);
  forgetSession(String(updated._id));
  await notifyPasswordChanged(deps, updated, 'profile');
  return { token: sessionToken(deps.config, updated) };
}
