import { CommunityPage } from '../../features/community/components/community-page';
import { CommunitySection } from '../../features/community/components/community-section';

export function Component() {
  return (
    <CommunityPage>
      <CommunitySection />
    </CommunityPage>
  );
}
