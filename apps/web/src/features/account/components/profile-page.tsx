import { PageHeader } from '../../../components/ui/page-header';
import { useSessionUser } from '../../auth/hooks/use-session';
import { ACCOUNT_TEXTS } from '../texts';

export function ProfilePage() {
  const user = useSessionUser();
  return (
    <div className="page container">
      <PageHeader
        eyebrow={user?.name ? ACCOUNT_TEXTS.greeting(user.name) : undefined}
        title={ACCOUNT_TEXTS.heading}
        lead={ACCOUNT_TEXTS.lead}
      />
    </div>
  );
}
