import { PROFILE_MESSAGES } from '@vanya/contracts';

import { useAddPaymentMethod } from '../api/add-payment-method';
import { useDeletePaymentMethod } from '../api/delete-payment-method';
import { usePaymentMethods } from '../api/get-payment-methods';
import { ACCOUNT_TEXTS } from '../texts';
import { SavedList } from './saved-list';
import { TabSection } from './tab-section';

export function PaymentsTab() {
  const t = ACCOUNT_TEXTS.payments;
  const methods = usePaymentMethods();
  const add = useAddPaymentMethod();
  const remove = useDeletePaymentMethod();
  return (
    <TabSection title={t.heading} lead={t.lead}>
      <SavedList
        query={methods}
        textOf={(item) => item.payment}
        addItem={(payment) => add.mutateAsync({ payment })}
        adding={add.isPending}
        deleteItem={(id) => remove.mutateAsync(id)}
        deletingId={remove.isPending ? remove.variables : undefined}
        texts={t}
        added={PROFILE_MESSAGES.paymentAdded}
        deleted={PROFILE_MESSAGES.paymentDeleted}
        failed={t.failed}
      />
    </TabSection>
  );
}
