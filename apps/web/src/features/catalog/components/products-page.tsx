import { PageHeader } from '../../../components/ui/page-header';
import { CATALOG_TEXTS } from '../texts';

export function ProductsPage() {
  return (
    <div className="page container">
      <PageHeader
        eyebrow={CATALOG_TEXTS.productsEyebrow}
        title={CATALOG_TEXTS.productsHeading}
        lead={CATALOG_TEXTS.productsLead}
      />
    </div>
  );
}
