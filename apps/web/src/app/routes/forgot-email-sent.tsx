export { ForgotEmailSentPage as Component } from '../../features/auth/components/forgot-email-sent-page';
