export { SignupPage as Component } from '../../features/auth/components/signup-page';
