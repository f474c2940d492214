import path from 'node:path';
import type { Config } from './config/env';
import { createAuthService } from './modules/auth/auth.service';
import { createCodeService } from './modules/auth/codes.service';
import { createEmailTokenService } from './modules/auth/email-tokens.service';
import { createPasswordHasher } from './modules/auth/password-hasher';
import { createMailer } from './modules/mail/mailer';
import { HttpSmsTransport, LogSmsTransport } from './modules/sms/sms-transport';
import type { SmsTransport } from './modules/sms/sms-transport';
import type { Logger } from './platform/logger';

/** The accounts' part of the composition root (services.ts). */
export function createAuthServices(
  config: Config,
  logger: Logger,
  runInBackground: (task: () => Promise<unknown>) => void,
) {
  const passwordHasher = createPasswordHasher({ cost: config.bcryptCost });
  // Production refuses to start without SMS_URL, so codes are printed to the log only elsewhere.
  const sms: SmsTransport = config.sms
    ? new HttpSmsTransport(config.sms.url, config.sms.apiKey)
    : new LogSmsTransport(logger);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    mailDir: path.join(config.dataDir, 'mail'),
    logger,
  });
  const auth = createAuthService({
    config,
    logger,
    mailer,
    sms,
    hasher: passwordHasher,
    codes: createCodeService(config.secrets.codes),
    tokens: createEmailTokenService(),
    runInBackground,
  });
  return { passwordHasher, mailer, sms, auth };
}
