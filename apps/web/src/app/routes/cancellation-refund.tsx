export { CancellationRefundPage as Component } from '../../features/policies/components/legal-page';
