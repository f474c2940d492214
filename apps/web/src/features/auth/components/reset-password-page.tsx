import { AUTH_MESSAGES } from '@vanya/contracts';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';

import { Field } from '../../../components/ui/field';
import { Notice } from '../../../components/ui/notice';
import { PasswordInput } from '../../../components/ui/password-input';
import { useToast } from '../../../components/ui/toast';
import { PATHS } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-client';
import { FormError } from '../../../components/ui/form-parts';
import { useResetPassword } from '../api/reset-password';
import { authResolver } from '../lazy-schemas';
import { AUTH_TEXTS } from '../texts';
import { firstFormError } from '../utils/form-errors';
import { AuthCard, BackToLogin, SubmitButton } from './auth-card';
import { PasswordStrength } from './password-strength';

const resetPasswordResolver = authResolver((schemas) => schemas.resetPasswordFormSchema);

export function ResetPasswordPage() {
  const t = AUTH_TEXTS.resetPassword;
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const toast = useToast();
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: resetPasswordResolver,
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const newPassword = watch('newPassword');
  const messages = [errors.newPassword?.message, errors.confirmPassword?.message];
  const formError = messages.includes(AUTH_MESSAGES.allFieldsRequired)
    ? AUTH_MESSAGES.allFieldsRequired
    : firstFormError(errors, ['newPassword', 'confirmPassword']);

  const onSubmit = handleSubmit(async ({ newPassword: chosen }) => {
    // Without a token the notice above already says so ('Missing token').
    if (!token) return;
    try {
      await reset.mutateAsync({ token, newPassword: chosen });
      toast.success(AUTH_MESSAGES.passwordResetSucceeded);
      await navigate(PATHS.login, { replace: true });
    } catch (error) {
      toast.error(getErrorMessage(error, AUTH_MESSAGES.passwordResetFailed));
    }
  });

  return (
    <AuthCard heading={t.heading} subtitle={t.subtitle} footer={<BackToLogin />}>
      {token ? null : (
        <Notice tone="error">
          {AUTH_MESSAGES.missingToken}.{' '}
          <Link className="text-link" to={PATHS.forgotPassword}>
            {t.requestNewLink}
          </Link>
        </Notice>
      )}
      <form
        className="auth-form"
        onSubmit={onSubmit}
        onFocus={() => void resetPasswordResolver.load()}
        noValidate
      >
        <Field
          label={t.newPassword}
          invalid={Boolean(errors.newPassword)}
          hint={AUTH_TEXTS.signup.passwordHint}
        >
          {(control) => (
            <>
              <PasswordInput
                {...control}
                autoComplete="new-password"
                {...register('newPassword')}
              />
              <PasswordStrength password={newPassword} />
            </>
          )}
        </Field>
        <Field label={t.confirmPassword} invalid={Boolean(errors.confirmPassword)}>
          {(control) => (
            <PasswordInput
              {...control}
              autoComplete="new-password"
              {...register('confirmPassword')}
            />
          )}
        </Field>
        <FormError message={formError} />
        <SubmitButton busy={isSubmitting} label={t.submit} busyLabel={t.submitting} />
      </form>
    </AuthCard>
  );
}
