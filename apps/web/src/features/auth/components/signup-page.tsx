import { AUTH_MESSAGES } from '@vanya/contracts';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';

import { Field } from '../../../components/ui/field';
import { PasswordInput } from '../../../components/ui/password-input';
import { useToast } from '../../../components/ui/toast';
import { PATHS } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-client';
import { FormError } from '../../../components/ui/form-parts';
import { useRegister } from '../api/register';
import { authResolver } from '../lazy-schemas';
import { AUTH_TEXTS } from '../texts';
import { firstFormError } from '../utils/form-errors';
import { AuthCard, SubmitButton } from './auth-card';
import { PasswordStrength } from './password-strength';

const FIELD_ORDER = ['name', 'email', 'password', 'confirmPassword'] as const;

/** 'Please fill in all fields' first: it is checked before matching and the policy. */
function signupError(errors: Parameters<typeof firstFormError>[0]): string | undefined {
  const messages = FIELD_ORDER.map((name) => errors[name]?.message);
  if (messages.includes(AUTH_MESSAGES.fillAllFields)) return AUTH_MESSAGES.fillAllFields;
  return firstFormError(errors, FIELD_ORDER);
}

const signupResolver = authResolver((schemas) => schemas.signupFormSchema);

export function SignupPage() {
  const t = AUTH_TEXTS.signup;
  const navigate = useNavigate();
  const toast = useToast();
  const registerAccount = useRegister();

  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: signupResolver,
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });
  const password = watch('password');
  const formError = signupError(errors);

  const onSubmit = handleSubmit(async ({ name, email, password: chosen }) => {
    try {
      await registerAccount.mutateAsync({ name, email, password: chosen });
      toast.success(AUTH_MESSAGES.signupSucceeded);
      await navigate(PATHS.login);
    } catch (error) {
      toast.error(getErrorMessage(error, AUTH_MESSAGES.signupFailed));
    }
  });

  const invalid = (name: (typeof FIELD_ORDER)[number]) => Boolean(errors[name]);

  return (
    <AuthCard
      heading={t.heading}
      subtitle={t.subtitle}
      footer={
        <p>
          {t.haveAccount}{' '}
          <Link className="text-link" to={PATHS.login}>
            {t.loginLink}
          </Link>
        </p>
      }
    >
      <form
        className="auth-form"
        onSubmit={onSubmit}
        onFocus={() => void signupResolver.load()}
        noValidate
      >
        <Field label={t.name} invalid={invalid('name')}>
          {(control) => (
            <input {...control} className="input" autoComplete="name" {...register('name')} />
          )}
        </Field>
        <Field label={t.email} invalid={invalid('email')}>
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
        <Field label={t.password} invalid={invalid('password')} hint={t.passwordHint}>
          {(control) => (
            <>
              <PasswordInput {...control} autoComplete="new-password" {...register('password')} />
              <PasswordStrength password={password} />
            </>
          )}
        </Field>
        <Field label={t.confirmPassword} invalid={invalid('confirmPassword')}>
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
