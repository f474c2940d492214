import path from 'node:path';
import type { Config } from './config/env';
import { createPasswordHasher } from './modules/auth/password-hasher';
import type { PasswordHasher } from './modules/auth/password-hasher';
import { createMailer } from './modules/mail/mailer';
import type { Mailer } from './modules/mail/mailer';
import { HttpSmsTransport, LogSmsTransport } from './modules/sms/sms-transport';
import type { SmsTransport } from './modules/sms/sms-transport';
import type { Logger } from './shared/logger';
import { RazorpayProvider, TestPaymentProvider } from './modules/payments/payment-provider';
import type { PaymentProvider } from './modules/payments/payment-provider';

/** The outside-facing parts the modules share; index.ts and tests create them once and close them. */
export interface Services {
  mailer: Mailer;
  passwordHasher: PasswordHasher;
  sms: SmsTransport;
  payments: PaymentProvider;
  /** Runs work that outlives a request; close() waits for what is still running. */
  runInBackground(task: () => Promise<unknown>): void;
  close(): Promise<void>;
}

export function createServices(config: Config, logger: Logger): Services {
  const passwordHasher = createPasswordHasher({
    cost: config.bcryptCost,
    threads: config.passwordHashThreads,
  });
  const sms: SmsTransport = config.sms
    ? new HttpSmsTransport(config.sms.url, config.sms.apiKey)
    : config.isProduction
      ? {
          // Never print codes into production logs: without a gateway, phone codes are refused.
          send: async () => {
            throw new Error('SMS_URL is not configured');
          },
        }
      : new LogSmsTransport(logger);
  const payments: PaymentProvider = config.razorpay
    ? new RazorpayProvider({ ...config.razorpay, apiUrl: config.razorpayApiUrl })
    : new TestPaymentProvider(config.jwtSecret);
  const running = new Set<Promise<unknown>>();
  const runInBackground = (task: () => Promise<unknown>) => {
    const promise = task()
      .catch((err: unknown) => logger.error({ err }, 'background task failed'))
      .finally(() => running.delete(promise));
    running.add(promise);
  };
  return {
    payments,
    runInBackground,
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      mailFrom: config.mailFrom,
      mailDir: path.join(config.dataDir, 'mail'),
      logger,
    }),
    passwordHasher,
    sms,
    async close() {
      await Promise.allSettled([...running]);
      await passwordHasher.close();
    },
  };
}
