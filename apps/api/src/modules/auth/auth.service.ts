import { brand, LIMITS } from '@vanya/catalog';
import { AUTH_MESSAGES, PROFILE_MESSAGES } from '@vanya/contracts';
import { PHONE_SIGN_IN_MESSAGES } from '@vanya/contracts';
import type {
  ChangePasswordBody,
  LoginBody,
  LoginResponse,
  PhoneVerifyBody,
  PhoneVerifyResponse,
  RegisterBody,
  ResetPasswordBody,
  TwoStepBody,
  UpdateMeBody,
  User,
} from '@vanya/contracts';
import type { Types } from 'mongoose';
import type { Config } from '../../config/env';
import { AppError, conflict, forbidden } from '../../platform/errors/app-error';
import { forgetSession } from '../../platform/http/require-auth';
import type { Logger } from '../../platform/logger';
import type { Mailer, MailMessage } from '../mail/mailer';
import {
  accountExistsMail,
  codeMail,
  emailChangedMail,
  passwordChangedMail,
  passwordResetMail,
  verificationMail,
} from '../mail/templates';
import type { CodeReason } from '../mail/templates';
import type { SmsTransport } from '../sms/sms-transport';
import type { TextBudget, TextPurpose } from '../sms/text-budget';
import { createAvatarStore } from '../users/avatar-store';
import { LOGIN_HISTORY_KEPT, loginHistoryOf, recordLogin } from '../users/login-history';
import type { LoginEvent } from '../users/login-history';
import { hasEmail, UserModel } from '../users/user.model';
import type { UserDoc, UserWithEmail } from '../users/user.model';
import { toUserResponse } from '../users/user.view';
import { phoneCodeHolder } from './codes.service';
import type { CodeService } from './codes.service';
import { EmailTokenModel } from './email-token.model';
import type { EmailTokenService } from './email-tokens.service';
import { OneTimeCodeModel } from './one-time-code.model';
import type { CodePurpose } from './one-time-code.model';
import type { PasswordHasher } from './password-hasher';
import { signSessionToken } from './tokens';
import { isDuplicateKey } from '../../platform/db/duplicate-key';

/** How long a verified new email or phone may wait for the profile to be saved. */
const VERIFIED_CHANGE_LIFETIME_MS = 30 * 60 * 1000;

export interface AuthServiceDeps {
  config: Config;
  logger: Logger;
  mailer: Mailer;
  sms: SmsTransport;
  /** The shop's budget of code texts: each code text is taken from it before it is sent. */
  texts: TextBudget;
  hasher: PasswordHasher;
  codes: CodeService;
  tokens: EmailTokenService;
  /**
   * Runs work after the answer has gone, logging its failure (services.ts): mail whose sending
   * time must not tell whether an address has an account.
   */
  runInBackground: (task: () => Promise<unknown>) => void;
  now?: () => number;
}

export type VerifyLinkOutcome = 'verified' | 'already' | 'invalid' | 'user_not_found';

export function createAuthService(deps: AuthServiceDeps) {
  const { config, logger, mailer, sms, texts, hasher, codes, tokens, runInBackground } = deps;
  const now = deps.now ?? (() => Date.now());
  const webLink = (pathname: string, params?: Record<string, string>) =>
    `${config.webOrigin}${pathname}${params ? `?${new URLSearchParams(params)}` : ''}`;
  const sessionToken = (user: UserDoc) =>
    signSessionToken(
      { sub: String(user._id), tv: user.tokenVersion ?? 0 },
      config.jwtSecret,
      LIMITS.jwtLifetimeSeconds,
    );
  const findByEmail = (email: string) =>
    UserModel.findOne({ email: email.trim().toLowerCase() }).lean<UserWithEmail>();
  const findByVerifiedPhone = (phone: string) =>
    UserModel.findOne({ phoneKey: phone }).lean<UserDoc>();
  const noEmail = () =>
    new AppError(409, 'EMAIL_REQUIRED', 'Add and verify an email address in your profile first.');
  const invalidCode = () => new AppError(400, 'INVALID_OTP', AUTH_MESSAGES.otpInvalid);

  const view = async (user: UserDoc): Promise<User> => toUserResponse(user, loginHistoryOf(user));

  /** Answers the seconds until another code may be sent: the screen's resend countdown. */
  async function mailCode(
    user: UserWithEmail,
    purpose: CodePurpose & CodeReason,
    options: { quietCooldown: boolean; requester?: string },
  ): Promise<number> {
    try {
      const { code } = await codes.issue(user._id, purpose, user.email, {}, options.requester);
      await mailer.send({ to: user.email, ...codeMail(user.name, code, purpose) });
      return LIMITS.otpResendCooldownSeconds;
    } catch (err) {
      if (options.quietCooldown && err instanceof AppError && err.code === 'OTP_COOLDOWN') {
        return Number(err.details.retryAfterSeconds) || LIMITS.otpResendCooldownSeconds;
      }
      throw err;
    }
  }

  async function completeSignIn(user: UserDoc, event: LoginEvent): Promise<LoginResponse> {
    const before = await recordLogin(user._id, event);
    const events = [event, ...before.events].slice(0, LOGIN_HISTORY_KEPT);
    // The answer says whether this user had logged in before *this* sign-in: the screen sends a
    // first-timer to the profile and a returning shopper home.
    return {
      token: sessionToken(user),
      user: toUserResponse(user, { events, hasLoggedInBefore: before.hasLoggedInBefore }),
    };
  }

  /**
   * Sends a code by SMS, taken from the shop's budget of texts first; when the budget refuses or
   * the gateway fails, the code is withdrawn (so the cooldown does not hold back a new try) and the
   * shopper is told why and what to do.
   */
  async function smsCode(
    phone: string,
    code: string,
    purpose: TextPurpose,
    withdraw: () => Promise<unknown>,
  ): Promise<void> {
    try {
      await texts.take(phone, purpose);
    } catch (err) {
      await withdraw();
      throw err;
    }
    try {
      await sms.send(
        phone,
        `${code} is your Vanya Naturals verification code. It expires in ${LIMITS.otpLifetimeMs / 60_000} minutes.`,
        'sms',
      );
    } catch (err) {
      logger.error({ err }, 'SMS not sent');
      await withdraw();
      throw new AppError(503, 'SMS_UNAVAILABLE', PHONE_SIGN_IN_MESSAGES.smsUnavailable);
    }
  }

  /**
   * Mails the account a code (unless one went out within the cooldown) and answers 403 `code`;
   * the code is `requester`'s, the client that passed the password.
   */
  async function codeRequired(
    user: UserWithEmail,
    purpose: 'login' | 'verify_account',
    message: string,
    code: string,
    requester: string | undefined,
  ): Promise<never> {
    const resendAfterSeconds = await mailCode(user, purpose, { quietCooldown: true, requester });
    throw forbidden(message, code, { email: user.email, resendAfterSeconds });
  }

  /** Whether `password` is the account's; one without a password is compared with the dummy too. */
  const passwordMatches = async (password: string, user: UserDoc | null | undefined) =>
    hasher.compare(password, user?.passwordHash ?? (await hasher.dummyHash));

  /**
   * A phone sign-in's last step, as the email login's: an account with two-step verification on
   * is mailed its code and finishes on /verify-otp, so a phone does not bypass the second step.
   */
  async function signInByPhone(user: UserDoc, event: LoginEvent): Promise<LoginResponse> {
    if (user.twoStepEnabled && hasEmail(user))
      await codeRequired(
        user,
        'login',
        AUTH_MESSAGES.otpRequired,
        'OTP_REQUIRED',
        event.ip ?? undefined,
      );
    return completeSignIn(user, event);
  }

  async function markVerified(
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

  /** A new email or phone whose code checked out: PUT /auth/me accepts exactly this value for 30 minutes. */
  async function recordVerifiedChange(
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

  /**
   * A security notice about a change already made: replies go to the support mailbox, and a mail
   * that cannot be sent is logged rather than undoing the change or failing the request.
   */
  async function notify(
    to: string | null | undefined,
    mail: Omit<MailMessage, 'to'>,
  ): Promise<void> {
    // An account made by phone sign-in may have no address to tell yet.
    if (!to) return;
    try {
      await mailer.send({ to, replyTo: brand.supportEmail, ...mail });
    } catch (err) {
      logger.error({ err, subject: mail.subject }, 'account change notice not sent');
    }
  }

  const avatars = createAvatarStore(config.uploadDir);
  const notifyPasswordChanged = (user: UserDoc, how: 'profile' | 'reset') =>
    notify(
      user.email,
      passwordChangedMail(user.name, {
        at: new Date(now()),
        how,
        resetLink: webLink('/forgot-password'),
      }),
    );

  return {
    /**
     * Creates the account (or, for an unverified one, a fresh link carrying this sign-up's password)
     * and mails the link and a code. The answer is the same whether or not the email had an
     * account; a verified owner is told by mail that someone tried.
     */
    async register(body: RegisterBody, requester?: string): Promise<void> {
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
          ...accountExistsMail(user.name, webLink('/login'), webLink('/forgot-password')),
        });
        return;
      }
      try {
        const pending = { passwordHash, name: body.name };
        const token = await tokens.create(
          user._id,
          'verify_email',
          LIMITS.emailTokenLifetimeMs,
          pending,
        );
        let code: string | undefined;
        try {
          code = (await codes.issue(user._id, 'verify_account', user.email, pending, requester))
            .code;
        } catch (err) {
          if (!(err instanceof AppError && err.code === 'OTP_COOLDOWN')) throw err;
        }
        await mailer.send({
          to: user.email,
          ...verificationMail(body.name, webLink('/verify-email', { token }), code),
        });
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
    },

    async verifyEmailLink(token: string): Promise<{ outcome: VerifyLinkOutcome; user?: UserDoc }> {
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
    },

    async verifyEmailAndSignIn(token: string, event: LoginEvent) {
      const { outcome, user } = await this.verifyEmailLink(token);
      if (outcome === 'verified' && user) {
        const session = await completeSignIn(user, event);
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
    },

    async login(body: LoginBody, event: LoginEvent): Promise<LoginResponse> {
      const user = await findByEmail(body.email);
      // An account without a password (made by phone sign-in) is compared with the dummy too.
      const matches = await passwordMatches(body.password, user);
      if (!user || !matches)
        throw new AppError(401, 'INVALID_CREDENTIALS', AUTH_MESSAGES.invalidCredentials);
      if (!user.emailVerified)
        await codeRequired(
          user,
          'verify_account',
          AUTH_MESSAGES.emailNotVerified,
          'EMAIL_NOT_VERIFIED',
          event.ip ?? undefined,
        );
      if (user.twoStepEnabled)
        await codeRequired(
          user,
          'login',
          AUTH_MESSAGES.otpRequired,
          'OTP_REQUIRED',
          event.ip ?? undefined,
        );
      return completeSignIn(user, event);
    },

    /** Finishes a login interrupted for a code: verifies an unverified account, or the two-step code. */
    async verifyOtp(email: string, otp: string, event: LoginEvent): Promise<LoginResponse> {
      const client = event.ip ?? 'unknown';
      const user = await findByEmail(email);
      if (!user) throw invalidCode();
      if (!user.emailVerified) {
        const pending = await codes.verify(user._id, 'verify_account', user.email, otp, client);
        const updated = await markVerified(user._id, pending);
        if (!updated) throw invalidCode();
        return completeSignIn(updated, event);
      }
      if (!user.twoStepEnabled && !(await codes.hasLiveCode(user._id, 'login')))
        throw invalidCode();
      await codes.verify(user._id, 'login', user.email, otp, client);
      return completeSignIn(user, event);
    },

    /**
     * Answers the full cooldown for every address, and issues and mails the code after the answer:
     * nothing in the answer, nor its timing, tells whether the address has an account, or an
     * unverified one, or a code just sent. A login code is sent again only while one lives: only a
     * right password starts a login's second step, so asking cannot hand strangers codes to guess.
     */
    async resendOtp(email: string, requester?: string): Promise<number> {
      const user = await findByEmail(email);
      if (user)
        runInBackground(async () => {
          if (!user.emailVerified) {
            await mailCode(user, 'verify_account', { quietCooldown: true, requester });
          } else if (await codes.hasLiveCode(user._id, 'login')) {
            await mailCode(user, 'login', { quietCooldown: true, requester });
          }
        });
      return LIMITS.otpResendCooldownSeconds;
    },

    me: view,

    async updateMe(user: UserDoc, body: UpdateMeBody): Promise<User> {
      const at = now();
      const set: Record<string, unknown> = {
        name: body.name,
        dob: new Date(`${body.dob}T00:00:00.000Z`),
        gender: body.gender,
      };
      const freshlyVerified = (
        change: { value: string; verifiedAt: Date } | null | undefined,
        value: string,
      ) =>
        change?.value === value && at - change.verifiedAt.getTime() <= VERIFIED_CHANGE_LIFETIME_MS;
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
    },

    /**
     * Mails a code to the new address, after the answer. An address another account uses is
     * treated alike (a code is issued, with its cooldown) but is mailed nothing, as it could never
     * be saved: the answer and its timing are the same, so the form cannot tell who has an account.
     */
    async sendEmailChangeCode(user: UserDoc, email: string): Promise<void> {
      if (email === user.email)
        throw new AppError(400, 'SAME_EMAIL', 'This is already your email address.');
      const taken = await findByEmail(email);
      const { code } = await codes.issue(user._id, 'change_email', email);
      if (taken) return;
      runInBackground(() =>
        mailer.send({ to: email, ...codeMail(user.name, code, 'change_email') }),
      );
    },

    verifyEmailChangeCode: (user: UserDoc, email: string, otp: string, client: string) =>
      recordVerifiedChange(user, 'email', email, otp, client),

    async sendPhoneChangeCode(user: UserDoc, phone: string): Promise<void> {
      if (phone === user.phone && user.phoneVerified)
        throw new AppError(400, 'SAME_PHONE', 'This is already your mobile number.');
      const { code } = await codes.issue(user._id, 'change_phone', phone);
      await smsCode(phone, code, 'phone-change', () =>
        OneTimeCodeModel.deleteOne({ userId: user._id, purpose: 'change_phone' }),
      );
    },

    verifyPhoneChangeCode: (user: UserDoc, phone: string, otp: string, client: string) =>
      recordVerifiedChange(user, 'phone', phone, otp, client),

    /**
     * Texts a sign-in code to the number, whether or not an account has it: nothing here looks the
     * number up, so the answer, the SMS and their timing are the same for both. Within the resend
     * cooldown the code already sent stands, and the answer is the time left. Answers the seconds
     * until another code may be asked for.
     */
    async startPhoneSignIn(phone: string, requester?: string): Promise<number> {
      const holder = phoneCodeHolder(phone);
      let code: string;
      try {
        ({ code } = await codes.issue(holder, 'phone_sign_in', phone, {}, requester));
      } catch (err) {
        if (err instanceof AppError && err.code === 'OTP_COOLDOWN')
          return Number(err.details.retryAfterSeconds) || LIMITS.otpResendCooldownSeconds;
        throw err;
      }
      await smsCode(phone, code, 'sign-in', () =>
        OneTimeCodeModel.deleteOne({ userId: holder, purpose: 'phone_sign_in' }),
      );
      return LIMITS.otpResendCooldownSeconds;
    },

    /**
     * Signs in the account whose verified phone this is, or creates one with the name given. A new
     * number without a name is answered 400 NAME_REQUIRED only once its code checked out (a wrong
     * code is refused first, so only the number's holder learns it has no account), and the code
     * stays usable for the same request with a name.
     */
    async verifyPhoneSignIn(
      body: PhoneVerifyBody,
      event: LoginEvent,
    ): Promise<PhoneVerifyResponse> {
      const { phone, code, name } = body;
      const client = event.ip ?? 'unknown';
      const holder = phoneCodeHolder(phone);
      const found = await findByVerifiedPhone(phone);
      if (found) {
        await codes.verify(holder, 'phone_sign_in', phone, code, client);
        return { ...(await signInByPhone(found, event)), created: false };
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
        return { ...(await completeSignIn(user, event)), created: true };
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        // The unique index on `phoneKey` decides: another request gave this number its account
        // first, and the code has just proved the number, so it signs in there.
        const winner = await findByVerifiedPhone(phone);
        if (!winner) throw err;
        return { ...(await signInByPhone(winner, event)), created: false };
      }
    },

    /** Changes the password and ends every other session; the answer carries this session's new token. */
    async changePassword(user: UserDoc, body: ChangePasswordBody): Promise<{ token: string }> {
      if (!(await passwordMatches(body.currentPassword, user))) {
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
      await notifyPasswordChanged(updated, 'profile');
      return { token: sessionToken(updated) };
    },

    /**
     * Always answers the same, as quickly; an existing account is mailed a single-use link valid
     * for one hour, after the answer.
     */
    async requestPasswordReset(email: string): Promise<void> {
      const user = await findByEmail(email);
      if (!user) return;
      runInBackground(async () => {
        await tokens.revokeAll(user._id, 'reset_password');
        const token = await tokens.create(
          user._id,
          'reset_password',
          LIMITS.passwordResetLifetimeMs,
        );
        await mailer.send({
          to: user.email,
          ...passwordResetMail(user.name, webLink('/reset-password', { token })),
        });
      });
    },

    async resetPassword(body: ResetPasswordBody): Promise<void> {
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
      await notifyPasswordChanged(updated, 'reset');
    },

    async sendTwoStepCode(user: UserDoc): Promise<void> {
      if (!hasEmail(user)) throw noEmail();
      await mailCode(user, 'two_step', { quietCooldown: false });
    },

    async setTwoStep(user: UserDoc, body: TwoStepBody, client: string): Promise<boolean> {
      // The second step is an emailed code: without an address it could never be passed.
      if (!hasEmail(user)) throw noEmail();
      if (body.password !== undefined) {
        if (!(await passwordMatches(body.password, user))) {
          throw forbidden(AUTH_MESSAGES.currentPasswordWrong, 'INVALID_PASSWORD');
        }
      } else if (body.otp !== undefined) {
        await codes.verify(user._id, 'two_step', user.email, body.otp, client);
      }
      await UserModel.updateOne({ _id: user._id }, { $set: { twoStepEnabled: body.enabled } });
      return body.enabled;
    },

    uploadAvatar: (user: UserDoc, image: Buffer): Promise<string> =>
      avatars.replace(user._id, image),

    removeAvatar: (user: UserDoc): Promise<void> => avatars.remove(user._id),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
