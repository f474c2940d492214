import { LIMITS } from '@vanya/catalog';
import { AUTH_MESSAGES, AVATAR_FIELD, PROFILE_MESSAGES } from '@vanya/contracts';
import { Router } from 'express';
import type { Request, RequestHandler } from 'express';
import multer from 'multer';
import type { Config } from '../../config/env';
import { AppError } from '../../platform/errors/app-error';
import { perClientQueue } from '../../platform/http/per-client-queue';
import { clientIp, rateLimit, scaledRule } from '../../platform/http/rate-limit';
import { currentUser, requireAuth } from '../../platform/http/require-auth';
import { isOwner } from '../../platform/http/require-owner';
import { handle } from '../../platform/http/contract-route';
import type { LoginEvent } from '../users/login-history';
import { createAttemptGuard } from './attempt-guard';
import type { AttemptGuard } from './attempt-guard';
import type { AuthService } from './auth.service';
import { readUpload } from '../../platform/http/upload';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function rules(scale: number) {
  const rule = (name: string, limit: number, windowMs: number) =>
    scaledRule(scale, name, limit, windowMs);
  // Only what mails the account's own address is capped per account: that slows nobody out of
  // their account. Guessing is slowed per account instead (attempt-guard.ts).
  const slowdown = { firstMs: 1000, maxMs: 8000 };
  return {
    register: rule('register', 10, HOUR),
    login: rule('login', 30, 15 * MINUTE),
    loginAttempts: {
      perAccountClient: rule('login-acct-ip', 10, 15 * MINUTE),
      accountFailures: rule('login-fail-acct', 5, 15 * MINUTE),
      slowdown,
    },
    sendCode: rule('send-code', 20, HOUR),
    sendCodeAccountClient: rule('send-code-acct-ip', 10, HOUR),
    sendCodeAccount: rule('send-code-acct', 30, HOUR),
    verify: rule('verify', 30, 15 * MINUTE),
    verifyAccountClient: rule('verify-acct-ip', 10, 15 * MINUTE),
    codeAttempts: {
      perAccountClient: rule('code-acct-ip', 10, 15 * MINUTE),
      accountFailures: rule('code-fail-acct', 5, 15 * MINUTE),
      slowdown,
    },
    // Each phone sign-in code is an SMS we pay for: a client may ask for a few numbers' codes, and
    // the resend cooldown spaces them out; each text is then taken from the shop's budget (per
    // number, per prefix, per hour and day: modules/sms/text-budget.ts).
    phoneStart: rule('phone-start', 10, HOUR),
    resetRequest: rule('reset-request', 10, HOUR),
    resetRequestAccount: rule('reset-request-acct', 5, HOUR),
    reset: rule('reset', 20, HOUR),
    password: rule('password', 20, 15 * MINUTE),
    // Each upload is decoded in full: a few per shopper, checked before the body is read.
    upload: rule('upload', 60, HOUR),
    uploadUser: rule('upload-user', 20, HOUR),
  };
}

const message = (text: string) => ({ msg: text, message: text });

/**
 * Password hashes (bcrypt, on libuv's four threads) one at a time per client address: a burst from
 * one address waits its own turn and leaves the other threads to everyone else.
 */
const HASHES_AT_ONCE_PER_CLIENT = 1;

/**
 * Runs a password or code check as one attempt of `guard`: `failures` are the error codes of a
 * wrong answer; any other refusal after the check (a code to enter next) means it was right.
 */
async function attempt<T>(
  guard: AttemptGuard,
  req: Request,
  account: string,
  failures: readonly string[],
  check: () => Promise<T>,
): Promise<T> {
  const entered = await guard.enter(req, account.toLowerCase());
  try {
    const result = await check();
    await entered.succeeded();
    return result;
  } catch (err) {
    if (err instanceof AppError && failures.includes(err.code)) await entered.failed();
    else if (err instanceof AppError && err.status === 403) await entered.succeeded();
    throw err;
  }
}

function loginEvent(req: Request): LoginEvent {
  return {
    at: new Date(),
    ip: clientIp(req),
    userAgent: req.get('user-agent')?.slice(0, 300) ?? '',
  };
}

const avatarUpload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: LIMITS.avatarMaxBytes, files: 1, fields: 0, parts: 1 },
  fileFilter: (_req, file, accept) => {
    if (/^image\/(jpeg|png|webp|gif|avif|heic|heif)$/.test(file.mimetype))
      return accept(null, true);
    accept(new AppError(415, 'UNSUPPORTED_MEDIA', PROFILE_MESSAGES.avatarInvalidImage));
  },
}).single(AVATAR_FIELD);

/** What each group of auth routes is registered with: the router, the service, the shared limits. */
interface AuthRouting {
  router: Router;
  service: AuthService;
  config: Config;
  limits: ReturnType<typeof rules>;
  auth: RequestHandler;
  sendCodeLimit: RequestHandler;
  verifyLimit: RequestHandler;
  loginGuard: AttemptGuard;
  codeGuard: AttemptGuard;
  hashed: <T>(req: Request, work: () => Promise<T>) => Promise<T>;
}

export function authRoutes(service: AuthService, config: Config): Router {
  const router = Router();
  const limits = rules(config.rateLimitScale);
  const auth = requireAuth(config.jwtSecret);
  const sendCodeLimit = rateLimit(limits.sendCode, {
    perAccount: limits.sendCodeAccount,
    perAccountClient: limits.sendCodeAccountClient,
  });
  const verifyLimit = rateLimit(limits.verify, { perAccountClient: limits.verifyAccountClient });
  const loginGuard = createAttemptGuard(limits.loginAttempts);
  // Every limit is decided before this queue, so a refused request never waits in it.
  const hashing = perClientQueue(HASHES_AT_ONCE_PER_CLIENT);
  const hashed = <T>(req: Request, work: () => Promise<T>) => hashing(clientIp(req), work);
  const codeGuard = createAttemptGuard(limits.codeAttempts);
  const routing: AuthRouting = {
    router,
    service,
    config,
    limits,
    auth,
    sendCodeLimit,
    verifyLimit,
    loginGuard,
    codeGuard,
    hashed,
  };
  emailSignInRoutes(routing);
  phoneSignInRoutes(routing);
  passwordResetRoutes(routing);
  profileRoutes(routing);
  avatarRoutes(routing);
  return router;
}

/** Sign-up, email verification and the password login with its code. */
function emailSignInRoutes({
  router,
  service,
  config,
  limits,
  sendCodeLimit,
  verifyLimit,
  loginGuard,
  codeGuard,
  hashed,
}: AuthRouting): void {
  handle(router, 'post /auth/register', rateLimit(limits.register), async (req, res, { body }) => {
    await hashed(req, () => service.register(body, clientIp(req)));
    res.status(201).json(message(AUTH_MESSAGES.registered));
  });

  handle(router, 'post /auth/login', rateLimit(limits.login), async (req, res, { body }) => {
    res.json(
      await attempt(loginGuard, req, body.email, ['INVALID_CREDENTIALS'], () =>
        hashed(req, () => service.login(body, loginEvent(req))),
      ),
    );
  });

  handle(router, 'post /auth/verify-email', verifyLimit, async (req, res, { body }) => {
    res.json(await service.verifyEmailAndSignIn(body.token, loginEvent(req)));
  });

  // The link in the mail: it verifies and sends the browser to the login screen with the outcome.
  handle(
    router,
    'get /auth/verify-email',
    rateLimit(limits.verify),
    async (_req, res, { query: { token } }) => {
      const login = (query: string) => res.redirect(302, `${config.webOrigin}/login?${query}`);
      if (!token) return login('error=missing_token');
      const { outcome } = await service.verifyEmailLink(token);
      const query = {
        verified: 'verified=true',
        already: 'verified=already',
        invalid: 'error=invalid_or_expired_token',
        user_not_found: 'error=user_not_found',
      }[outcome];
      login(query);
    },
  );

  handle(router, 'post /auth/resend-otp', sendCodeLimit, async (req, res, { body }) => {
    const resendAfterSeconds = await service.resendOtp(body.email, clientIp(req));
    res.json({ ...message(AUTH_MESSAGES.otpResent), resendAfterSeconds });
  });

  handle(
    router,
    'post /auth/verify-otp',
    rateLimit(limits.verify),
    async (req, res, { body: { email, otp } }) => {
      res.json(
        await attempt(codeGuard, req, email, ['INVALID_OTP', 'OTP_ATTEMPTS_EXCEEDED'], () =>
          service.verifyOtp(email, otp, loginEvent(req)),
        ),
      );
    },
  );
}

function phoneSignInRoutes({ router, service, limits, codeGuard }: AuthRouting): void {
  // Sign-in by phone: the number's limits are kept per number (`phone` in the body).
  handle(
    router,
    'post /auth/phone/start',
    rateLimit(limits.phoneStart),
    async (req, res, { body: { phone } }) => {
      res.json({
        sent: true,
        retryAfterSeconds: await service.startPhoneSignIn(phone, clientIp(req)),
      });
    },
  );

  handle(
    router,
    'post /auth/phone/verify',
    rateLimit(limits.verify),
    async (req, res, { body }) => {
      res.json(
        await attempt(codeGuard, req, body.phone, ['INVALID_OTP', 'OTP_ATTEMPTS_EXCEEDED'], () =>
          service.verifyPhoneSignIn(body, loginEvent(req)),
        ),
      );
    },
  );
}

function passwordResetRoutes({ router, service, limits, hashed }: AuthRouting): void {
  handle(
    router,
    'post /auth/request-password-reset',
    rateLimit(limits.resetRequest, { perAccount: limits.resetRequestAccount }),
    async (_req, res, { body }) => {
      await service.requestPasswordReset(body.email);
      res.json(message(AUTH_MESSAGES.resetLinkSent));
    },
  );

  handle(
    router,
    'post /auth/reset-password',
    rateLimit(limits.reset),
    async (req, res, { body }) => {
      await hashed(req, () => service.resetPassword(body));
      res.json(message(AUTH_MESSAGES.passwordResetSucceeded));
    },
  );
}

/**
 * The signed-in account: its profile, the codes for a new email or phone, its password and its
 * two-step setting.
 */
function profileRoutes({
  router,
  service,
  config,
  limits,
  auth,
  sendCodeLimit,
  verifyLimit,
  hashed,
}: AuthRouting): void {
  handle(router, 'get /auth/me', auth, async (_req, res) => {
    const user = currentUser(res);
    // `owner` lets the account page offer the way into the owner area.
    res.json({ data: { user: await service.me(user), owner: isOwner(user, config.ownerEmails) } });
  });

  handle(router, 'put /auth/me', auth, async (_req, res, { body }) => {
    res.json({
      data: { user: await service.updateMe(currentUser(res), body) },
    });
  });

  handle(router, 'post /auth/send-email-otp', auth, sendCodeLimit, async (_req, res, { body }) => {
    await service.sendEmailChangeCode(currentUser(res), body.email);
    res.json(message(PROFILE_MESSAGES.emailOtpSent));
  });

  handle(
    router,
    'post /auth/verify-email-otp',
    auth,
    verifyLimit,
    async (req, res, { body: { email, otp } }) => {
      await service.verifyEmailChangeCode(currentUser(res), email, otp, clientIp(req));
      res.json(message(PROFILE_MESSAGES.emailOtpVerified));
    },
  );

  handle(router, 'post /auth/send-phone-otp', auth, sendCodeLimit, async (_req, res, { body }) => {
    await service.sendPhoneChangeCode(currentUser(res), body.phone);
    res.json(message(PROFILE_MESSAGES.phoneOtpSent));
  });

  handle(
    router,
    'post /auth/verify-phone-otp',
    auth,
    verifyLimit,
    async (req, res, { body: { phone, otp } }) => {
      await service.verifyPhoneChangeCode(currentUser(res), phone, otp, clientIp(req));
      res.json(message(PROFILE_MESSAGES.phoneOtpVerified));
    },
  );

  handle(
    router,
    'post /auth/change-password',
    auth,
    rateLimit(limits.password),
    async (req, res, { body }) => {
      const { token } = await hashed(req, () => service.changePassword(currentUser(res), body));
      res.json({ ...message(PROFILE_MESSAGES.passwordChanged), token });
    },
  );

  handle(router, 'post /auth/two-step/send-code', auth, sendCodeLimit, async (_req, res) => {
    await service.sendTwoStepCode(currentUser(res));
    res.json(message(AUTH_MESSAGES.otpSent));
  });

  handle(
    router,
    'post /auth/two-step',
    auth,
    rateLimit(limits.password),
    async (req, res, { body }) => {
      const enabled = await hashed(req, () =>
        service.setTwoStep(currentUser(res), body, clientIp(req)),
      );
      res.json({
        twoStepEnabled: enabled,
        ...message(enabled ? PROFILE_MESSAGES.twoStepEnabled : PROFILE_MESSAGES.twoStepDisabled),
      });
    },
  );
}

function avatarRoutes({ router, service, limits, auth }: AuthRouting): void {
  const uploadLimit = rateLimit(limits.upload, { perUser: limits.uploadUser });
  handle(
    router,
    'post /auth/upload-avatar',
    auth,
    uploadLimit,
    readUpload(avatarUpload),
    async (req, res) => {
      if (!req.file) throw new AppError(400, 'VALIDATION_ERROR', 'Choose an image to upload.');
      res.json({ avatar: await service.uploadAvatar(currentUser(res), req.file.buffer) });
    },
  );

  handle(router, 'post /auth/remove-avatar', auth, async (_req, res) => {
    await service.removeAvatar(currentUser(res));
    res.json({ avatar: '', ...message(PROFILE_MESSAGES.avatarRemoved) });
  });
}
