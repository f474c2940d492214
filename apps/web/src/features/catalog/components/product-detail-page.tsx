import { formatINR, getProduct } from '@vanya/catalog';
import { Link, Navigate, useParams } from 'react-router-dom';

import { PageHeader } from '../../../components/ui/page-header';
import { PATHS } from '../../../config/paths';
import { CATALOG_TEXTS } from '../texts';
import './product-detail-page.css';

export function ProductDetailPage() {
  const { productId = '' } = useParams();
  const product = getProduct(productId);

  // Shopping spec section 5: an id that is not in the catalogue goes back to the list.
  if (!product) return <Navigate replace to={PATHS.products} />;

  return (
    <div className="page container">
      <PageHeader eyebrow={product.category} title={product.name} lead={product.description}>
        <p className="product-detail__price">
          {formatINR(product.price)}{' '}
          <span className="product-detail__tax">{CATALOG_TEXTS.inclusiveOfTaxes}</span>
        </p>
        <p>
          <Link className="text-link" to={PATHS.products}>
            {CATALOG_TEXTS.backToProducts}
          </Link>
        </p>
      </PageHeader>
    </div>
  );
}
