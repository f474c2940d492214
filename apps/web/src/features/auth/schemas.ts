// The zod schemas of the sign-in pages and their answers, in the one module those pages import on
// demand (through lazyZodResolver and in their API calls): zod is not part of a page's first load.
import { AUTH_MESSAGES, createOtpField, indianMobileField, nameField } from '@vanya/contracts';
import { z } from 'zod';

export {
  loginBodySchema,
  loginResponseSchema,
  messageResponseSchema,
  phoneStartResponseSchema,
  phoneVerifyResponseSchema,
  requestPasswordResetBodySchema,
  resendOtpResponseSchema,
  resetPasswordFormSchema,
  signupFormSchema,
  verifyEmailResponseSchema,
  verifyOtpResponseSchema,
} from '@vanya/contracts';

/** The code form of /verify-otp: its email comes from the login that sent the code. */
export const otpFormSchema = z.object({ otp: createOtpField(AUTH_MESSAGES.otpOrEmailMissing) });

/** The phone sign-in's three steps: the number, the texted code, and a new account's name. */
export const phoneNumberFormSchema = z.object({ phone: indianMobileField });
export const phoneCodeFormSchema = z.object({ code: createOtpField() });
export const phoneNameFormSchema = z.object({ name: nameField });
