export { TermsPage as Component } from '../../features/policies/components/legal-page';
