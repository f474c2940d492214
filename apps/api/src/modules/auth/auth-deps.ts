import { AUTH_MESSAGES } from '@vanya/contracts';
import type { Config } from '../../config/env';
import { AppError } from '../../platform/errors/app-error';
import type { Logger } from '../../platform/logger';
import type { Mailer } from '../mail/mailer';
import type { SmsTransport } from '../sms/sms-transport';
import type { TextBudget } from '../sms/text-budget';
import { UserModel } from '../users/user.model';
import type { UserDoc, UserWithEmail } from '../users/user.model';
import type { CodeService } from './codes.service';
import type { EmailTokenService } from './email-tokens.service';
import type { PasswordHasher } from './password-hasher';

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

/** The auth service's deps as each of its operations takes them: `now` settled once. */
export type AuthDeps = AuthServiceDeps & { now: () => number };

export function authDeps(deps: AuthServiceDeps): AuthDeps {
  return { ...deps, now: deps.now ?? (() => Date.now()) };
}

export const webLink = (config: Config, pathname: string, params?: Record<string, string>) =>
  `${config.webOrigin}${pathname}${params ? `?${new URLSearchParams(params)}` : ''}`;

export const findByEmail = (email: string) =>
  UserModel.findOne({ email: email.trim().toLowerCase() }).lean<UserWithEmail>();

export const findByVerifiedPhone = (phone: string) =>
  UserModel.findOne({ phoneKey: phone }).lean<UserDoc>();

export const noEmail = () =>
  new AppError(409, 'EMAIL_REQUIRED', 'Add and verify an email address in your profile first.');

export const invalidCode = () => new AppError(400, 'INVALID_OTP', AUTH_MESSAGES.otpInvalid);
