import { LIMITS } from '@vanya/catalog';
import { AUTH_MESSAGES } from '@vanya/contracts';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router-dom';

import { Field } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { PATHS } from '../../../config/paths';
import { getErrorMessage, isApiError } from '../../../lib/api-client';
import { sessionUserFrom, setSession } from '../../../lib/auth-storage';
import { FormError } from '../../../components/ui/form-parts';
import { useResendOtp } from '../api/resend-otp';
import { useVerifyOtp } from '../api/verify-otp';
import { useCountdown } from '../../../hooks/use-countdown';
import { authResolver } from '../lazy-schemas';
import { AUTH_TEXTS } from '../texts';
import { safeRedirect } from '../utils/login-redirect';
import { AuthCard, BackToLogin, SubmitButton } from './auth-card';
import type { VerifyOtpState } from './login-page';

function readState(state: unknown): VerifyOtpState | null {
  const email = (state as { email?: unknown } | null)?.email;
  if (typeof email !== 'string' || !email) return null;
  const redirect = safeRedirect((state as { redirect?: unknown }).redirect as string | undefined);
  const at = (state as { resendAvailableAt?: unknown }).resendAvailableAt;
  return {
    email,
    ...(redirect ? { redirect } : {}),
    ...(typeof at === 'number' && Number.isFinite(at) ? { resendAvailableAt: at } : {}),
  };
}

const otpResolver = authResolver((schemas) => schemas.otpFormSchema);

export function VerifyOtpPage() {
  const t = AUTH_TEXTS.verifyOtp;
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const verify = useVerifyOtp();
  const resend = useResendOtp();
  const cooldown = useCountdown();
  const state = readState(location.state);
  const email = state?.email ?? '';
  const resendAvailableAt = state?.resendAvailableAt;
  const { start: startCooldown } = cooldown;

  // Arriving right after the login sent a code: the button starts in the server's cooldown rather
  // than inviting a click it would refuse. The moment is absolute, so a reload counts what is left.
  useEffect(() => {
    if (resendAvailableAt === undefined) return;
    const left = (resendAvailableAt - Date.now()) / 1000;
    if (left > 0) startCooldown(left);
  }, [resendAvailableAt, startCooldown]);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: otpResolver, defaultValues: { otp: '' } });

  const onSubmit = handleSubmit(async ({ otp }) => {
    if (!email) {
      setError('otp', { message: AUTH_MESSAGES.otpOrEmailMissing });
      return;
    }
    try {
      const { token, user } = await verify.mutateAsync({ email, otp });
      setSession(token, sessionUserFrom(user));
      toast.success(AUTH_MESSAGES.otpVerified);
      await navigate(state?.redirect ?? PATHS.home, { replace: true });
    } catch (error) {
      toast.error(getErrorMessage(error, AUTH_MESSAGES.otpVerificationFailed));
    }
  });

  const onResend = async () => {
    if (!email) {
      setError('otp', { message: AUTH_MESSAGES.otpOrEmailMissing });
      return;
    }
    try {
      const answer = await resend.mutateAsync({ email });
      toast.success(answer.msg || AUTH_MESSAGES.otpResent);
      cooldown.start(answer.resendAfterSeconds || LIMITS.otpResendCooldownSeconds);
    } catch (error) {
      toast.error(getErrorMessage(error, AUTH_MESSAGES.otpResendFailed));
      // The server's own cooldown (a code was sent moments ago): count down what it says is left.
      if (isApiError(error) && error.retryAfterSeconds) cooldown.start(error.retryAfterSeconds);
    }
  };

  const resendDisabled = cooldown.running || resend.isPending;

  return (
    <AuthCard
      heading={t.heading}
      subtitle={email ? t.sentTo(email) : t.subtitle}
      footer={<BackToLogin />}
    >
      <form
        className="auth-form"
        onSubmit={onSubmit}
        onFocus={() => void otpResolver.load()}
        noValidate
      >
        <Field label={t.code} invalid={Boolean(errors.otp)}>
          {(control) => (
            <input
              {...control}
              className="input input--code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={LIMITS.otpLength}
              placeholder={t.placeholder}
              {...register('otp', {
                // Digits only, whatever was pasted.
                setValueAs: (value: string) => value.replace(/\D/g, ''),
              })}
            />
          )}
        </Field>
        <FormError message={errors.otp?.message} />
        <SubmitButton busy={isSubmitting} label={t.submit} busyLabel={t.submitting} />
        <div className="auth-form__resend">
          <p className="field__hint">{t.noCode}</p>
          <button
            type="button"
            className="btn btn--ghost btn--block"
            onClick={() => void onResend()}
            disabled={resendDisabled}
          >
            {resend.isPending ? <Spinner /> : null}
            {cooldown.running ? t.resendIn(cooldown.secondsLeft) : t.resend}
          </button>
        </div>
      </form>
    </AuthCard>
  );
}
