export { ProfilePage as Component } from '../../features/account/components/profile-page';
