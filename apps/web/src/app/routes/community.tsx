export { CommunityPage as Component } from '../../features/community/components/community-page';
