import { Link } from 'react-router-dom';

import { PageHeader } from '../../../components/ui/page-header';
import { PATHS } from '../../../config/paths';
import { ORDER_TEXTS } from '../texts';

export function OrderConfirmationPage() {
  return (
    <div className="page container">
      <PageHeader title={ORDER_TEXTS.confirmationHeading} lead={ORDER_TEXTS.confirmationLead}>
        <p>
          <Link className="btn btn--primary" to={PATHS.products}>
            {ORDER_TEXTS.continueShopping}
          </Link>
        </p>
      </PageHeader>
    </div>
  );
}
