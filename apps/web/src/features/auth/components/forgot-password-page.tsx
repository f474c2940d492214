import { zodResolver } from '@hookform/resolvers/zod';
import { AUTH_MESSAGES, requestPasswordResetBodySchema } from '@vanya/contracts';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';

import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { PATHS } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-client';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { AUTH_TEXTS } from '../texts';
import { AuthCard } from './auth-card';

export type ForgotEmailSentState = { email: string };

export function ForgotPasswordPage() {
  const t = AUTH_TEXTS.forgotPassword;
  const navigate = useNavigate();
  const toast = useToast();
  const requestReset = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(requestPasswordResetBodySchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await requestReset.mutateAsync({ email });
      toast.success(AUTH_MESSAGES.resetEmailSent);
      const state: ForgotEmailSentState = { email };
      await navigate(PATHS.forgotEmailSent, { state });
    } catch (error) {
      toast.error(getErrorMessage(error, AUTH_MESSAGES.resetEmailFailed));
    }
  });

  return (
    <AuthCard
      heading={t.heading}
      subtitle={t.subtitle}
      footer={
        <p>
          <Link className="text-link" to={PATHS.login}>
            {AUTH_TEXTS.backToLogin}
          </Link>
        </p>
      }
    >
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label className="field__label" htmlFor="forgot-email">
            {t.email}
          </label>
          <input
            id="forgot-email"
            className="input"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@example.com"
            aria-invalid={errors.email ? true : undefined}
            {...register('email')}
          />
        </div>
        {errors.email?.message ? (
          <p className="auth-form__error" role="alert">
            {errors.email.message}
          </p>
        ) : null}
        <button className="btn btn--primary btn--lg btn--block" disabled={isSubmitting}>
          {isSubmitting ? <Spinner /> : null}
          {isSubmitting ? t.submitting : t.submit}
        </button>
      </form>
    </AuthCard>
  );
}
