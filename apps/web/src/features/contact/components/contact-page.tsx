import { brand } from '@vanya/catalog';

import { PageHeader } from '../../../components/ui/page-header';
import { CONTACT_TEXTS } from '../texts';

export function ContactPage() {
  return (
    <div className="page container">
      <PageHeader title={CONTACT_TEXTS.heading} lead={CONTACT_TEXTS.lead}>
        <p>
          <a className="text-link" href={`mailto:${brand.supportEmail}`}>
            {brand.supportEmail}
          </a>
        </p>
      </PageHeader>
    </div>
  );
}
