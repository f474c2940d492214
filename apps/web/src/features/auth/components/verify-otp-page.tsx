import { Link } from 'react-router-dom';

import { PATHS } from '../../../config/paths';
import { AUTH_TEXTS } from '../texts';
import { AuthCard } from './auth-card';

export function VerifyOtpPage() {
  const t = AUTH_TEXTS.verifyOtp;
  return (
    <AuthCard heading={t.heading} subtitle={t.subtitle}>
      <p>
        <Link className="text-link" to={PATHS.login}>
          {AUTH_TEXTS.backToLogin}
        </Link>
      </p>
    </AuthCard>
  );
}
