import { brand, LIMITS, TIMINGS } from '@vanya/catalog';
import { PASSWORD_SPECIALS } from '@vanya/contracts';

// Texts of the sign-in screens in one place. Messages both apps share
// (validation, toasts, errors) come from AUTH_MESSAGES in @vanya/contracts; these are the screens'
// own words.
const seconds = (ms: number) => Math.round(ms / 1000);

export const AUTH_TEXTS = {
  login: {
    heading: 'Welcome Back!',
    subtitle: 'Enter your credentials to login to your account',
    /** While a number new to the shop makes its account (phone sign-in's name step). */
    newHeading: `Welcome to ${brand.name}!`,
    newSubtitle: 'Your mobile number is verified. One more step and your account is ready.',
    email: 'Email',
    password: 'Password',
    forgotPassword: 'Forgot password?',
    submit: 'Login',
    submitting: 'Logging in...',
    noAccount: 'Don’t have an account?',
    signUpLink: 'Sign up',
  },
  signup: {
    heading: 'Create an Account',
    subtitle: 'Enter your details to sign up',
    name: 'Full Name',
    email: 'Email',
    password: 'Password',
    confirmPassword: 'Confirm Password',
    passwordHint: `At least ${LIMITS.passwordMinLength} characters, with upper and lower case letters, a number and one of ${PASSWORD_SPECIALS}`,
    strength: 'Password strength:',
    submit: 'Sign Up',
    submitting: 'Creating account...',
    haveAccount: 'Already have an account?',
    loginLink: 'Login',
  },
  verifyOtp: {
    heading: 'Verify Your Login',
    subtitle: `Enter the ${LIMITS.otpLength}-digit code we sent to your email.`,
    sentTo: (email: string) => `Enter the ${LIMITS.otpLength}-digit code we sent to ${email}.`,
    code: 'Verification code',
    placeholder: `Enter ${LIMITS.otpLength}-digit OTP`,
    submit: 'Verify',
    submitting: 'Verifying...',
    resend: 'Resend OTP',
    resendIn: (secondsLeft: number) => `Resend OTP in ${secondsLeft}s`,
    noCode: 'Didn’t get the code? Check your spam folder, or send a new one.',
  },
  verifyEmail: {
    heading: 'Email Verification',
    subtitle: 'We confirm your email address from the link in your inbox.',
    loading: 'Verifying your email address…',
    redirecting: (secondsLeft: number) =>
      `Taking you to your profile in ${secondsLeft} second${secondsLeft === 1 ? '' : 's'}…`,
    goNow: 'Go to my profile',
    logIn: 'Log in',
    redirectSeconds: seconds(TIMINGS.verifyEmailRedirectMs),
  },
  forgotPassword: {
    heading: 'Forgot Password',
    subtitle: 'Enter your email and we will send you a link to reset your password.',
    email: 'Email',
    submit: 'Send Reset Link',
    submitting: 'Sending...',
  },
  forgotEmailSent: {
    heading: 'Check Your Inbox',
    subtitle: 'If an account exists for that email, a password reset link is on its way.',
    sentTo: (email: string) => `We sent the link to ${email}. It works once, within one hour.`,
    redirecting: (secondsLeft: number) =>
      `Taking you to the login page in ${secondsLeft} second${secondsLeft === 1 ? '' : 's'}…`,
    redirectSeconds: seconds(TIMINGS.forgotEmailSentRedirectMs),
  },
  resetPassword: {
    heading: 'Reset Password',
    subtitle: 'Choose a new password for your account.',
    newPassword: 'New Password',
    confirmPassword: 'Confirm New Password',
    submit: 'Reset Password',
    submitting: 'Resetting...',
    requestNewLink: 'Request a new link',
  },
  /** The login page's choice of how to sign in, and the phone steps. */
  signInWith: {
    label: 'How would you like to sign in?',
    phone: 'Phone',
    email: 'Email and password',
  },
  phoneSignIn: {
    phone: 'Mobile number',
    countryCode: '+91',
    phoneHint: 'We will text you a 6-digit code. New here? You can create your account with it.',
    sendCode: 'Send code',
    sending: 'Sending...',
    code: 'Verification code',
    codePlaceholder: `Enter ${LIMITS.otpLength}-digit code`,
    verify: 'Verify and sign in',
    verifying: 'Verifying...',
    changeNumber: 'Change number',
    resend: 'Resend code',
    resendIn: (secondsLeft: number) => `Resend code in ${secondsLeft}s`,
    noCode: 'Didn’t get the SMS? Check the number, or send a new code.',
    newAccount: 'This number is new to us. What should we call you?',
    /** Beside the code field when the server refused the code. */
    codeRefused: (reason: string) => `${reason} Check the SMS, or send a new code below.`,
    name: 'Full Name',
    createAccount: 'Create account',
    creating: 'Creating account...',
  },
  backToLogin: 'Back to login',
  brandPanel: {
    eyebrow: 'Small-batch body care',
    quote: 'Kokum, shea, coffee and turmeric, whipped and poured by hand in Latur.',
    points: ['Track orders and download GST invoices', 'Save addresses for a quicker checkout'],
  },
} as const;
