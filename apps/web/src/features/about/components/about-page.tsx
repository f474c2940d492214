import { PageHeader } from '../../../components/ui/page-header';
import { ABOUT_TEXTS } from '../texts';

export function AboutPage() {
  return (
    <div className="page container">
      <PageHeader
        eyebrow={ABOUT_TEXTS.tagline}
        title={ABOUT_TEXTS.heading}
        lead={ABOUT_TEXTS.lead}
      />
    </div>
  );
}
