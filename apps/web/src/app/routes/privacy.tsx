export { PrivacyPage as Component } from '../../features/policies/components/legal-page';
