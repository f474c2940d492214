import { Link } from 'react-router-dom';

import { PATHS } from '../../../config/paths';
import { AUTH_TEXTS } from '../texts';
import { AuthCard } from './auth-card';

export function SignupPage() {
  const t = AUTH_TEXTS.signup;
  return (
    <AuthCard heading={t.heading} subtitle={t.subtitle}>
      <p className="auth-card__switch">
        {t.haveAccount}{' '}
        <Link className="text-link" to={PATHS.login}>
          {t.loginLink}
        </Link>
      </p>
    </AuthCard>
  );
}
