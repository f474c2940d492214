export { ReturnPolicyPage as Component } from '../../features/policies/components/return-policy-page';
