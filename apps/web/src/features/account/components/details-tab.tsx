import { zodResolver } from '@hookform/resolvers/zod';
import { LIMITS } from '@vanya/catalog';
import {
  FIELD_MESSAGES,
  GENDERS,
  PROFILE_MESSAGES,
  updateMeBodySchema,
  type UpdateMeBody,
  type User,
} from '@vanya/contracts';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';

import { BusyButton, FormError } from '../../../components/ui/form-parts';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage } from '../../../lib/api-client';
import { useSendEmailOtp } from '../api/send-email-otp';
import { useSendPhoneOtp } from '../api/send-phone-otp';
import { useUpdateMe } from '../api/update-me';
import { useVerifyEmailOtp } from '../api/verify-email-otp';
import { useVerifyPhoneOtp } from '../api/verify-phone-otp';
import { ACCOUNT_TEXTS } from '../texts';
import { formatLongDate } from '../utils/format';
import {
  INDIA,
  canSaveProfile,
  emailChanged,
  phoneChanged,
  type ProfileValues,
} from '../utils/profile-rules';
import { CountryPicker } from './country-picker';
import { TabSection } from './tab-section';

// The form holds '' for an unchosen gender, which the schema (rightly) refuses with the shop's
// message; the resolver's input type is widened to say so.
const profileResolver = zodResolver(updateMeBodySchema) as unknown as Resolver<
  ProfileValues,
  unknown,
  UpdateMeBody
>;

type CodeFlow = { sent: boolean; verified: boolean; code: string };
const NEW_FLOW: CodeFlow = { sent: false, verified: false, code: '' };

const digitsOnly = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);

function valuesOf(user: User): ProfileValues {
  return {
    name: user.name,
    email: user.email,
    phone: user.phone,
    dob: user.dob,
    gender: user.gender,
  };
}

/** Yesterday as YYYY-MM-DD: the latest date of birth the API accepts. */
function latestDob(): string {
  return new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/**
 * The profile tab: name, email, phone with its country, date of birth, gender and the joined date.
 * A changed email or phone is confirmed with a code before Save Changes is enabled.
 */
export function DetailsTab({ user }: { user: User }) {
  const t = ACCOUNT_TEXTS.details;
  const toast = useToast();
  const updateMe = useUpdateMe();
  const sendEmailOtp = useSendEmailOtp();
  const verifyEmailOtp = useVerifyEmailOtp();
  const sendPhoneOtp = useSendPhoneOtp();
  const verifyPhoneOtp = useVerifyPhoneOtp();

  const [saved, setSaved] = useState(() => valuesOf(user));
  const [country, setCountry] = useState(INDIA);
  const [emailFlow, setEmailFlow] = useState(NEW_FLOW);
  const [phoneFlow, setPhoneFlow] = useState(NEW_FLOW);

  const {
    register,
    handleSubmit,
    watch,
    reset,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<ProfileValues, unknown, UpdateMeBody>({
    resolver: profileResolver,
    defaultValues: saved,
  });

  const values = watch();
  const isEmailChanged = emailChanged(values, saved);
  const isPhoneChanged = phoneChanged(values, saved, country);
  const saveEnabled =
    canSaveProfile(values, saved, country, {
      emailVerified: emailFlow.verified,
      phoneVerified: phoneFlow.verified,
    }) && !isSubmitting;

  /** A code call: on success the flow moves on and the server's text shows; else its error. */
  const codeCall = async (
    call: () => Promise<{ msg: string }>,
    onDone: () => void,
    failureMessage: string,
  ) => {
    try {
      const answer = await call();
      onDone();
      toast.success(answer.msg);
    } catch (error) {
      toast.error(getErrorMessage(error, failureMessage));
    }
  };

  const onSendEmailOtp = () =>
    codeCall(
      () => sendEmailOtp.mutateAsync({ email: values.email.trim() }),
      () => setEmailFlow({ ...NEW_FLOW, sent: true }),
      PROFILE_MESSAGES.emailOtpSendFailed,
    );

  const onVerifyEmailOtp = () =>
    codeCall(
      () => verifyEmailOtp.mutateAsync({ email: values.email.trim(), otp: emailFlow.code }),
      () => setEmailFlow((flow) => ({ ...flow, verified: true })),
      PROFILE_MESSAGES.emailOtpVerificationFailed,
    );

  const onSendPhoneOtp = async () => {
    if (!new RegExp(`^\\d{${LIMITS.phoneDigits}}$`).test(values.phone)) {
      toast.error(FIELD_MESSAGES.mobile);
      return;
    }
    await codeCall(
      () => sendPhoneOtp.mutateAsync({ phone: values.phone }),
      () => setPhoneFlow({ ...NEW_FLOW, sent: true }),
      PROFILE_MESSAGES.phoneOtpSendFailed,
    );
  };

  const onVerifyPhoneOtp = () =>
    codeCall(
      () => verifyPhoneOtp.mutateAsync({ phone: values.phone, otp: phoneFlow.code }),
      () => setPhoneFlow((flow) => ({ ...flow, verified: true })),
      PROFILE_MESSAGES.phoneOtpVerificationFailed,
    );

  const onSubmit = handleSubmit(async (body) => {
    try {
      const updated = await updateMe.mutateAsync(body);
      const next = valuesOf(updated);
      setSaved(next);
      reset(next);
      setEmailFlow(NEW_FLOW);
      setPhoneFlow(NEW_FLOW);
      toast.success(PROFILE_MESSAGES.profileUpdated);
    } catch (error) {
      toast.error(getErrorMessage(error, PROFILE_MESSAGES.profileUpdateFailed));
    }
  });

  const fieldError = Object.values(errors)
    .map((error) => error?.message)
    .find((message): message is string => typeof message === 'string' && message !== '');

  return (
    <TabSection title={t.heading} lead={t.lead}>
      <form className="account-form" onSubmit={onSubmit} noValidate>
        <div className="account-form__grid">
          <div className="field">
            <label className="field__label" htmlFor="profile-name">
              {t.name}
            </label>
            <input
              id="profile-name"
              className="input"
              autoComplete="name"
              aria-invalid={errors.name ? true : undefined}
              {...register('name')}
            />
          </div>

          <div className="field">
            <label className="field__label" htmlFor="profile-email">
              {t.email}
            </label>
            <input
              id="profile-email"
              className="input"
              type="email"
              autoComplete="email"
              inputMode="email"
              aria-invalid={errors.email ? true : undefined}
              {...register('email', { onChange: () => setEmailFlow(NEW_FLOW) })}
            />
            {isEmailChanged ? (
              <CodeStep
                flow={emailFlow}
                idPrefix="email"
                codeLabel={t.emailCode}
                hint={t.emailChangeHint}
                sendLabel={t.sendEmailOtp}
                sending={sendEmailOtp.isPending}
                verifying={verifyEmailOtp.isPending}
                onSend={() => void onSendEmailOtp()}
                onCode={(code) => setEmailFlow((flow) => ({ ...flow, code }))}
                onVerify={() => void onVerifyEmailOtp()}
              />
            ) : null}
          </div>

          <div className="field">
            <label className="field__label" htmlFor="profile-phone">
              {t.phone}
            </label>
            <div className="phone-input">
              <CountryPicker
                value={country}
                onChange={(iso) => {
                  setCountry(iso);
                  setPhoneFlow(NEW_FLOW);
                }}
              />
              <input
                id="profile-phone"
                className="input"
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                placeholder={t.phonePlaceholder}
                maxLength={LIMITS.phoneInputMaxDigits}
                aria-invalid={errors.phone ? true : undefined}
                aria-describedby={country === INDIA ? undefined : 'profile-phone-note'}
                {...register('phone', {
                  onChange: (event: { target: { value: string } }) => {
                    setValue('phone', digitsOnly(event.target.value, LIMITS.phoneInputMaxDigits));
                    setPhoneFlow(NEW_FLOW);
                  },
                })}
              />
            </div>
            {country !== INDIA ? (
              <p className="field__hint field__hint--note" id="profile-phone-note">
                {t.indiaOnly}
              </p>
            ) : isPhoneChanged ? (
              <CodeStep
                flow={phoneFlow}
                idPrefix="phone"
                codeLabel={t.phoneCode}
                hint={t.phoneChangeHint}
                sendLabel={t.sendPhoneOtp}
                sending={sendPhoneOtp.isPending}
                verifying={verifyPhoneOtp.isPending}
                onSend={() => void onSendPhoneOtp()}
                onCode={(code) => setPhoneFlow((flow) => ({ ...flow, code }))}
                onVerify={() => void onVerifyPhoneOtp()}
              />
            ) : null}
          </div>

          <div className="field">
            <label className="field__label" htmlFor="profile-dob">
              {t.dob}
            </label>
            <input
              id="profile-dob"
              className="input"
              type="date"
              min="1900-01-01"
              max={latestDob()}
              autoComplete="bday"
              aria-invalid={errors.dob ? true : undefined}
              {...register('dob')}
            />
          </div>

          <div className="field">
            <label className="field__label" htmlFor="profile-gender">
              {t.gender}
            </label>
            <select
              id="profile-gender"
              className="select"
              aria-invalid={errors.gender ? true : undefined}
              {...register('gender')}
            >
              <option value="">{t.genderPlaceholder}</option>
              {GENDERS.map((gender) => (
                <option key={gender} value={gender}>
                  {ACCOUNT_TEXTS.genders[gender]}
                </option>
              ))}
            </select>
          </div>

          <div className="field">
            <label className="field__label" htmlFor="profile-joined">
              {t.joined}
            </label>
            <input
              id="profile-joined"
              className="input"
              value={formatLongDate(user.createdAt)}
              readOnly
            />
          </div>
        </div>

        <FormError message={fieldError} />

        <div className="account-form__actions">
          <BusyButton
            busy={isSubmitting}
            disabled={!saveEnabled}
            label={t.save}
            busyLabel={t.saving}
          />
          {!saveEnabled && !isSubmitting ? (
            <p className="field__hint">{PROFILE_MESSAGES.fillAllAndVerify}</p>
          ) : null}
        </div>
      </form>
    </TabSection>
  );
}

type CodeStepProps = {
  flow: CodeFlow;
  idPrefix: string;
  codeLabel: string;
  hint: string;
  sendLabel: string;
  sending: boolean;
  verifying: boolean;
  onSend: () => void;
  onCode: (code: string) => void;
  onVerify: () => void;
};

/** 'Send ... OTP', then the code input with Verify, then a verified mark. */
function CodeStep(props: CodeStepProps) {
  const t = ACCOUNT_TEXTS.details;
  const { flow, idPrefix } = props;
  if (flow.verified) {
    return (
      <p className="code-step__verified" role="status">
        <span aria-hidden="true">✓</span> {t.verified}
      </p>
    );
  }
  return (
    <div className="code-step">
      {flow.sent ? (
        <div className="code-step__row">
          <label className="visually-hidden" htmlFor={`${idPrefix}-otp`}>
            {props.codeLabel}
          </label>
          <input
            id={`${idPrefix}-otp`}
            className="input code-step__input"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={LIMITS.otpLength}
            placeholder={t.otpPlaceholder}
            value={flow.code}
            onChange={(event) => props.onCode(digitsOnly(event.target.value, LIMITS.otpLength))}
          />
          <button
            type="button"
            className="btn btn--primary btn--sm"
            onClick={props.onVerify}
            disabled={props.verifying || flow.code.length === 0}
          >
            {props.verifying ? t.verifying : t.verify}
          </button>
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={props.onSend}
            disabled={props.sending}
          >
            {props.sending ? t.sending : props.sendLabel}
          </button>
        </div>
      ) : (
        <div className="code-step__row">
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={props.onSend}
            disabled={props.sending}
          >
            {props.sending ? t.sending : props.sendLabel}
          </button>
          <span className="field__hint">{props.hint}</span>
        </div>
      )}
    </div>
  );
}
