// The shop's business constants: timings, limits and defaults. Screens, the API and tests read
// them from here so that a changed number changes everywhere at once.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Timings in milliseconds. */
export const TIMINGS = {
  splashFaviconMs: 500,
  splashTypingPerLetterMs: 100,
  splashCounterStepMs: 14,
  splashFadeOutMs: 400,
  heroSlideMs: 5 * SECOND,
  slideshowMs: 3 * SECOND,
  priceToggleMs: 2 * SECOND,
  clickToNavigateMs: 200,
  aboutCarouselMs: 3 * SECOND,
  chatReplyMs: 1 * SECOND,
  hashtagStripDesktopMs: 15 * SECOND,
  hashtagStripMobileMs: 10 * SECOND,
  verifyEmailRedirectMs: 3 * SECOND,
  forgotEmailSentRedirectMs: 3 * SECOND,
  inactivityLogoutMs: 15 * MINUTE,
  countrySearchDebounceMs: 250,
} as const;

/** Counts, lengths and lifetimes. */
export const LIMITS = {
  hashtagRepeats: 30,
  swipeThresholdPx: 50,
  featureBlockProducts: 3,
  relatedProducts: 3,
  cartSuggestions: 3,
  /** Units of one product in one order; the server refuses more. */
  maxLineQuantity: 20,
  phoneDigits: 10,
  phoneInputMaxDigits: 15,
  pinCodeDigits: 6,
  otpLength: 6,
  otpLifetimeMs: 10 * MINUTE,
  otpMaxAttempts: 5,
  otpResendCooldownSeconds: 30,
  emailTokenLifetimeMs: 24 * HOUR,
  passwordResetLifetimeMs: 1 * HOUR,
  passwordMinLength: 8,
  /** bcrypt reads only the first 72 bytes; longer passwords are refused, never truncated. */
  passwordMaxBytes: 72,
  avatarMaxBytes: 5 * 1024 * 1024,
  avatarSizePx: 512,
  attachmentMaxBytes: 5 * 1024 * 1024,
  cropZoomMin: 1,
  cropZoomMax: 3,
  idDisplayChars: 6,
  returnWindowDays: 30,
  returnWindowMs: 30 * DAY,
  jwtLifetimeSeconds: 7 * 24 * 60 * 60,
} as const;

/** Data-fetching defaults of the web app. */
export const QUERY_DEFAULTS = {
  retries: 3,
  retryBaseDelayMs: 1 * SECOND,
  retryMaxDelayMs: 30 * SECOND,
  gcTimeMs: 5 * MINUTE,
} as const;

/**
 * Pre-order notice shown at checkout, on the confirmation page and in the confirmation mail: the
 * defaults of the owner's shop settings (DEFAULT_SHOP_SETTINGS), which the owner changes at run time.
 */
export const PRE_ORDER = {
  /** The notice before the owner writes one; the first dispatch day is printed beside it. */
  dispatchNote: 'Your order is made for you and leaves us on our first dispatch day.',
  /** The first dispatch day the owner's form starts from (pre-orders are off until switched on). */
  dispatchFrom: '2026-08-08',
  shippingConfirmationNote:
    'We will send you a shipping confirmation as soon as your order leaves us.',
} as const;

export const DELIVERY = {
  businessDaysMin: 3,
  businessDaysMax: 5,
} as const;
