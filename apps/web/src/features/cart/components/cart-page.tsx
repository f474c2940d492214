import { Link } from 'react-router-dom';

import { PageHeader } from '../../../components/ui/page-header';
import { PATHS } from '../../../config/paths';
import { CART_TEXTS } from '../texts';

export function CartPage() {
  return (
    <div className="page container">
      <PageHeader title={CART_TEXTS.heading} />
      <div className="empty-state">
        <h2 className="empty-state__title">{CART_TEXTS.emptyTitle}</h2>
        <p className="empty-state__text">{CART_TEXTS.emptyMessage}</p>
        <Link className="btn btn--primary" to={PATHS.products}>
          {CART_TEXTS.continueShopping}
        </Link>
      </div>
    </div>
  );
}
