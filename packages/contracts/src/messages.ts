// Every text a shopper can see that both apps share: validation, error and success messages.
// The screens' fixed texts are
// kept word for word, punctuation included; the others word rules no screen words.
// Screens, the API and tests import them from here rather than retype them.
import { LIMITS } from '@vanya/catalog';

/** Texts of the shared field rules (fields.ts). All of them are worded here. */
export const FIELD_MESSAGES = {
  invalidEmail: 'Enter a valid email address',
  emailTooLong: 'Email address is too long (at most 254 characters)',
  mobile: `Enter a ${LIMITS.phoneDigits}-digit mobile number`,
  pinCode: `Enter a ${LIMITS.pinCodeDigits}-digit PIN code`,
  state: 'Choose a state from the list',
  otp: `Enter the ${LIMITS.otpLength}-digit code`,
  passwordTooLong: `Password is too long (at most ${LIMITS.passwordMaxBytes} bytes)`,
  gstin: 'Enter a valid GSTIN',
  name: 'Enter your name',
  nameTooLong: 'Name is too long (at most 100 characters)',
  objectId: 'Invalid id',
  productId: 'Unknown product',
  dob: 'Enter your date of birth as YYYY-MM-DD',
  dobInPast: 'Date of birth must be a date in the past',
  gender: 'Choose a gender from the list',
  token: 'This link is incomplete',
} as const;

/** Login, signup, one-time codes, email verification and password reset. */
export const AUTH_MESSAGES = {
  // The account screens' fixed texts.
  fillAllFields: 'Please fill in all fields',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordPolicy:
    'Password must be at least 8 characters and include uppercase, lowercase, number, and special character.',
  loginFailed: 'Login failed. Please try again.',
  welcomeBack: (name: string): string => `Welcome back, ${name}!`,
  signupSucceeded: 'Account created! Check your email for confirmation.',
  signupFailed: 'Signup failed. Try again.',
  otpOrEmailMissing: 'OTP or email is missing.',
  otpResent: 'OTP resent to your email!',
  otpResendFailed: 'Failed to resend OTP.',
  otpVerified: 'OTP verified successfully!',
  otpVerificationFailed: 'OTP verification failed.',
  emailVerified: 'Email verified successfully!',
  verificationTokenMissing: 'Invalid or missing verification token.',
  verificationFailed: 'Verification failed.',
  verificationError: 'An error occurred during verification.',
  emailRequired: 'Email is required',
  resetEmailSent: 'Password reset email sent',
  resetEmailFailed: 'Error sending reset email',
  missingToken: 'Missing token',
  allFieldsRequired: 'All fields are required',
  passwordResetSucceeded: 'Password reset successfully',
  passwordResetFailed: 'Reset failed',
  // Worded here: what the API answers where the screens show only the screen's fallback.
  registered: 'Account created. Check your email for the verification link.',
  emailTaken: 'An account with this email already exists',
  invalidCredentials: 'Invalid email or password',
  emailNotVerified: 'Please verify your email before logging in. Check your inbox for the link.',
  otpRequired: 'Enter the code we sent to your email to finish logging in.',
  otpSent: 'We sent a code to your email.',
  otpInvalid: 'The code is wrong or has expired.',
  otpTooManyAttempts: 'Too many wrong codes. Request a new code.',
  verificationLinkInvalid: 'Verification link is invalid or expired.',
  alreadyVerified: 'Email already verified. Please log in.',
  resetLinkSent: 'If an account exists for this email, a reset link is on its way.',
  resetLinkInvalid: 'This reset link is invalid or has expired.',
  currentPasswordWrong: 'Current password is incorrect',
  newPasswordSameAsCurrent: 'Choose a new password that differs from the current one',
  twoStepProofRequired: 'Enter your password or the code we emailed you',
  loginRequired: 'Please log in to continue.',
} as const;

/** Messages the login screen shows for the query the verification link redirects with. */
export const LOGIN_VERIFIED_QUERY_MESSAGES = {
  true: { tone: 'success', text: 'Your email has been verified. Please log in.' },
  already: { tone: 'info', text: AUTH_MESSAGES.alreadyVerified },
} as const;

export const LOGIN_ERROR_QUERY_MESSAGES = {
  invalid_or_expired_token: { tone: 'error', text: AUTH_MESSAGES.verificationLinkInvalid },
  user_not_found: { tone: 'error', text: 'User not found during verification.' },
  missing_token: { tone: 'error', text: 'Verification link was incomplete.' },
} as const;

export type LoginVerifiedQueryValue = keyof typeof LOGIN_VERIFIED_QUERY_MESSAGES;
export type LoginErrorQueryValue = keyof typeof LOGIN_ERROR_QUERY_MESSAGES;

/** Session-wide texts. */
export const SESSION_MESSAGES = {
  sessionExpired: 'Session expired. Please log in again.',
  inactivityLogout: "You've been logged out due to inactivity.",
} as const;

/** The profile page and its tabs. */
export const PROFILE_MESSAGES = {
  // The account screens' fixed texts.
  fillAllAndVerify: 'Please fill all fields and verify phone/email if changed.',
  profileUpdated: 'Profile updated successfully.',
  profileUpdateFailed: 'Failed to update profile.',
  passwordChanged: 'Password changed successfully.',
  passwordChangeFailed: 'Failed to change password.',
  avatarUpdated: 'Avatar updated successfully!',
  /** The profile page's wording (with a full stop). */
  avatarUploadFailed: 'Failed to upload avatar.',
  /** The avatar component's wording (no full stop). */
  avatarComponentUploadFailed: 'Failed to upload avatar',
  avatarRemoveFailed: 'Failed to remove avatar',
  noCropArea: 'No image or crop area selected.',
  phoneOtpSendFailed: 'Failed to send phone OTP.',
  phoneOtpVerificationFailed: 'Phone OTP verification failed.',
  emailOtpSendFailed: 'Failed to send email OTP.',
  emailOtpVerificationFailed: 'Email OTP verification failed.',
  noInvoice: 'No invoice available',
  enterIssue: 'Please enter your issue',
  // Worded here.
  emailOtpSent: 'We sent a code to your new email address.',
  phoneOtpSent: 'We sent a code to your new mobile number.',
  emailOtpVerified: 'Email address verified.',
  phoneOtpVerified: 'Mobile number verified.',
  emailChangeNotVerified: 'Verify your new email address before saving.',
  phoneChangeNotVerified: 'Verify your new mobile number before saving.',
  avatarRemoved: 'Avatar removed.',
  avatarInvalidImage: 'Choose a JPEG, PNG or WebP image.',
  twoStepEnabled: 'Two-step verification is on. We will email you a code when you log in.',
  twoStepDisabled: 'Two-step verification is off.',
  addressRequired: 'Enter an address',
  addressTooLong: 'Address is too long (at most 300 characters)',
  addressAdded: 'Address added.',
  addressDeleted: 'Address deleted.',
  paymentRequired: 'Enter a label for the payment method',
  paymentTooLong: 'Label is too long (at most 60 characters)',
  cardNumberRefused:
    "For your safety we never store card numbers. Save a label instead, such as a UPI id or 'Visa ending 4242'.",
  paymentAdded: 'Payment method added.',
  paymentDeleted: 'Payment method deleted.',
  returnOrderRequired: 'Choose the order to return',
  returnReasonRequired: 'Tell us why you are returning the order',
  returnReasonTooLong: 'Reason is too long (at most 500 characters)',
  returnMethod: 'Choose how you would like your refund',
  returnRequested: 'Return requested. We will email you when it is approved.',
  returnNotAllowed: 'This order cannot be returned.',
  ticketTooLong: 'Message is too long (at most 5000 characters)',
  ticketSubmitted: 'Ticket submitted. Our team will get back to you soon.',
} as const;

/** Wishlist toasts and the API's refusals. */
export const WISHLIST_MESSAGES = {
  removed: 'Item removed from wishlist',
  movedToCart: 'Item moved to cart',
  cleared: 'Wishlist cleared',
  added: 'Item added to wishlist',
  tooMany: 'Your wishlist has too many entries',
} as const;

/** Catalogue, cart and checkout. */
export const SHOP_MESSAGES = {
  // The shop screens' fixed texts.
  itemAdded: 'Item added to cart',
  quantityUpdated: 'Item quantity updated in cart',
  itemRemoved: 'Item removed from cart',
  noProductsInCategory: 'No products found in this category.',
  productNotFound: 'Product not found',
  noImages: 'No images available',
  videoUnsupported: 'Sorry, your browser does not support embedded videos.',
  agreementRequiredTitle: 'Agreement Required',
  agreementRequired: 'Please agree to the terms and conditions before proceeding.',
  orderFailedTitle: 'Error',
  orderFailed: 'Failed to submit order.',
  paymentSuccessTitle: 'Payment Success',
  // Worded here: checkout fields and what the API answers.
  firstName: 'Enter your first name',
  lastName: 'Enter your last name',
  nameTooLong: 'Name is too long (at most 100 characters)',
  address: 'Enter your complete address (house, street, area)',
  addressTooLong: 'Address is too long (at most 300 characters)',
  city: 'Enter your city',
  cityTooLong: 'City is too long (at most 100 characters)',
  country: 'We deliver only within India',
  paymentMethod: 'Choose UPI, card or cash on delivery',
  cartEmpty: 'Your cart is empty',
  tooManyLines: 'Your cart has too many different products',
  quantity: `Quantity must be a whole number from 1 to ${LIMITS.maxLineQuantity}`,
  totalAmount: 'Total must be an amount in rupees with 2 decimals, like 1297.00',
  totalAmountTooLarge: 'Total is larger than any order we can take',
  cartSummaryTooLong: 'Cart summary is too long',
  totalMismatch:
    'Prices have changed since you added these items. Please review your cart and try again.',
  paymentVerificationFailed:
    'We could not confirm your payment. If money was taken, it will be refunded.',
  paymentUnavailable: 'Payments are unavailable right now. Please try again in a few minutes.',
  orderNotPayable: 'This order can no longer be paid.',
} as const;

/** The contact page. */
export const CONTACT_MESSAGES = {
  // The shop screens' fixed texts.
  sent: "Message sent successfully! We'll get back to you soon.",
  somethingWentWrong: 'Something went wrong.',
  sendFailed: 'Failed to send message.',
  // Worded here.
  subject: 'Choose a subject',
  message: 'Enter your message',
  messageTooLong: 'Message is too long (at most 5000 characters)',
} as const;

/** The community waitlist (worded here). */
export const WAITLIST_MESSAGES = {
  // One answer whether or not the address was already on the list.
  joined: "You're on the waitlist! We've sent a confirmation to your email.",
  failed: 'We could not add you to the waitlist. Please try again in a few minutes.',
} as const;

/** Application-level texts: the not-found page and the router's default error page. */
export const APP_MESSAGES = {
  notFound: 'This page wandered off into nature. Let’s guide you back home.',
  unexpectedError: 'Unexpected Application Error!',
} as const;

/** The human text of each API error code when the service has nothing more specific to say. */
export const API_ERROR_MESSAGES = {
  VALIDATION_ERROR: 'Some fields are missing or invalid.',
  BAD_REQUEST: 'The request could not be processed.',
  INVALID_JSON: 'The request body is not valid JSON.',
  UNAUTHORIZED: AUTH_MESSAGES.loginRequired,
  FORBIDDEN: 'You are not allowed to do that.',
  EMAIL_NOT_VERIFIED: AUTH_MESSAGES.emailNotVerified,
  OTP_REQUIRED: AUTH_MESSAGES.otpRequired,
  INVALID_OTP: AUTH_MESSAGES.otpInvalid,
  INVALID_TOKEN: 'This link is invalid or has expired.',
  INVALID_SIGNATURE: SHOP_MESSAGES.paymentVerificationFailed,
  NOT_FOUND: 'We could not find what you were looking for.',
  CONFLICT: 'That conflicts with existing data.',
  TOTAL_MISMATCH: SHOP_MESSAGES.totalMismatch,
  PAYLOAD_TOO_LARGE: `The upload is too large (at most ${LIMITS.attachmentMaxBytes / (1024 * 1024)} MB).`,
  UNSUPPORTED_MEDIA: 'That file type is not supported. Upload a JPEG, PNG or WebP image.',
  RATE_LIMITED: 'Too many requests. Please wait a moment and try again.',
  PROVIDER_UNAVAILABLE: SHOP_MESSAGES.paymentUnavailable,
  DATABASE_UNAVAILABLE: 'The shop is briefly unavailable. Please try again in a moment.',
  INTERNAL: 'Something went wrong on our side. Please try again.',
} as const;
