import { zodResolver } from '@hookform/resolvers/zod';
import {
  AUTH_MESSAGES,
  PROFILE_MESSAGES,
  changePasswordBodySchema,
  type User,
} from '@vanya/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import { Field } from '../../../components/ui/field';
import { PasswordInput } from '../../../components/ui/password-input';
import { BusyButton, FormError } from '../../../components/ui/form-parts';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage, isApiError } from '../../../lib/api-client';
import { useChangePassword } from '../api/change-password';
import { useSetTwoStep } from '../api/set-two-step';
import { ACCOUNT_TEXTS } from '../texts';
import { TabSection } from './tab-section';

export function SecurityTab({ user }: { user: User }) {
  const t = ACCOUNT_TEXTS.security;
  return (
    <>
      <TabSection title={t.passwordHeading} lead={t.passwordLead}>
        <ChangePasswordForm />
      </TabSection>
      <TabSection title={t.twoStepHeading} lead={user.twoStepEnabled ? t.twoStepOn : t.twoStepOff}>
        <TwoStepToggle enabled={user.twoStepEnabled} />
      </TabSection>
      <TabSection title={t.historyHeading} lead={t.historyLead}>
        {user.loginHistory.length === 0 ? (
          <p className="list-state list-state--empty">{t.historyEmpty}</p>
        ) : (
          <ol className="history-list">
            {user.loginHistory.map((entry, index) => (
              <li key={`${index}-${entry}`}>{entry}</li>
            ))}
          </ol>
        )}
      </TabSection>
    </>
  );
}

function ChangePasswordForm() {
  const t = ACCOUNT_TEXTS.security;
  const toast = useToast();
  const changePassword = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(changePasswordBodySchema),
    defaultValues: { currentPassword: '', newPass: '' },
  });
  const messages = [errors.currentPassword?.message, errors.newPass?.message];
  const formError = messages.includes(AUTH_MESSAGES.fillAllFields)
    ? AUTH_MESSAGES.fillAllFields
    : messages.find(Boolean);

  const onSubmit = handleSubmit(async (body) => {
    try {
      // The new token is stored by the request itself (the old one no longer works).
      await changePassword.mutateAsync(body);
      reset();
      toast.success(PROFILE_MESSAGES.passwordChanged);
    } catch (error) {
      const reason = isApiError(error) && error.fromServer ? `\n\n${error.message}` : '';
      window.alert(`${PROFILE_MESSAGES.passwordChangeFailed}${reason}`);
    }
  });

  return (
    <form className="account-form account-form--narrow" onSubmit={onSubmit} noValidate>
      <Field label={t.currentPassword} invalid={Boolean(errors.currentPassword)}>
        {(control) => (
          <PasswordInput
            {...control}
            autoComplete="current-password"
            {...register('currentPassword')}
          />
        )}
      </Field>
      <Field label={t.newPassword} invalid={Boolean(errors.newPass)}>
        {(control) => (
          <PasswordInput {...control} autoComplete="new-password" {...register('newPass')} />
        )}
      </Field>
      <FormError message={formError} />
      <div className="account-form__actions">
        <BusyButton busy={isSubmitting} label={t.submit} busyLabel={t.submitting} />
      </div>
    </form>
  );
}

/** Turning the emailed login code on or off, confirmed with the password. */
function TwoStepToggle({ enabled }: { enabled: boolean }) {
  const t = ACCOUNT_TEXTS.security;
  const toast = useToast();
  const setTwoStep = useSetTwoStep();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');

  const onConfirm = async () => {
    if (!password) {
      toast.error(AUTH_MESSAGES.twoStepProofRequired);
      return;
    }
    try {
      const answer = await setTwoStep.mutateAsync({ enabled: !enabled, password });
      setConfirming(false);
      setPassword('');
      toast.success(answer.msg);
    } catch (error) {
      toast.error(getErrorMessage(error, PROFILE_MESSAGES.profileUpdateFailed));
    }
  };

  if (!confirming) {
    return (
      <div className="two-step">
        <span className={`status ${enabled ? 'status--on' : 'status--off'}`}>
          {enabled ? t.on : t.off}
        </span>
        <button
          type="button"
          className={enabled ? 'btn btn--danger btn--sm' : 'btn btn--primary btn--sm'}
          onClick={() => setConfirming(true)}
        >
          {enabled ? t.disable : t.enable}
        </button>
      </div>
    );
  }

  return (
    <form
      className="account-form account-form--narrow"
      onSubmit={(event) => {
        event.preventDefault();
        void onConfirm();
      }}
      noValidate
    >
      <Field label={t.confirmWithPassword}>
        {(control) => (
          <PasswordInput
            {...control}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
      </Field>
      <div className="account-form__actions">
        <BusyButton
          className="btn btn--primary btn--sm"
          busy={setTwoStep.isPending}
          label={`${t.confirm}: ${enabled ? t.disable : t.enable}`}
          busyLabel={t.confirming}
        />
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={() => {
            setConfirming(false);
            setPassword('');
          }}
        >
          {t.cancel}
        </button>
      </div>
    </form>
  );
}
