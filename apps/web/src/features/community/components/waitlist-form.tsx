import { zodResolver } from '@hookform/resolvers/zod';
import { waitlistBodySchema, type WaitlistBody } from '@vanya/contracts';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';

import { Field } from '../../../components/ui/field';
import { BusyButton, FormError } from '../../../components/ui/form-parts';
import { getErrorMessage } from '../../../lib/api-client';
import { useJoinWaitlist } from '../api/join-waitlist';
import { COMMUNITY_TEXTS as T } from '../texts';

/**
 * 'Join the Waitlist': name and email, checked here and by the API with the same schema. The
 * answer is the same whether the address is new or already on the list (only a new one is
 * mailed), so the form reads the same either way.
 */
export function WaitlistForm() {
  const join = useJoinWaitlist();
  const [joined, setJoined] = useState<string | null>(null);
  const confirmation = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<WaitlistBody>({
    resolver: zodResolver(waitlistBodySchema),
    defaultValues: { name: '', email: '' },
    mode: 'onTouched',
  });

  useEffect(() => {
    if (joined) confirmation.current?.focus();
  }, [joined]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      setJoined((await join.mutateAsync(values)).message);
    } catch {
      // The form shows the failure below its fields (join.error).
    }
  });

  if (joined) {
    return (
      <div className="waitlist waitlist--joined" ref={confirmation} tabIndex={-1} role="status">
        <p className="waitlist__joined-title">{T.joinedTitle}</p>
        <p>{joined}</p>
      </div>
    );
  }

  return (
    <form
      className="waitlist"
      noValidate
      onSubmit={onSubmit}
      aria-label={T.joinWaitlist}
      aria-busy={isSubmitting}
    >
      <div className="waitlist__fields">
        <Field label={T.waitlistName} error={errors.name}>
          {(control) => (
            <input {...control} className="input" autoComplete="name" {...register('name')} />
          )}
        </Field>
        <Field label={T.waitlistEmail} error={errors.email}>
          {(control) => (
            <input
              {...control}
              className="input"
              type="email"
              autoComplete="email"
              inputMode="email"
              {...register('email')}
            />
          )}
        </Field>
      </div>
      <FormError message={join.isError ? getErrorMessage(join.error, T.joinFailed) : null} />
      <BusyButton
        busy={isSubmitting}
        label={T.joinWaitlist}
        busyLabel={T.joiningWaitlist}
        className="btn btn--primary btn--lg btn--block"
      />
      <p className="waitlist__note">{T.waitlistNote}</p>
    </form>
  );
}
