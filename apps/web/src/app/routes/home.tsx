import { lazy } from 'react';

import { HomePage } from '../../features/home/components/home-page';

// Below the first screen, so its code loads after it (the home page defers rendering it too).
const CommunitySection = lazy(() =>
  import('../../features/community/components/community-section').then((module) => ({
    default: module.CommunitySection,
  })),
);

export function Component() {
  return <HomePage community={<CommunitySection />} />;
}
