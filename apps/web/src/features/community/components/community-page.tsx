import { brand } from '@vanya/catalog';

import { PageHeader } from '../../../components/ui/page-header';
import { COMMUNITY_TEXTS } from '../texts';

export function CommunityPage() {
  return (
    <div className="page container">
      <PageHeader
        eyebrow={brand.hashtag}
        title={COMMUNITY_TEXTS.heading}
        lead={COMMUNITY_TEXTS.lead}
      />
    </div>
  );
}
