import { Link } from 'react-router-dom';

import { PageHeader } from '../../../components/ui/page-header';
import { PATHS } from '../../../config/paths';
import { WISHLIST_TEXTS } from '../texts';

export function WishlistPage() {
  return (
    <div className="page container">
      <PageHeader title={WISHLIST_TEXTS.heading} />
      <div className="empty-state">
        <h2 className="empty-state__title">{WISHLIST_TEXTS.emptyTitle}</h2>
        <p className="empty-state__text">{WISHLIST_TEXTS.emptyMessage}</p>
        <Link className="btn btn--primary" to={PATHS.products}>
          {WISHLIST_TEXTS.browseProducts}
        </Link>
      </div>
    </div>
  );
}
