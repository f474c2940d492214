import { zodResolver } from '@hookform/resolvers/zod';
import { stockNotifyBodySchema, type StockNotifyBody } from '@vanya/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import { Field } from '../../../components/ui/field';
import { BusyButton, FormError } from '../../../components/ui/form-parts';
import { getErrorMessage } from '../../../lib/api-client';
import { useNotifyMe } from '../api/notify-me';
import { CATALOG_TEXTS as T } from '../texts';

/**
 * "Notify me" under a product that cannot be bought: an email, checked here and by the API with
 * the same schema; the shop mails it once when the product is back. Loaded only when needed.
 */
export function NotifyMe({ productId, productName }: { productId: string; productName: string }) {
  const notify = useNotifyMe(productId);
  const [done, setDone] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<StockNotifyBody>({
    resolver: zodResolver(stockNotifyBodySchema),
    defaultValues: { email: '' },
    mode: 'onTouched',
  });

  if (done)
    return (
      <p className="notify-me notify-me--done" role="status">
        {done}
      </p>
    );

  const onSubmit = handleSubmit(async (values) => {
    try {
      setDone(await notify.mutateAsync(values));
    } catch {
      // Shown below the field (notify.error).
    }
  });

  return (
    <form
      className="notify-me"
      noValidate
      onSubmit={onSubmit}
      aria-label={`${T.notifyMe}: ${productName}`}
    >
      <Field label={T.notifyMeLabel} error={errors.email}>
        {(control) => (
          <div className="notify-me__row">
            <input
              {...control}
              className="input"
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder={T.notifyMePlaceholder}
              {...register('email')}
            />
            <BusyButton busy={isSubmitting} label={T.notifyMe} busyLabel={T.notifyMeSending} />
          </div>
        )}
      </Field>
      <FormError
        message={notify.isError ? getErrorMessage(notify.error, T.notifyMeFailed) : null}
      />
    </form>
  );
}
