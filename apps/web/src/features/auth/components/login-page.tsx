import {
  AUTH_MESSAGES,
  LOGIN_ERROR_QUERY_MESSAGES,
  LOGIN_VERIFIED_QUERY_MESSAGES,
  PHONE_SIGN_IN_MESSAGES,
} from '@vanya/contracts';
import { useEffect, useState } from 'react';
import type { LoginResponse } from '@vanya/contracts';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';

import { Notice } from '../../../components/ui/notice';
import { PasswordInput } from '../../../components/ui/password-input';
import { useToast } from '../../../components/ui/toast';
import { PATHS } from '../../../config/paths';
import { useHydrated } from '../../../hooks/use-hydrated';
import { getErrorMessage, isApiError } from '../../../lib/api-client';
import { sessionUserFrom, setSession } from '../../../lib/auth-storage';
import { FormError } from '../../../components/ui/form-parts';
import { useLogin } from '../api/login';
import { authResolver } from '../lazy-schemas';
import { AUTH_TEXTS } from '../texts';
import { firstFormError } from '../utils/form-errors';
import { loginDestination, safeRedirect } from '../utils/login-redirect';
import { AuthCard, SubmitButton } from './auth-card';
import { PhoneSignIn } from './phone-sign-in';

type QueryNotice = { tone: 'success' | 'info' | 'error'; text: string };

/** The message for ?verified= or ?error= that the emailed verification link redirects with. */
export function loginQueryNotice(params: URLSearchParams): QueryNotice | null {
  const verified = params.get('verified');
  if (verified !== null && Object.hasOwn(LOGIN_VERIFIED_QUERY_MESSAGES, verified)) {
    return LOGIN_VERIFIED_QUERY_MESSAGES[verified as keyof typeof LOGIN_VERIFIED_QUERY_MESSAGES];
  }
  const error = params.get('error');
  if (error !== null && Object.hasOwn(LOGIN_ERROR_QUERY_MESSAGES, error)) {
    return LOGIN_ERROR_QUERY_MESSAGES[error as keyof typeof LOGIN_ERROR_QUERY_MESSAGES];
  }
  return null;
}

const loginResolver = authResolver((schemas) => schemas.loginBodySchema);

/** Codes of a 403 login answer after which a code was emailed and /verify-otp finishes the login. */
const CODE_SENT = new Set(['EMAIL_NOT_VERIFIED', 'OTP_REQUIRED']);

export type VerifyOtpState = {
  email: string;
  redirect?: string;
  /** When (epoch ms) the server will send another code: the Resend button counts down to it. */
  resendAvailableAt?: number;
};

type SignInWith = 'phone' | 'email';
const SIGN_IN_WITH: readonly SignInWith[] = ['phone', 'email'];

export function LoginPage() {
  const t = AUTH_TEXTS.login;
  // The screen opens as the accounts spec draws it (email and password); the phone is one tap away.
  const [signInWith, setSignInWith] = useState<SignInWith>('email');
  // A number new to the shop making its account is greeted as new, not welcomed back.
  const [newNumber, setNewNumber] = useState(false);
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const login = useLogin();
  // Read once: the parameters leave the address right after the first render. Shown once the app
  // has taken the prerendered page over, which was drawn without them.
  const [queryNotice] = useState(() => loginQueryNotice(params));
  const hydrated = useHydrated();
  const redirect = safeRedirect(params.get('redirect'));

  useEffect(() => {
    if (!params.has('verified') && !params.has('error')) return;
    const rest = new URLSearchParams(params);
    rest.delete('verified');
    rest.delete('error');
    setParams(rest, { replace: true });
  }, [params, setParams]);

  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: loginResolver,
    defaultValues: { email: '', password: '' },
  });
  const formError = firstFormError(errors, ['email', 'password']);

  const signedIn = async ({ token, user }: LoginResponse, created = false) => {
    setSession(token, sessionUserFrom(user));
    toast.success(
      created ? PHONE_SIGN_IN_MESSAGES.welcome(user.name) : AUTH_MESSAGES.welcomeBack(user.name),
    );
    await navigate(loginDestination(redirect, user.hasLoggedInBefore), { replace: true });
  };

  /** A 403 after which a code was emailed: /verify-otp finishes the sign-in. */
  const codeEmailed = async (error: unknown, email: string | undefined): Promise<boolean> => {
    if (!isApiError(error) || !CODE_SENT.has(error.code) || !email) return false;
    toast.info(error.message);
    const state: VerifyOtpState = {
      email,
      ...(redirect ? { redirect } : {}),
      ...(error.resendAfterSeconds
        ? { resendAvailableAt: Date.now() + error.resendAfterSeconds * 1000 }
        : {}),
    };
    await navigate(PATHS.verifyOtp, { state });
    return true;
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      await signedIn(await login.mutateAsync(values));
    } catch (error) {
      if (await codeEmailed(error, values.email)) return;
      toast.error(getErrorMessage(error, AUTH_MESSAGES.loginFailed));
    }
  });

  const emailForm = (
    <form
      className="auth-form"
      onSubmit={onSubmit}
      onFocus={() => void loginResolver.load()}
      noValidate
    >
      <div className="field">
        <label className="field__label" htmlFor="login-email">
          {t.email}
        </label>
        <input
          id="login-email"
          className="input"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          aria-invalid={errors.email ? true : undefined}
          {...register('email')}
        />
      </div>
      <div className="field">
        <div className="auth-form__label-row">
          <label className="field__label" htmlFor="login-password">
            {t.password}
          </label>
          <Link className="text-link auth-form__aside-link" to={PATHS.forgotPassword}>
            {t.forgotPassword}
          </Link>
        </div>
        <PasswordInput
          id="login-password"
          autoComplete="current-password"
          aria-invalid={errors.password ? true : undefined}
          {...register('password')}
        />
      </div>
      <FormError message={formError} />
      <SubmitButton busy={isSubmitting} label={t.submit} busyLabel={t.submitting} />
    </form>
  );

  return (
    <AuthCard
      heading={newNumber ? t.newHeading : t.heading}
      subtitle={newNumber ? t.newSubtitle : t.subtitle}
      footer={
        <p>
          {t.noAccount}{' '}
          <Link className="text-link" to={PATHS.signup}>
            {t.signUpLink}
          </Link>
        </p>
      }
    >
      {hydrated && queryNotice ? <Notice tone={queryNotice.tone}>{queryNotice.text}</Notice> : null}
      <div className="sign-in-with" role="tablist" aria-label={AUTH_TEXTS.signInWith.label}>
        {SIGN_IN_WITH.map((way) => (
          <button
            key={way}
            type="button"
            role="tab"
            id={`sign-in-with-${way}`}
            aria-selected={signInWith === way}
            aria-controls="sign-in-panel"
            className={signInWith === way ? 'sign-in-with__tab is-active' : 'sign-in-with__tab'}
            onClick={() => setSignInWith(way)}
          >
            {AUTH_TEXTS.signInWith[way]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="sign-in-panel" aria-labelledby={`sign-in-with-${signInWith}`}>
        {signInWith === 'phone' ? (
          <PhoneSignIn
            onSignedIn={(answer) => signedIn(answer, answer.created)}
            onNewNumber={setNewNumber}
            onCodeEmailed={(error) =>
              codeEmailed(error, isApiError(error) ? error.email : undefined)
            }
          />
        ) : (
          emailForm
        )}
      </div>
    </AuthCard>
  );
}
