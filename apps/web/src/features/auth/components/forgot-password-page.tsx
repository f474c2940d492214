import { AUTH_MESSAGES } from '@vanya/contracts';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';

import { Field } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toast';
import { PATHS } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-client';
import { FormError } from '../../../components/ui/form-parts';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { authResolver } from '../lazy-schemas';
import { AUTH_TEXTS } from '../texts';
import { AuthCard, BackToLogin, SubmitButton } from './auth-card';

export type ForgotEmailSentState = { email: string };

const forgotPasswordResolver = authResolver((schemas) => schemas.requestPasswordResetBodySchema);

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
    resolver: forgotPasswordResolver,
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
    <AuthCard heading={t.heading} subtitle={t.subtitle} footer={<BackToLogin />}>
      <form
        className="auth-form"
        onSubmit={onSubmit}
        onFocus={() => void forgotPasswordResolver.load()}
        noValidate
      >
        <Field label={t.email} invalid={Boolean(errors.email)}>
          {(control) => (
            <input
              {...control}
              className="input"
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder="you@example.com"
              {...register('email')}
            />
          )}
        </Field>
        <FormError message={errors.email?.message} />
        <SubmitButton busy={isSubmitting} label={t.submit} busyLabel={t.submitting} />
      </form>
    </AuthCard>
  );
}
