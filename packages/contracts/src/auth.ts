// Accounts: signup, login, one-time codes, email verification, password reset and the profile's
// own details. Bodies are strict: an unknown key is refused,
// so a client cannot slip `emailVerified` or `twoStepEnabled` into an update.
import { z } from 'zod';
import { errorBodySchema } from './errors';
import {
  createCurrentPasswordField,
  createDobField,
  createEmailField,
  createGenderField,
  createMobileField,
  createOtpField,
  createPasswordField,
  createTokenField,
  emailField,
  GENDERS,
  isoDateTimeField,
  mobileField,
  NOT_BLANK_PATTERN,
  otpField,
  requiredTextField,
} from './fields';
import {
  AUTH_MESSAGES,
  FIELD_MESSAGES,
  LOGIN_ERROR_QUERY_MESSAGES,
  LOGIN_VERIFIED_QUERY_MESSAGES,
  PROFILE_MESSAGES,
} from './messages';
import type { LoginErrorQueryValue, LoginVerifiedQueryValue } from './messages';
import { addressSchema, paymentMethodSchema } from './profile';

const NAME_MAX = 100;

// ---------------------------------------------------------------------------------------------
// Signup and login

const registerShape = {
  name: requiredTextField(AUTH_MESSAGES.fillAllFields, NAME_MAX, FIELD_MESSAGES.nameTooLong),
  email: createEmailField(AUTH_MESSAGES.fillAllFields),
  password: createPasswordField(AUTH_MESSAGES.fillAllFields),
};

export const registerBodySchema = z.object(registerShape).strict();

/** The signup screen's form: the registration fields plus the confirmation. */
export const signupFormSchema = z
  .object({
    ...registerShape,
    confirmPassword: z
      .string({ error: AUTH_MESSAGES.fillAllFields })
      .min(1, { message: AUTH_MESSAGES.fillAllFields, abort: true }),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

/** Login only needs both fields filled: a wrong email or password fails authentication instead. */
export const loginBodySchema = z
  .object({
    email: z
      .string({ error: AUTH_MESSAGES.fillAllFields })
      .trim()
      .toLowerCase()
      .min(1, { message: AUTH_MESSAGES.fillAllFields, abort: true })
      .max(254, FIELD_MESSAGES.emailTooLong)
      .meta({ pattern: NOT_BLANK_PATTERN }),
    password: createCurrentPasswordField(AUTH_MESSAGES.fillAllFields),
  })
  .strict();

/** The query values GET /auth/verify-email redirects to /login with. */
export const VERIFIED_QUERY_VALUES = Object.keys(
  LOGIN_VERIFIED_QUERY_MESSAGES,
) as LoginVerifiedQueryValue[];
export const VERIFY_ERROR_QUERY_VALUES = Object.keys(
  LOGIN_ERROR_QUERY_MESSAGES,
) as LoginErrorQueryValue[];

export type RegisterBody = z.infer<typeof registerBodySchema>;
export type SignupForm = z.input<typeof signupFormSchema>;
export type LoginBody = z.infer<typeof loginBodySchema>;

// ---------------------------------------------------------------------------------------------
// Profile details and password change

const fillAll = PROFILE_MESSAGES.fillAllAndVerify;

export const updateMeBodySchema = z
  .object({
    name: requiredTextField(fillAll, NAME_MAX, FIELD_MESSAGES.nameTooLong),
    email: createEmailField(fillAll),
    phone: createMobileField(fillAll),
    dob: createDobField(fillAll),
    gender: createGenderField(fillAll),
  })
  .strict();

export const changePasswordBodySchema = z
  .object({
    currentPassword: createCurrentPasswordField(AUTH_MESSAGES.fillAllFields),
    newPass: createPasswordField(AUTH_MESSAGES.fillAllFields),
  })
  .strict()
  .refine((body) => body.currentPassword !== body.newPass, {
    message: AUTH_MESSAGES.newPasswordSameAsCurrent,
    path: ['newPass'],
  });

export type UpdateMeBody = z.infer<typeof updateMeBodySchema>;
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

// ---------------------------------------------------------------------------------------------
// One-time codes, verification links and password reset

export const resendOtpBodySchema = z.object({ email: emailField }).strict();

export const verifyOtpBodySchema = z
  .object({
    email: createEmailField(AUTH_MESSAGES.otpOrEmailMissing),
    otp: createOtpField(AUTH_MESSAGES.otpOrEmailMissing),
  })
  .strict();

export const verifyEmailBodySchema = z
  .object({ token: createTokenField(AUTH_MESSAGES.verificationTokenMissing) })
  .strict();

/** The emailed link `GET /auth/verify-email?token=`; a missing token redirects with error=missing_token. */
export const verifyEmailQuerySchema = z.object({ token: z.string().max(512).optional() });

export const requestPasswordResetBodySchema = z
  .object({ email: createEmailField(AUTH_MESSAGES.emailRequired) })
  .strict();

export const resetPasswordBodySchema = z
  .object({
    token: createTokenField(AUTH_MESSAGES.missingToken),
    newPassword: createPasswordField(AUTH_MESSAGES.allFieldsRequired),
  })
  .strict();

/** The reset screen's form: the new password twice (the token comes from the address). */
export const resetPasswordFormSchema = z
  .object({
    newPassword: createPasswordField(AUTH_MESSAGES.allFieldsRequired),
    confirmPassword: z
      .string({ error: AUTH_MESSAGES.allFieldsRequired })
      .min(1, { message: AUTH_MESSAGES.allFieldsRequired, abort: true }),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

/** Turning two-step verification on or off needs the current password or an emailed code. */
export const twoStepBodySchema = z
  .object({
    enabled: z.boolean(),
    password: createCurrentPasswordField(AUTH_MESSAGES.twoStepProofRequired).optional(),
    otp: otpField.optional(),
  })
  .strict()
  .refine((body) => body.password !== undefined || body.otp !== undefined, {
    message: AUTH_MESSAGES.twoStepProofRequired,
    path: ['password'],
  })
  // The refinement as the OpenAPI document states it: the password or the code must be there.
  .meta({ anyOf: [{ required: ['password'] }, { required: ['otp'] }] });

export const sendEmailOtpBodySchema = z.object({ email: emailField }).strict();
export const verifyEmailOtpBodySchema = z.object({ email: emailField, otp: otpField }).strict();
export const sendPhoneOtpBodySchema = z.object({ phone: mobileField }).strict();
export const verifyPhoneOtpBodySchema = z.object({ phone: mobileField, otp: otpField }).strict();

export type ResendOtpBody = z.infer<typeof resendOtpBodySchema>;
export type VerifyOtpBody = z.infer<typeof verifyOtpBodySchema>;
export type VerifyEmailBody = z.infer<typeof verifyEmailBodySchema>;
export type RequestPasswordResetBody = z.infer<typeof requestPasswordResetBodySchema>;
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;
export type ResetPasswordForm = z.input<typeof resetPasswordFormSchema>;
export type TwoStepBody = z.infer<typeof twoStepBodySchema>;
export type SendEmailOtpBody = z.infer<typeof sendEmailOtpBodySchema>;
export type VerifyEmailOtpBody = z.infer<typeof verifyEmailOtpBodySchema>;
export type SendPhoneOtpBody = z.infer<typeof sendPhoneOtpBodySchema>;
export type VerifyPhoneOtpBody = z.infer<typeof verifyPhoneOtpBodySchema>;

// ---------------------------------------------------------------------------------------------
// Sign-in by phone: an SMS code signs in the account whose verified phone it is, or creates one

/** The phone sign-in's own words, shared by the API's answers and the login screen. */
export const PHONE_SIGN_IN_MESSAGES = {
  mobile: 'Enter a 10-digit Indian mobile number (it starts with 6, 7, 8 or 9)',
  nameRequired: 'Tell us your name to create your account.',
  codeSent: (phone: string): string => `We sent a code to +91 ${phone}.`,
  phoneTaken: 'Another account already uses this mobile number.',
  smsUnavailable: 'We could not send the SMS right now. Please try again in a few minutes.',
  /** The shop's texts for codes are spent for now (SMS_BUDGET_EXHAUSTED). */
  textsExhausted:
    'We cannot send sign-in codes by text just now. Please sign in with your email and password instead.',
  /** This number, or numbers like it, had as many codes as we send in an hour (SMS_LIMIT_REACHED). */
  numberLimited: (minutes: number): string =>
    `We have sent as many codes to this number as we can for now. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or sign in with your email and password.`,
  welcome: (name: string): string => `Welcome to Vanya Naturals, ${name}!`,
} as const;

/**
 * An Indian mobile number as SMS can reach it: the shared mobile field's 10 digits, starting 6 to 9
 * (the numbering plan's mobile series), so a landline or a typo is refused before an SMS is paid
 * for. One pattern, so a bad number reads as one message.
 */
export const indianMobileField = z
  .string({ error: PHONE_SIGN_IN_MESSAGES.mobile })
  .trim()
  .regex(/^[6-9]\d{9}$/, PHONE_SIGN_IN_MESSAGES.mobile)
  .meta({ example: '9876543210' });

export const phoneStartBodySchema = z.object({ phone: indianMobileField }).strict();

/**
 * The same answer whether or not the number has an account; `retryAfterSeconds` is how long until
 * another code may be asked for (the resend countdown).
 */
export const phoneStartResponseSchema = z.object({
  sent: z.literal(true),
  retryAfterSeconds: z.number().int().nonnegative(),
});

/** `name` is needed only when the code creates the account (else 400 NAME_REQUIRED). */
export const phoneVerifyBodySchema = z
  .object({
    phone: indianMobileField,
    code: createOtpField(),
    name: requiredTextField(FIELD_MESSAGES.name, NAME_MAX, FIELD_MESSAGES.nameTooLong).optional(),
  })
  .strict();

export type PhoneStartBody = z.infer<typeof phoneStartBodySchema>;
export type PhoneStartResponse = z.infer<typeof phoneStartResponseSchema>;
export type PhoneVerifyBody = z.infer<typeof phoneVerifyBodySchema>;

// ---------------------------------------------------------------------------------------------
// Responses

export const userSchema = z
  .object({
    name: z.string(),
    /** '' for an account made by phone sign-in until its owner adds one. */
    email: z.string(),
    /** '' until the user adds one. */
    phone: z.string(),
    /** Whether `phone` was proved by a texted code (phone sign-in or a verified change). */
    phoneVerified: z.boolean(),
    /** YYYY-MM-DD (the time part cut off), or '' when not given. */
    dob: z.union([z.iso.date(), z.literal('')]),
    gender: z.union([z.enum(GENDERS), z.literal('')]),
    createdAt: isoDateTimeField,
    /** A path under /uploads/ or a URL; '' when there is none. */
    avatar: z.string(),
    twoStepEnabled: z.boolean(),
    emailVerified: z.boolean(),
    hasLoggedInBefore: z.boolean(),
    loginHistory: z.array(z.string()),
    addresses: z.array(addressSchema),
    payments: z.array(paymentMethodSchema),
  })
  .meta({ id: 'User' });

export const loginResponseSchema = z.object({ token: z.string(), user: userSchema });

/** A phone sign-in: the session, and whether this code created the account. */
export const phoneVerifyResponseSchema = loginResponseSchema.extend({ created: z.boolean() });

/** A correct one-time code finishes the login it interrupted. */
export const verifyOtpResponseSchema = loginResponseSchema;

export const meResponseSchema = z.object({
  data: z.object({
    user: userSchema,
    /** GET /auth/me: true for the shop's owner (the account page links the owner area). */
    owner: z.boolean().optional(),
  }),
});

export const avatarResponseSchema = z.object({ avatar: z.string() });

export const verifyEmailResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  /**
   * 'verified': this link verified the email (and `token` signs the user in); 'already': the email
   * was verified before (a link used twice), nobody is signed in and the screen asks for a login.
   */
  outcome: z.enum(['verified', 'already']),
  /** Present when the verification also logs the user in. */
  token: z.string().optional(),
});

/** Whole seconds until the server sends another code (the resend cooldown still to run). */
const resendAfterSecondsField = z.number().int().nonnegative();

/**
 * 403 from login when a code went to `email` (two-step verification is on, or the email is not
 * verified yet); `resendAfterSeconds` is how long until another may be sent.
 */
export const otpRequiredBodySchema = errorBodySchema.extend({
  email: z.string(),
  resendAfterSeconds: resendAfterSecondsField,
});

/** A plain success answer; `msg` and `message` carry the same text, as in error bodies. */
export const messageResponseSchema = z.object({ msg: z.string(), message: z.string() });

/** A code (re)sent: the same answer for any address, with the cooldown before the next one. */
export const resendOtpResponseSchema = messageResponseSchema.extend({
  resendAfterSeconds: resendAfterSecondsField,
});

/** A password change ends every other session; this session continues with the new token. */
export const changePasswordResponseSchema = messageResponseSchema.extend({ token: z.string() });

export type User = z.infer<typeof userSchema>;
export type LoginResponse = z.infer<typeof loginResponseSchema>;
export type PhoneVerifyResponse = z.infer<typeof phoneVerifyResponseSchema>;
export type MeResponse = z.infer<typeof meResponseSchema>;
export type AvatarResponse = z.infer<typeof avatarResponseSchema>;
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;
export type OtpRequiredBody = z.infer<typeof otpRequiredBodySchema>;
export type MessageResponse = z.infer<typeof messageResponseSchema>;
export type ResendOtpResponse = z.infer<typeof resendOtpResponseSchema>;
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;

/** The multipart field the avatar upload carries its image in. */
export const AVATAR_FIELD = 'avatar';
