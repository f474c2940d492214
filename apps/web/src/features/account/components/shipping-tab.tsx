import { PROFILE_MESSAGES } from '@vanya/contracts';

import { useAddAddress } from '../api/add-address';
import { useDeleteAddress } from '../api/delete-address';
import { useAddresses } from '../api/get-addresses';
import { ACCOUNT_TEXTS } from '../texts';
import { SavedList } from './saved-list';
import { TabSection } from './tab-section';

export function ShippingTab() {
  const t = ACCOUNT_TEXTS.shipping;
  const addresses = useAddresses();
  const add = useAddAddress();
  const remove = useDeleteAddress();
  return (
    <TabSection title={t.heading} lead={t.lead}>
      <SavedList
        query={addresses}
        textOf={(item) => item.address}
        addItem={(address) => add.mutateAsync({ address })}
        adding={add.isPending}
        deleteItem={(id) => remove.mutateAsync(id)}
        deletingId={remove.isPending ? remove.variables : undefined}
        texts={t}
        added={PROFILE_MESSAGES.addressAdded}
        deleted={PROFILE_MESSAGES.addressDeleted}
        failed={t.failed}
        multiline
      />
    </TabSection>
  );
}
