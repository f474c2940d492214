import { PageHeader } from '../../../components/ui/page-header';
import { CHECKOUT_TEXTS } from '../texts';

export function CheckoutPage() {
  return (
    <div className="page container">
      <PageHeader title={CHECKOUT_TEXTS.heading} lead={CHECKOUT_TEXTS.lead} />
    </div>
  );
}
