import { brand, LIMITS } from '@vanya/catalog';
import { PHONE_SIGN_IN_MESSAGES } from '@vanya/contracts';
import { AppError } from '../../platform/errors/app-error';
import type { MailMessage } from '../mail/mailer';
import { codeMail, passwordChangedMail } from '../mail/templates';
import type { CodeReason } from '../mail/templates';
import type { TextPurpose } from '../sms/text-budget';
import type { UserDoc, UserWithEmail } from '../users/user.model';
import { webLink } from './auth-deps';
import type { AuthDeps } from './auth-deps';
import type { CodePurpose } from './one-time-code.model';

/** Answers the seconds until another code may be sent: the screen's resend countdown. */
export async function mailCode(
  { codes, mailer }: Pick<AuthDeps, 'codes' | 'mailer'>,
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

/**
 * Sends a code by SMS, taken from the shop's budget of texts first; when the budget refuses or
 * the gateway fails, the code is withdrawn (so the cooldown does not hold back a new try) and the
 * shopper is told why and what to do.
 */
export async function smsCode(
  { texts, sms, logger }: Pick<AuthDeps, 'texts' | 'sms' | 'logger'>,
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
 * A security notice about a change already made: replies go to the support mailbox, and a mail
 * that cannot be sent is logged rather than undoing the change or failing the request.
 */
export async function notify(
  { mailer, logger }: Pick<AuthDeps, 'mailer' | 'logger'>,
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

export const notifyPasswordChanged = (
  deps: Pick<AuthDeps, 'mailer' | 'logger' | 'config' | 'now'>,
  user: UserDoc,
  how: 'profile' | 'reset',
) =>
  notify(
    deps,
    user.email,
    passwordChangedMail(user.name, {
      at: new Date(deps.now()),
      how,
      resetLink: webLink(deps.config, '/forgot-password'),
    }),
  );
