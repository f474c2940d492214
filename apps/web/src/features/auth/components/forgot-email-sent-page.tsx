import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

import { PATHS } from '../../../config/paths';
import { useCountdown } from '../../../hooks/use-countdown';
import { AUTH_TEXTS } from '../texts';
import { AuthCard, BackToLogin } from './auth-card';

export function ForgotEmailSentPage() {
  const t = AUTH_TEXTS.forgotEmailSent;
  const navigate = useNavigate();
  const email = (useLocation().state as { email?: unknown } | null)?.email;
  const { secondsLeft, start, finished } = useCountdown();

  useEffect(() => start(t.redirectSeconds), [start, t.redirectSeconds]);
  useEffect(() => {
    if (finished) void navigate(PATHS.login, { replace: true });
  }, [finished, navigate]);

  return (
    <AuthCard heading={t.heading} subtitle={t.subtitle} footer={<BackToLogin />}>
      <div className="auth-envelope" aria-hidden="true">
        <svg viewBox="0 0 64 48" width="72" height="54">
          <rect
            x="3"
            y="3"
            width="58"
            height="42"
            rx="7"
            fill="none"
            stroke="currentColor"
            strokeWidth="3"
          />
          <path
            d="m6 8 26 20L58 8"
            fill="none"
            stroke="currentColor"
            strokeWidth="3"
            strokeLinejoin="round"
          />
        </svg>
      </div>
      {typeof email === 'string' && email ? (
        <p className="auth-card__note">{t.sentTo(email)}</p>
      ) : null}
      <p className="auth-status" role="status">
        {t.redirecting(Math.max(secondsLeft, 1))}
      </p>
    </AuthCard>
  );
}
