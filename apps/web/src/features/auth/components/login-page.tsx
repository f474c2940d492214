import { Link } from 'react-router-dom';

import { PATHS } from '../../../config/paths';
import { AUTH_TEXTS } from '../texts';
import { AuthCard } from './auth-card';

export function LoginPage() {
  const t = AUTH_TEXTS.login;
  return (
    <AuthCard heading={t.heading} subtitle={t.subtitle}>
      <p>
        <Link className="text-link" to={PATHS.forgotPassword}>
          {t.forgotPassword}
        </Link>
      </p>
      <p className="auth-card__switch">
        {t.noAccount}{' '}
        <Link className="text-link" to={PATHS.signup}>
          {t.signUpLink}
        </Link>
      </p>
    </AuthCard>
  );
}
