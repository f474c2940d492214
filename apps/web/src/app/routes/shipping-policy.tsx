export { ShippingPolicyPage as Component } from '../../features/policies/components/legal-page';
