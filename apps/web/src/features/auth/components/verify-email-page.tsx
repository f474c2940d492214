import { AUTH_MESSAGES } from '@vanya/contracts';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';

import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { PATHS } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { setSession } from '../../../lib/auth-storage';
import { useVerifyEmail } from '../api/verify-email';
import { useCountdown } from '../../../hooks/use-countdown';
import { AUTH_TEXTS } from '../texts';
import { AuthCard, BackToLogin } from './auth-card';

/** The error text: the server's message when it sent one. */
function verificationError(error: unknown): string {
  if (isApiError(error) && error.fromServer)
    return error.message || AUTH_MESSAGES.verificationFailed;
  return AUTH_MESSAGES.verificationError;
}

export function VerifyEmailPage() {
  const t = AUTH_TEXTS.verifyEmail;
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const toast = useToast();
  const verification = useVerifyEmail(token);
  const { secondsLeft, start, finished } = useCountdown();
  const handled = useRef(false);

  const result = verification.data;
  // A link used a second time: the email is verified but nobody was signed in, so the page says
  // so and offers the login, never the profile countdown (the guard would send them to login).
  const already = result?.success === true && result.outcome === 'already';
  const succeeded = result?.success === true && !already;

  useEffect(() => {
    if (!succeeded || !result || handled.current) return;
    handled.current = true;
    // The link signs the user in when the answer carries a token; the profile loads their details.
    if (result.token) setSession(result.token, {});
    toast.success(AUTH_MESSAGES.emailVerified);
    start(t.redirectSeconds);
  }, [succeeded, result, toast, start, t.redirectSeconds]);

  useEffect(() => {
    if (finished) void navigate(PATHS.profile, { replace: true });
  }, [finished, navigate]);

  let body;
  if (!token) {
    body = <Notice tone="error">{AUTH_MESSAGES.verificationTokenMissing}</Notice>;
  } else if (verification.isPending) {
    body = (
      <p className="auth-status" role="status">
        <Spinner size={22} /> {t.loading}
      </p>
    );
  } else if (verification.isError || (result && !result.success)) {
    const message = verification.isError
      ? verificationError(verification.error)
      : result?.message || AUTH_MESSAGES.verificationFailed;
    body = <Notice tone="error">{message}</Notice>;
  } else if (already) {
    body = (
      <>
        <Notice tone="info">{AUTH_MESSAGES.alreadyVerified}</Notice>
        <Link className="btn btn--primary btn--block" to={PATHS.login} replace>
          {t.logIn}
        </Link>
      </>
    );
  } else {
    body = (
      <>
        <Notice tone="success">{result?.message ?? AUTH_MESSAGES.emailVerified}</Notice>
        <p className="auth-status" role="status">
          {t.redirecting(Math.max(secondsLeft, 1))}
        </p>
        <Link className="btn btn--primary btn--block" to={PATHS.profile} replace>
          {t.goNow}
        </Link>
      </>
    );
  }

  return (
    // When the page itself offers the login, a second way back to it would only repeat it.
    <AuthCard
      heading={t.heading}
      subtitle={t.subtitle}
      footer={already ? undefined : <BackToLogin />}
    >
      {body}
    </AuthCard>
  );
}
