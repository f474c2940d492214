export { VerifyOtpPage as Component } from '../../features/auth/components/verify-otp-page';
