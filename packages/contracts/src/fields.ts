// Field rules shared by every body and form: one place for "PIN is 6 digits", "phone is 10 digits",
// the password policy and so on. Each rule that has a "required" wording on
// the screens comes as a factory taking that wording, so a missing value reads as the screen words it.
import { INDIAN_STATES, LIMITS, PRODUCT_ID_PATTERN } from '@vanya/catalog';
import { z } from 'zod';
import { AUTH_MESSAGES, FIELD_MESSAGES } from './messages';
import { PASSWORD_POLICY_RE, utf8ByteLength } from './password';

const EMAIL_MAX_LENGTH = 254;

/**
 * Holds a character that String.prototype.trim() keeps: JavaScript's whitespace and line
 * terminators, listed one by one, so that the pattern means the same in every regex dialect
 * (Python's `\s`, for one, is not JavaScript's). Anchored at both ends, so that it means the same
 * whether a tool searches with it (as JSON Schema says) or matches the whole string.
 */
const TRIMMED =
  '\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';
export const NOT_BLANK_PATTERN = `^[\\s\\S]*[^${TRIMMED}][\\s\\S]*$`;

/**
 * A trimmed string whose absence, wrong type and emptiness all read as `required`; longer than
 * `max` reads as `tooLong`. The OpenAPI document says "not blank" with NOT_BLANK_PATTERN.
 *
 * The length is judged as sent, before the trim: the document's maxLength can only speak of the
 * string as sent, so a value padded past `max` is refused by the server as by the document (judged
 * after the trim, the server took what the document calls too long).
 */
export function requiredTextField(required: string, max: number, tooLong: string) {
  return z
    .string({ error: required })
    .max(max, tooLong)
    .trim()
    .min(1, { message: required, abort: true })
    .meta({ pattern: NOT_BLANK_PATTERN });
}

/**
 * An email address: dot-separated runs of letters, digits and _ ' + - (not ending in '), '@', then
 * DNS labels of 1 to 63 letters, digits and inner hyphens and a top-level domain of letters. The
 * OpenAPI document states exactly this pattern (and no `format`, whose meaning varies by tool).
 */
export const EMAIL_RE =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

export function createEmailField(required: string = AUTH_MESSAGES.emailRequired) {
  return z
    .string({ error: required })
    .trim()
    .toLowerCase()
    .min(1, { message: required, abort: true })
    .max(EMAIL_MAX_LENGTH, FIELD_MESSAGES.emailTooLong)
    .regex(EMAIL_RE, FIELD_MESSAGES.invalidEmail)
    .meta({ example: 'asha.patil@example.in' });
}

/** Trimmed, lower-cased, email format. */
export const emailField = createEmailField();

function digitsField(digits: number, message: string, required: string, example: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { message: required, abort: true })
    .regex(new RegExp(`^\\d{${digits}}$`), message)
    .meta({ example });
}

export function createMobileField(required: string = FIELD_MESSAGES.mobile) {
  return digitsField(LIMITS.phoneDigits, FIELD_MESSAGES.mobile, required, '9876543210');
}

/** An Indian mobile number: exactly 10 digits, no country code or separators. */
export const mobileField = createMobileField();

/** An Indian PIN code: exactly 6 digits. */
export const pinCodeField = digitsField(
  LIMITS.pinCodeDigits,
  FIELD_MESSAGES.pinCode,
  FIELD_MESSAGES.pinCode,
  '413512',
);

export function createOtpField(required: string = FIELD_MESSAGES.otp) {
  return digitsField(LIMITS.otpLength, FIELD_MESSAGES.otp, required, '482913');
}

/** A one-time code: exactly 6 digits. */
export const otpField = createOtpField();

/** One of the 36 states and union territories the checkout offers. */
export const stateField = z.enum(INDIAN_STATES, { error: FIELD_MESSAGES.state });

/**
 * A product id as ids are made (letters, digits and hyphens). Whether the catalogue sells a
 * product of that id is the server's question: the owner adds products while the shop runs.
 */
export const productIdField = z
  .string({ error: FIELD_MESSAGES.productId })
  .regex(PRODUCT_ID_PATTERN, { error: FIELD_MESSAGES.productId });

// No `i` flag: the OpenAPI document states the pattern as its text, and a flag would not survive.
export const OBJECT_ID_RE = /^[0-9a-fA-F]{24}$/;

/** A MongoDB ObjectId in its 24-hex-digit text form. */
export const objectIdField = z
  .string({ error: FIELD_MESSAGES.objectId })
  .regex(OBJECT_ID_RE, FIELD_MESSAGES.objectId)
  .meta({ example: '6752f0c1a8e4b2d3c4e5f601' });

/** A person's name: trimmed, 1 to 100 characters. */
export const nameField = requiredTextField(FIELD_MESSAGES.name, 100, FIELD_MESSAGES.nameTooLong);

/** An amount of money in integer paise. */
export const paiseField = z.number().int().nonnegative();

/** An ISO 8601 timestamp as JSON carries a Date (`2025-08-14T09:30:00.000Z`). */
export const isoDateTimeField = z.iso.datetime({ offset: true });

// ---------------------------------------------------------------------------------------------
// Password

const fitsBcrypt = (text: string) => utf8ByteLength(text) <= LIMITS.passwordMaxBytes;

/** A new password: the signup policy, and at most 72 UTF-8 bytes (refused, never truncated). */
export function createPasswordField(required: string = AUTH_MESSAGES.passwordPolicy) {
  return (
    z
      .string({ error: required })
      .min(1, { message: required, abort: true })
      .regex(PASSWORD_POLICY_RE, AUTH_MESSAGES.passwordPolicy)
      // Whatever is over 72 characters is over 72 bytes: the same refusal, stated in the document.
      .max(LIMITS.passwordMaxBytes, { message: FIELD_MESSAGES.passwordTooLong, abort: true })
      .refine(fitsBcrypt, FIELD_MESSAGES.passwordTooLong)
      .meta({
        description: `At most ${LIMITS.passwordMaxBytes} bytes in UTF-8`,
        example: 'Rose&Turmeric7',
      })
  );
}

export const passwordField = createPasswordField();

/** A password being checked against a stored hash: only non-empty, and no longer than any can be. */
export function createCurrentPasswordField(required: string) {
  return z
    .string({ error: required })
    .min(1, { message: required, abort: true })
    .max(LIMITS.passwordMaxBytes, { message: FIELD_MESSAGES.passwordTooLong, abort: true })
    .refine(fitsBcrypt, FIELD_MESSAGES.passwordTooLong)
    .meta({
      description: `At most ${LIMITS.passwordMaxBytes} bytes in UTF-8`,
      example: 'Sandal&Oud5',
    });
}

// ---------------------------------------------------------------------------------------------
// Card numbers

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * Whether `text` holds something that looks like a payment card number: 13 to 19 digits, possibly
 * grouped by spaces or dashes, passing the Luhn check. Any run of whole digit groups is tried, so
 * '4242 4242 4242 4242 12/27' is caught too.
 */
export function looksLikeCardNumber(text: string): boolean {
  for (const run of text.match(/\d+(?:[ -]+\d+)*/g) ?? []) {
    const groups = run.split(/[ -]+/);
    for (let start = 0; start < groups.length; start += 1) {
      let digits = '';
      for (let end = start; end < groups.length && digits.length < 19; end += 1) {
        digits += groups[end];
        if (digits.length >= 13 && digits.length <= 19 && passesLuhn(digits)) return true;
      }
    }
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// GSTIN

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** 2-digit state code (01-38, 97 other territory, 99 centre), PAN, entity number, 'Z', checksum. */
export const GSTIN_FORMAT_RE =
  /^(?:0[1-9]|[12]\d|3[0-8]|97|99)[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The check character of the first 14 characters of a GSTIN (the official mod-36 algorithm). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i += 1) {
    const product = GSTIN_CHARS.indexOf(first14.charAt(i)) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS.charAt((36 - (sum % 36)) % 36);
}

/** Whether `value` (upper case) is a well-formed GSTIN whose check character is right. */
export function isValidGstin(value: string): boolean {
  return (
    GSTIN_FORMAT_RE.test(value) && gstinCheckCharacter(value.slice(0, 14)) === value.charAt(14)
  );
}

const gstinMeta = {
  description: '15-character GSTIN, checksum verified',
  example: '27AAPFU0939F1ZV',
};

/** A GSTIN, trimmed and upper-cased. */
export const gstinField = z
  .string({ error: FIELD_MESSAGES.gstin })
  .trim()
  .toUpperCase()
  .refine(isValidGstin, FIELD_MESSAGES.gstin)
  .meta(gstinMeta);

/** Where a GSTIN is optional: absent, an empty string, or a valid GSTIN. */
export const optionalGstinField = z
  .string({ error: FIELD_MESSAGES.gstin })
  .trim()
  .toUpperCase()
  .refine((value) => value === '' || isValidGstin(value), FIELD_MESSAGES.gstin)
  .meta({ ...gstinMeta, description: `${gstinMeta.description}; empty when none` })
  .optional();

// ---------------------------------------------------------------------------------------------
// Profile details

export const GENDERS = ['male', 'female', 'other', 'prefer_not_to_say'] as const;
export type Gender = (typeof GENDERS)[number];

export function createGenderField(required: string = FIELD_MESSAGES.gender) {
  return z.enum(GENDERS, {
    error: (issue) =>
      issue.input === undefined || issue.input === '' ? required : FIELD_MESSAGES.gender,
  });
}

const EARLIEST_DOB = '1900-01-01';

/** Today's date as YYYY-MM-DD in UTC. */
function todayIso(): string {
  return new Date().toISOString().slice(0, 10);
}

/** A real calendar date (YYYY-MM-DD) in the past, not before 1900. */
export function createDobField(required: string = FIELD_MESSAGES.dob) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { message: required, abort: true })
    .pipe(
      z.iso
        .date({ error: FIELD_MESSAGES.dob })
        // A malformed value has its format issue already; judge only dates.
        .refine(
          (value) =>
            !/^\d{4}-\d{2}-\d{2}$/.test(value) || (value >= EARLIEST_DOB && value < todayIso()),
          FIELD_MESSAGES.dobInPast,
        ),
    )
    .meta({
      format: 'date',
      // A real calendar date; that it is past and not before 1900 no pattern can say.
      pattern: z.regexes.date.source,
      description: 'YYYY-MM-DD, a real date in the past, not before 1900-01-01',
      example: '1994-08-15',
    });
}

export const dobField = createDobField();

/** A one-time token from an emailed link. */
export function createTokenField(required: string = FIELD_MESSAGES.token) {
  return requiredTextField(required, 512, FIELD_MESSAGES.token);
}
