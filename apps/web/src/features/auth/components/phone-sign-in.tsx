import { LIMITS } from '@vanya/catalog';
import { AUTH_MESSAGES, PHONE_SIGN_IN_MESSAGES } from '@vanya/contracts';
import type { LoginResponse } from '@vanya/contracts';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';

import { Field } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { FormError } from '../../../components/ui/form-parts';
import { getErrorMessage, isApiError } from '../../../lib/api-client';
import { useStartPhoneSignIn } from '../api/start-phone-sign-in';
import { useVerifyPhoneSignIn } from '../api/verify-phone-sign-in';
import { useCountdown } from '../../../hooks/use-countdown';
import { authResolver } from '../lazy-schemas';
import { AUTH_TEXTS } from '../texts';
import { SubmitButton } from './auth-card';

const phoneResolver = authResolver((schemas) => schemas.phoneNumberFormSchema);
const codeResolver = authResolver((schemas) => schemas.phoneCodeFormSchema);
const nameResolver = authResolver((schemas) => schemas.phoneNameFormSchema);

const digitsOnly = (value: string) => value.replace(/\D/g, '');

type Step =
  { at: 'phone' } | { at: 'code'; phone: string } | { at: 'name'; phone: string; code: string };

/** The verify's answers that are about the code itself: said beside the code field. */
const CODE_REFUSALS = new Set(['INVALID_OTP', 'OTP_ATTEMPTS_EXCEEDED']);

/**
 * Sign-in by phone: the number, then the texted code, then a name if the number is new. `onSignedIn`
 * finishes as the email login does; `onCodeEmailed` takes over when two-step verification sent a
 * code by email (a 403 from the verify); `onNewNumber` hears whether a new number is making its
 * account (the screen then greets it as new).
 */
export function PhoneSignIn({
  onSignedIn,
  onCodeEmailed,
  onNewNumber,
}: {
  onSignedIn: (answer: LoginResponse & { created: boolean }) => Promise<void>;
  onCodeEmailed: (error: unknown) => Promise<boolean>;
  onNewNumber?: (isNew: boolean) => void;
}) {
  const t = AUTH_TEXTS.phoneSignIn;
  const toast = useToast();
  const start = useStartPhoneSignIn();
  const verify = useVerifyPhoneSignIn();
  const cooldown = useCountdown();
  const [step, setStep] = useState<Step>({ at: 'phone' });
  useEffect(() => onNewNumber?.(step.at === 'name'), [step.at, onNewNumber]);
  useEffect(() => () => onNewNumber?.(false), [onNewNumber]);

  const phoneForm = useForm({ resolver: phoneResolver, defaultValues: { phone: '' } });
  const codeForm = useForm({ resolver: codeResolver, defaultValues: { code: '' } });
  const nameForm = useForm({ resolver: nameResolver, defaultValues: { name: '' } });

  /**
   * Asks for a code; answers whether one is on its way. A resend says so in a toast; the first
   * send is told by the code step's own line.
   */
  async function sendCode(phone: string, { resend = false } = {}): Promise<boolean> {
    try {
      const answer = await start.mutateAsync({ phone });
      cooldown.start(answer.retryAfterSeconds || LIMITS.otpResendCooldownSeconds);
      if (resend) toast.success(PHONE_SIGN_IN_MESSAGES.codeSent(phone));
      return true;
    } catch (error) {
      toast.error(getErrorMessage(error, PHONE_SIGN_IN_MESSAGES.smsUnavailable));
      if (isApiError(error) && error.retryAfterSeconds) cooldown.start(error.retryAfterSeconds);
      return false;
    }
  }

  async function finish(phone: string, code: string, name?: string) {
    try {
      await onSignedIn(await verify.mutateAsync({ phone, code, ...(name ? { name } : {}) }));
    } catch (error) {
      if (isApiError(error) && error.code === 'NAME_REQUIRED') {
        setStep({ at: 'name', phone, code });
        return;
      }
      if (await onCodeEmailed(error)) return;
      const message = getErrorMessage(error, AUTH_MESSAGES.otpVerificationFailed);
      if (isApiError(error) && CODE_REFUSALS.has(error.code)) {
        // A spent or voided code cannot make the account: back to the code, to ask for a new one.
        if (step.at === 'name') setStep({ at: 'code', phone });
        codeForm.setError('code', { message: t.codeRefused(message) }, { shouldFocus: true });
        return;
      }
      toast.error(message);
      if (step.at === 'name') setStep({ at: 'code', phone });
    }
  }

  const onPhone = phoneForm.handleSubmit(async ({ phone }) => {
    if (await sendCode(phone)) {
      codeForm.reset({ code: '' });
      setStep({ at: 'code', phone });
    }
  });
  const onCode = codeForm.handleSubmit(async ({ code }) => {
    if (step.at === 'code') await finish(step.phone, code);
  });
  const onName = nameForm.handleSubmit(async ({ name }) => {
    if (step.at === 'name') await finish(step.phone, step.code, name);
  });

  // Each step's field takes the focus as it appears, as a shopper on a phone expects.
  const { setFocus: focusCode } = codeForm;
  const { setFocus: focusName } = nameForm;
  useEffect(() => {
    if (step.at === 'code') focusCode('code');
    if (step.at === 'name') focusName('name');
  }, [step.at, focusCode, focusName]);

  if (step.at === 'phone') {
    const error = phoneForm.formState.errors.phone?.message;
    return (
      <form
        className="auth-form"
        onSubmit={onPhone}
        onFocus={() => void phoneResolver.load()}
        noValidate
      >
        <Field label={t.phone} invalid={Boolean(error)} hint={t.phoneHint}>
          {(control) => (
            <div className="phone-input">
              <span className="phone-input__prefix" aria-hidden="true">
                {t.countryCode}
              </span>
              <input
                {...control}
                className="input phone-input__field"
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                maxLength={LIMITS.phoneDigits}
                placeholder="98765 43210"
                {...phoneForm.register('phone', { setValueAs: digitsOnly })}
              />
            </div>
          )}
        </Field>
        <FormError message={error} />
        <SubmitButton
          busy={phoneForm.formState.isSubmitting}
          label={t.sendCode}
          busyLabel={t.sending}
        />
      </form>
    );
  }

  if (step.at === 'name') {
    const error = nameForm.formState.errors.name?.message;
    return (
      <form
        className="auth-form"
        onSubmit={onName}
        onFocus={() => void nameResolver.load()}
        noValidate
      >
        <p className="auth-form__lead">{t.newAccount}</p>
        <Field label={t.name} invalid={Boolean(error)}>
          {(control) => (
            <input
              {...control}
              className="input"
              autoComplete="name"
              {...nameForm.register('name')}
            />
          )}
        </Field>
        <FormError message={error} />
        <SubmitButton
          busy={nameForm.formState.isSubmitting}
          label={t.createAccount}
          busyLabel={t.creating}
        />
      </form>
    );
  }

  const error = codeForm.formState.errors.code?.message;
  const resendDisabled = cooldown.running || start.isPending;
  return (
    <form
      className="auth-form"
      onSubmit={onCode}
      onFocus={() => void codeResolver.load()}
      noValidate
    >
      <p className="auth-form__lead">
        {PHONE_SIGN_IN_MESSAGES.codeSent(step.phone)}{' '}
        <button
          type="button"
          className="text-link auth-form__inline-button"
          onClick={() => setStep({ at: 'phone' })}
        >
          {t.changeNumber}
        </button>
      </p>
      <Field label={t.code} error={error} alert>
        {(control) => (
          <input
            {...control}
            className="input input--code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={LIMITS.otpLength}
            placeholder={t.codePlaceholder}
            {...codeForm.register('code', { setValueAs: digitsOnly })}
          />
        )}
      </Field>
      <SubmitButton
        busy={codeForm.formState.isSubmitting}
        label={t.verify}
        busyLabel={t.verifying}
      />
      <div className="auth-form__resend">
        <p className="field__hint">{t.noCode}</p>
        <button
          type="button"
          className="btn btn--ghost btn--block"
          onClick={() => void sendCode(step.phone, { resend: true })}
          disabled={resendDisabled}
        >
          {start.isPending ? <Spinner /> : null}
          {cooldown.running ? t.resendIn(cooldown.secondsLeft) : t.resend}
        </button>
      </div>
    </form>
  );
}
