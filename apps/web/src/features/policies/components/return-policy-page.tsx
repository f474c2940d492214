import { PageHeader } from '../../../components/ui/page-header';
import { POLICY_TEXTS } from '../texts';

export function ReturnPolicyPage() {
  return (
    <div className="page container">
      <PageHeader title={POLICY_TEXTS.returnPolicyHeading} lead={POLICY_TEXTS.returnPolicyLead} />
    </div>
  );
}
