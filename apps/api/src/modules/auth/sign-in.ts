import { LIMITS } from '@vanya/catalog';
import type { LoginResponse } from '@vanya/contracts';
import type { Config } from '../../config/env';
import { forbidden } from '../../platform/errors/app-error';
import { LOGIN_HISTORY_KEPT, recordLogin } from '../users/login-history';
import type { LoginEvent } from '../users/login-history';
import type { UserDoc, UserWithEmail } from '../users/user.model';
import { toUserResponse } from '../users/user.view';
import type { AuthDeps } from './auth-deps';
import { mailCode } from './auth-sending';
import type { PasswordHasher } from './password-hasher';
import { signSessionToken } from './tokens';

export const sessionToken = (config: Config, user: UserDoc) =>
  signSessionToken(
    { sub: String(user._id), tv: user.tokenVersion ?? 0 },
    config.jwtSecret,
    LIMITS.jwtLifetimeSeconds,
  );

export async function completeSignIn(
  config: Config,
  user: UserDoc,
  event: LoginEvent,
): Promise<LoginResponse> {
  const before = await recordLogin(user._id, event);
  const events = [event, ...before.events].slice(0, LOGIN_HISTORY_KEPT);
  // The answer says whether this user had logged in before *this* sign-in: the screen sends a
  // first-timer to the profile and a returning shopper home.
  return {
    token: sessionToken(config, user),
    user: toUserResponse(user, { events, hasLoggedInBefore: before.hasLoggedInBefore }),
  };
}

/**
 * Mails the account a code (unless one went out within the cooldown) and answers 403 `code`;
 * the code is `requester`'s, the client that passed the password.
 */
export async function codeRequired(
  deps: Pick<AuthDeps, 'codes' | 'mailer'>,
  user: UserWithEmail,
  purpose: 'login' | 'verify_account',
  message: string,
  code: string,
  requester: string | undefined,
): Promise<never> {
  const resendAfterSeconds = await mailCode(deps, user, purpose, {
    quietCooldown: true,
    requester,
  });
  throw forbidden(message, code, { email: user.email, resendAfterSeconds });
}

/** Whether `password` is the account's; one without a password is compared with the dummy too. */
export const passwordMatches = async (
  hasher: PasswordHasher,
  password: string,
  user: UserDoc | null | undefined,
) => hasher.compare(password, user?.passwordHash ?? (await hasher.dummyHash));
