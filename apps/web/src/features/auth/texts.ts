import { LIMITS } from '@vanya/catalog';

// Texts the accounts spec quotes for the sign-in screens (section 2), in one place.
export const AUTH_TEXTS = {
  login: {
    heading: 'Welcome Back!',
    subtitle: 'Enter your credentials to login to your account',
    forgotPassword: 'Forgot password?',
    noAccount: 'Don’t have an account?',
    signUpLink: 'Sign up',
  },
  signup: {
    heading: 'Create an Account',
    subtitle: 'Enter your details to sign up',
    haveAccount: 'Already have an account?',
    loginLink: 'Login',
  },
  verifyOtp: {
    heading: 'Verify Your Login',
    subtitle: `Enter the ${LIMITS.otpLength}-digit code we sent to your email.`,
  },
  verifyEmail: {
    heading: 'Email Verification',
    subtitle: 'We confirm your email address from the link in your inbox.',
  },
  forgotPassword: {
    heading: 'Forgot Password',
    subtitle: 'Enter your email and we will send you a link to reset your password.',
  },
  forgotEmailSent: {
    heading: 'Check Your Inbox',
    subtitle: 'If an account exists for that email, a password reset link is on its way.',
  },
  resetPassword: {
    heading: 'Reset Password',
    subtitle: 'Choose a new password for your account.',
  },
  backToLogin: 'Back to login',
} as const;
