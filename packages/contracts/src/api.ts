// Every endpoint of the API (base path /api) with the schemas of its request and
// answers. The API generates its OpenAPI document (/api/docs) from this list; the web and the API
// tests can use it to look up what a path takes and answers.
import { LIMITS } from '@vanya/catalog';
import { z } from 'zod';
import {
  AVATAR_FIELD,
  avatarResponseSchema,
  changePasswordBodySchema,
  changePasswordResponseSchema,
  loginBodySchema,
  loginResponseSchema,
  phoneStartBodySchema,
  phoneStartResponseSchema,
  phoneVerifyBodySchema,
  phoneVerifyResponseSchema,
  meResponseSchema,
  messageResponseSchema,
  otpRequiredBodySchema,
  registerBodySchema,
  requestPasswordResetBodySchema,
  resendOtpBodySchema,
  resendOtpResponseSchema,
  resetPasswordBodySchema,
  sendEmailOtpBodySchema,
  sendPhoneOtpBodySchema,
  twoStepBodySchema,
  updateMeBodySchema,
  verifyEmailBodySchema,
  verifyEmailOtpBodySchema,
  verifyEmailQuerySchema,
  verifyEmailResponseSchema,
  verifyOtpBodySchema,
  verifyOtpResponseSchema,
  verifyPhoneOtpBodySchema,
} from './auth';
import {
  adminOrderDetailSchema,
  adminOrderListQuerySchema,
  adminOrderListSchema,
  adminOrderStatusBodySchema,
  adminMessageListSchema,
  adminMessageQuerySchema,
  adminReturnActionBodySchema,
  adminReturnListSchema,
  adminReturnQuerySchema,
  adminReturnSchema,
  adminSummarySchema,
  adminTicketListSchema,
  adminTicketQuerySchema,
  adminTicketReplyBodySchema,
  adminTicketSchema,
  adminTicketStatusBodySchema,
  adminWaitlistSchema,
  adminAuditQuerySchema,
  adminPackManyBodySchema,
  adminPackManyResultSchema,
  ownerNoticeSettingsSchema,
  ownerNotificationListSchema,
  ownerNotificationQuerySchema,
  ownerNotificationSchema,
  auditListSchema,
  gstExportQuerySchema,
  gstExportSchema,
  gstPortalFileSchema,
  stockBodySchema,
  stockResponseSchema,
} from './admin';
import { consentBodySchema, consentResponseSchema } from './consent';
import { contactBodySchema, contactResponseSchema } from './contact';
import {
  couponCheckBodySchema,
  couponCheckResponseSchema,
  couponCodeParamsSchema,
  couponInputSchema,
  couponListSchema,
  couponSchema,
  couponUseListSchema,
} from './coupons';
import { errorBodySchema } from './errors';
import { healthResponseSchema } from './health';
import {
  codConfirmationSchema,
  confirmCodBodySchema,
  createOrderBodySchema,
  createOrderResponseSchema,
  orderRefusedBodySchema,
  orderSchema,
} from './orders';
import {
  testPaymentCompletionBodySchema,
  testPaymentCompletionResponseSchema,
  verifyPaymentBodySchema,
  verifyPaymentResponseSchema,
  webhookEventSchema,
  webhookHeadersSchema,
  webhookResponseSchema,
} from './payments';
import {
  adminProductListSchema,
  adminProductSchema,
  productCreateSchema,
  productEditSchema,
  productListResponseSchema,
  productParamsSchema,
  productSchema,
} from './products';
import {
  PRODUCT_PHOTO_FIELD,
  PRODUCT_PHOTO_MAX_BYTES,
  PRODUCT_PHOTO_SIZES_PX,
  PRODUCT_PHOTOS_MAX,
} from './product-photos';
import {
  adminReviewActionSchema,
  adminReviewQuerySchema,
  adminReviewSchema,
  myReviewAnswerSchema,
  myReviewSchema,
  reviewBodySchema,
  reviewListSchema,
} from './reviews';
import { pincodeAnswerSchema, pincodeParamsSchema } from './pincodes';
import { shopSettingsSchema } from './shop-settings';
import {
  shipmentAnswerSchema,
  shipmentSchema,
  shippingWebhookBodySchema,
  shippingWebhookHeadersSchema,
  shippingWebhookResponseSchema,
  testScanBodySchema,
  testScanResponseSchema,
} from './shipping';
import {
  addAddressBodySchema,
  addPaymentMethodBodySchema,
  addressListSchema,
  createReturnBodySchema,
  createTicketBodySchema,
  invoiceListSchema,
  itemIdParamsSchema,
  objectIdParamsSchema,
  profilePageQuerySchema,
  orderSummaryListSchema,
  paymentMethodListSchema,
  returnRequestListSchema,
  returnRequestSchema,
  TICKET_ATTACHMENT_FIELD,
  ticketListSchema,
  ticketSchema,
  twoStepResponseSchema,
} from './profile';
import {
  adminStockSchema,
  stockAdjustBodySchema,
  stockItemSchema,
  stockMoveListSchema,
  stockMovesQuerySchema,
  stockNotifyBodySchema,
  stockNotifyResponseSchema,
  stockSettingsBodySchema,
} from './stock';
import { waitlistBodySchema, waitlistResponseSchema } from './waitlist';
import { wishlistBodySchema, wishlistResponseSchema } from './wishlist';

export const API_BASE_PATH = '/api';

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

export interface ApiResponse {
  description: string;
  /** The JSON body; absent for answers without one (a redirect). */
  schema?: z.ZodType;
  /** Defaults to application/json. */
  contentType?: string;
  /** Other forms of the same answer, by media type (a CSV beside the JSON, as a query asks). */
  alternatives?: Record<string, z.ZodType>;
}

export interface ApiRoute {
  method: HttpMethod;
  /** Below API_BASE_PATH, parameters written OpenAPI style: '/orders/{id}'. */
  path: string;
  tag: string;
  summary: string;
  /** Whether the call needs `Authorization: Bearer {token}`. */
  auth: boolean;
  body?: z.ZodType;
  query?: z.ZodObject;
  params?: z.ZodObject;
  headers?: z.ZodObject;
  /**
   * A multipart/form-data request: the file travels in `field` as one of `contentTypes`, and the
   * other form fields are described by `body`. `optional` when the file may be left out.
   */
  multipart?: { field: string; contentTypes: readonly string[]; optional?: boolean };
  responses: Record<number, ApiResponse>;
  /**
   * Mounted only while that provider runs in its built-in test mode (no keys set), never in
   * production; the served document lists the route only where it exists.
   */
  testMode?: 'payments' | 'courier';
}

const error = (description: string): ApiResponse => ({ description, schema: errorBodySchema });

const invalid = { 400: error('Validation failed; `issues` lists each refused field') };
const unauthorized = { 401: error('Missing, invalid or expired token') };
const notFound = { 404: error('No such item for this user') };
const rateLimited = { 429: error('Too many requests') };
/** Where a code is texted: the client's limits, or the number's or its prefix's share of texts. */
const textsLimited = {
  429: error(
    'Too many requests; SMS_LIMIT_REACHED: this number, or its prefix, had its texts for the hour',
  ),
};
const uploadErrors = {
  413: error(`The file exceeds ${LIMITS.avatarMaxBytes / (1024 * 1024)} MB`),
  415: error('Not an image the server can read (JPEG, PNG or WebP)'),
  503: error('SERVER_BUSY: too many images are being processed; try again after Retry-After'),
};

/** The image types the server decodes (sharp): a part of another type is refused with 415. */
export const IMAGE_UPLOAD_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
] as const;

const ok = (schema: z.ZodType, description = 'Success'): Record<number, ApiResponse> => ({
  200: { description, schema },
});
const created = (schema: z.ZodType, description = 'Created'): Record<number, ApiResponse> => ({
  201: { description, schema },
});

const auth = [
  {
    method: 'post',
    path: '/auth/register',
    tag: 'Auth',
    summary: 'Create an account and email its verification link',
    auth: false,
    body: registerBodySchema,
    responses: {
      ...created(messageResponseSchema),
      ...invalid,
      409: error('An account with this email already exists'),
      ...rateLimited,
    },
  },
  {
    method: 'post',
    path: '/auth/login',
    tag: 'Auth',
    summary: 'Log in with email and password',
    auth: false,
    body: loginBodySchema,
    responses: {
      ...ok(loginResponseSchema),
      ...invalid,
      401: error('Invalid email or password'),
      403: {
        description:
          'OTP_REQUIRED: two-step verification is on and a code went to `email`; or EMAIL_NOT_VERIFIED',
        schema: otpRequiredBodySchema,
      },
      ...rateLimited,
    },
  },
  {
    method: 'get',
    path: '/auth/me',
    tag: 'Auth',
    summary:
      'The logged-in user (orders, invoices, returns and tickets are read from their own lists)',
    auth: true,
    responses: { ...ok(meResponseSchema), ...unauthorized },
  },
  {
    method: 'put',
    path: '/auth/me',
    tag: 'Auth',
    summary: 'Update name, email, phone, date of birth and gender',
    auth: true,
    body: updateMeBodySchema,
    responses: {
      ...ok(meResponseSchema),
      ...invalid,
      ...unauthorized,
      403: error('A changed email or phone has not been verified with a code'),
      409: error('Another account uses this email'),
    },
  },
  {
    method: 'post',
    path: '/auth/upload-avatar',
    tag: 'Auth',
    summary: 'Upload a new avatar image',
    auth: true,
    multipart: { field: AVATAR_FIELD, contentTypes: IMAGE_UPLOAD_TYPES },
    responses: {
      ...ok(avatarResponseSchema),
      ...invalid,
      ...unauthorized,
      ...uploadErrors,
      ...rateLimited,
    },
  },
  {
    method: 'post',
    path: '/auth/remove-avatar',
    tag: 'Auth',
    summary: 'Remove the avatar',
    auth: true,
    responses: { ...ok(avatarResponseSchema, 'Removed; `avatar` is empty'), ...unauthorized },
  },
  {
    method: 'post',
    path: '/auth/change-password',
    tag: 'Auth',
    summary: "Change the password (ends every other session; answers this session's new token)",
    auth: true,
    body: changePasswordBodySchema,
    responses: {
      ...ok(changePasswordResponseSchema),
      ...invalid,
      ...unauthorized,
      403: error('Current password is incorrect'),
      ...rateLimited,
    },
  },
  {
    method: 'post',
    path: '/auth/resend-otp',
    tag: 'Auth',
    summary:
      'Send the pending code again (none within 30 s of the last); the same answer for any address',
    auth: false,
    body: resendOtpBodySchema,
    responses: { ...ok(resendOtpResponseSchema), ...invalid, ...rateLimited },
  },
  {
    method: 'post',
    path: '/auth/verify-otp',
    tag: 'Auth',
    summary: 'Finish a two-step login with the emailed code',
    auth: false,
    body: verifyOtpBodySchema,
    responses: {
      ...ok(verifyOtpResponseSchema),
      ...invalid,
      ...rateLimited,
    },
  },
  {
    method: 'post',
    path: '/auth/phone/start',
    tag: 'Auth',
    summary:
      'Text a sign-in code to an Indian mobile number; the same answer whether or not it has an account',
    auth: false,
    body: phoneStartBodySchema,
    responses: {
      ...ok(phoneStartResponseSchema),
      ...invalid,
      ...textsLimited,
      503: error(
        "SMS_UNAVAILABLE: the SMS gateway did not take the message; SMS_BUDGET_EXHAUSTED: the shop's code texts are spent for now (sign in with email)",
      ),
    },
  },
  {
    method: 'post',
    path: '/auth/phone/verify',
    tag: 'Auth',
    summary:
      'Sign in with the texted code: the account whose verified phone this is, or a new one (then `name` is required: 400 NAME_REQUIRED, the code still usable)',
    auth: false,
    body: phoneVerifyBodySchema,
    responses: {
      ...ok(phoneVerifyResponseSchema),
      ...invalid,
      403: error(
        'OTP_REQUIRED: two-step verification is on; a code was emailed (see /auth/verify-otp)',
      ),
      ...rateLimited,
    },
  },
  {
    method: 'post',
    path: '/auth/verify-email',
    tag: 'Auth',
    summary: 'Verify an email address with the token of its link',
    auth: false,
    body: verifyEmailBodySchema,
    responses: { ...ok(verifyEmailResponseSchema), ...invalid, ...rateLimited },
  },
  {
    method: 'get',
    path: '/auth/verify-email',
    tag: 'Auth',
    summary: 'The emailed verification link',
    auth: false,
    query: verifyEmailQuerySchema,
    responses: {
      302: {
        description:
          'Redirects to /login?verified=true|already or /login?error=invalid_or_expired_token|user_not_found|missing_token',
      },
      ...invalid,
      ...rateLimited,
    },
  },
  {
    method: 'post',
    path: '/auth/request-password-reset',
    tag: 'Auth',
    summary: 'Email a password reset link',
    auth: false,
    body: requestPasswordResetBodySchema,
    responses: {
      ...ok(messageResponseSchema, 'Sent if an account exists (the answer is the same either way)'),
      ...invalid,
      ...rateLimited,
    },
  },
  {
    method: 'post',
    path: '/auth/reset-password',
    tag: 'Auth',
    summary: 'Set a new password with the token of a reset link',
    auth: false,
    body: resetPasswordBodySchema,
    responses: { ...ok(messageResponseSchema), ...invalid, ...rateLimited },
  },
  {
    method: 'post',
    path: '/auth/two-step',
    tag: 'Auth',
    summary: 'Turn two-step verification (an emailed code at login) on or off',
    auth: true,
    body: twoStepBodySchema,
    responses: {
      ...ok(twoStepResponseSchema),
      ...invalid,
      ...unauthorized,
      403: error('Wrong password or code'),
      ...rateLimited,
    },
  },
  {
    method: 'post',
    path: '/auth/two-step/send-code',
    tag: 'Auth',
    summary: 'Email a code that confirms turning two-step verification on or off',
    auth: true,
    responses: { ...ok(messageResponseSchema), ...unauthorized, ...rateLimited },
  },
  {
    method: 'post',
    path: '/auth/send-email-otp',
    tag: 'Auth',
    summary: 'Send a code to a new email address before changing to it',
    auth: true,
    body: sendEmailOtpBodySchema,
    responses: {
      ...ok(
        messageResponseSchema,
        'Sent; the same answer for an address another account uses (which is mailed nothing)',
      ),
      ...invalid,
      ...unauthorized,
      ...rateLimited,
    },
  },
  {
    method: 'post',
    path: '/auth/verify-email-otp',
    tag: 'Auth',
    summary: 'Verify the code sent to a new email address',
    auth: true,
    body: verifyEmailOtpBodySchema,
    responses: { ...ok(messageResponseSchema), ...invalid, ...unauthorized, ...rateLimited },
  },
  {
    method: 'post',
    path: '/auth/send-phone-otp',
    tag: 'Auth',
    summary: 'Send a code to a new mobile number before changing to it',
    auth: true,
    body: sendPhoneOtpBodySchema,
    responses: {
      ...ok(messageResponseSchema),
      ...invalid,
      ...unauthorized,
      ...textsLimited,
      503: error(
        "SMS_UNAVAILABLE: the SMS gateway could not be reached; SMS_BUDGET_EXHAUSTED: the shop's code texts are spent for now",
      ),
    },
  },
  {
    method: 'post',
    path: '/auth/verify-phone-otp',
    tag: 'Auth',
    summary: 'Verify the code sent to a new mobile number',
    auth: true,
    body: verifyPhoneOtpBodySchema,
    responses: { ...ok(messageResponseSchema), ...invalid, ...unauthorized, ...rateLimited },
  },
] as const satisfies readonly ApiRoute[];

const shopping = [
  {
    method: 'get',
    path: '/products',
    tag: 'Products',
    summary: 'The catalogue',
    auth: false,
    responses: ok(productListResponseSchema),
  },
  {
    method: 'get',
    path: '/products/{id}',
    tag: 'Products',
    summary: 'One product',
    auth: false,
    params: productParamsSchema,
    responses: { ...ok(productSchema), ...invalid, 404: error('No product with this id') },
  },
  {
    method: 'get',
    path: '/pincodes/{pin}',
    tag: 'Delivery',
    summary:
      'Where a PIN is, whether we deliver there and with cash on delivery, and the expected delivery dates',
    auth: false,
    params: pincodeParamsSchema,
    responses: {
      ...ok(pincodeAnswerSchema),
      400: error('VALIDATION_ERROR: a PIN code is exactly 6 digits'),
      404: error('UNKNOWN_PIN: no such PIN code in the directory'),
      ...rateLimited,
    },
  },
  {
    method: 'get',
    path: '/wishlist',
    tag: 'Wishlist',
    summary: 'The wishlist as product ids',
    auth: true,
    responses: { ...ok(wishlistResponseSchema), ...unauthorized },
  },
  {
    method: 'post',
    path: '/wishlist',
    tag: 'Wishlist',
    summary: 'Replace the wishlist (repeated ids are folded)',
    auth: true,
    body: wishlistBodySchema,
    responses: { ...ok(wishlistResponseSchema), ...invalid, ...unauthorized },
  },
  {
    method: 'post',
    path: '/consent',
    tag: 'Consent',
    summary: 'Log a cookie consent choice',
    auth: false,
    body: consentBodySchema,
    responses: { ...created(consentResponseSchema, 'Stored'), ...invalid, ...rateLimited },
  },
  {
    method: 'post',
    path: '/orders',
    tag: 'Orders',
    summary: 'Place an order: priced from the catalogue, answered with the payment dialog options',
    auth: true,
    body: createOrderBodySchema,
    responses: {
      ...created(createOrderResponseSchema),
      ...invalid,
      ...unauthorized,
      409: {
        description:
          'TOTAL_MISMATCH: total_amount differs from the catalogue (`totals` are current); ' +
          'COD_UNAVAILABLE (with `reason`); COUPON_PAUSED, COUPON_NOT_STARTED (with `startsAt`), ' +
          'COUPON_EXPIRED (with `endsAt`), COUPON_MIN_ORDER (with `minOrder` and `shortBy`), ' +
          'COUPON_USED_UP, COUPON_ALREADY_USED; OUT_OF_STOCK (with `productId`): not enough of it left, or no longer sold; ' +
          'ORDER_BELOW_MINIMUM: the total would be under ₹1.00, the least a payment can be',
        schema: orderRefusedBodySchema,
      },
      404: error('COUPON_UNKNOWN: there is no such coupon'),
      ...textsLimited,
      503: error(
        "The payment provider cannot be reached; SMS_BUDGET_EXHAUSTED: cash on delivery's code cannot be texted for now (pay online)",
      ),
    },
  },
  {
    method: 'get',
    path: '/orders',
    tag: 'Orders',
    summary: "The user's orders, newest first",
    auth: true,
    query: profilePageQuerySchema,
    responses: { ...ok(orderSummaryListSchema), ...invalid, ...unauthorized },
  },
  {
    method: 'get',
    path: '/orders/{id}',
    tag: 'Orders',
    summary: 'One order with its lines, tax and timeline',
    auth: true,
    params: objectIdParamsSchema,
    responses: { ...ok(orderSchema), ...invalid, ...unauthorized, ...notFound },
  },
  {
    method: 'post',
    path: '/orders/{id}/cancel',
    tag: 'Orders',
    summary: 'Cancel an order not yet packed; a paid one is refunded whole',
    auth: true,
    params: objectIdParamsSchema,
    responses: {
      ...ok(orderSchema),
      ...invalid,
      ...unauthorized,
      ...notFound,
      409: error('ORDER_NOT_CANCELLABLE: the order is packed or further along'),
    },
  },
  {
    method: 'post',
    path: '/orders/{id}/confirm-cod',
    tag: 'Orders',
    summary: 'Confirm a cash-on-delivery order with the 6-digit code sent to the verified phone',
    auth: true,
    params: objectIdParamsSchema,
    body: confirmCodBodySchema,
    responses: {
      ...ok(orderSchema),
      400: error('INVALID_OTP or OTP_ATTEMPTS_EXCEEDED: the code is wrong, expired or used up'),
      ...unauthorized,
      ...notFound,
      409: error('ORDER_NOT_AWAITING_CONFIRMATION: the order is not waiting for its code'),
      ...textsLimited,
      503: error("SMS_BUDGET_EXHAUSTED: the shop's code texts are spent for now"),
    },
  },
  {
    method: 'post',
    path: '/orders/{id}/cod-code',
    tag: 'Orders',
    summary: 'Send a new confirmation code for a cash-on-delivery order (after a cooldown)',
    auth: true,
    params: objectIdParamsSchema,
    responses: {
      ...ok(codConfirmationSchema),
      ...invalid,
      ...unauthorized,
      ...notFound,
      409: error('ORDER_NOT_AWAITING_CONFIRMATION: the order is not waiting for its code'),
      ...textsLimited,
      503: error("SMS_BUDGET_EXHAUSTED: the shop's code texts are spent for now"),
    },
  },
  {
    method: 'post',
    path: '/payments/verify',
    tag: 'Payments',
    summary:
      "Verify the payment dialog's signature, ask the provider what was captured, and mark the order paid",
    // No session needed: the signature is the proof, and a shopper whose session lapsed while
    // paying must still see the order confirmed.
    auth: false,
    body: verifyPaymentBodySchema,
    responses: {
      ...ok(verifyPaymentResponseSchema),
      ...invalid,
      ...notFound,
      409: error('PAYMENT_HELD: the captured amount is not the order total; held for the owner'),
      503: error(
        'PAYMENT_UNCONFIRMED: the provider could not be asked; reconciliation confirms the order later',
      ),
    },
  },
  {
    method: 'post',
    path: '/payments/webhook',
    tag: 'Payments',
    summary: "The payment provider's events (signed with the webhook secret)",
    auth: false,
    headers: webhookHeadersSchema,
    body: webhookEventSchema,
    responses: {
      ...ok(webhookResponseSchema, 'Accepted (also for events already handled)'),
      400: error('Missing or wrong signature, or not an event'),
    },
  },
  {
    method: 'post',
    path: '/payments/test/complete',
    tag: 'Payments',
    testMode: 'payments',
    summary: 'Test mode only: pay or fail an order as the provider dialog would',
    // As the provider's dialog: no session (the order and its provider order id name the payment).
    auth: false,
    body: testPaymentCompletionBodySchema,
    responses: {
      ...ok(testPaymentCompletionResponseSchema),
      ...invalid,
      404: error('No such order, or test mode is off'),
    },
  },
  {
    method: 'post',
    path: '/contact',
    tag: 'Contact',
    summary: 'Send a message to the shop',
    auth: false,
    body: contactBodySchema,
    responses: {
      ...created(contactResponseSchema, 'Stored (and mailed to the shop)'),
      ...invalid,
      ...rateLimited,
    },
  },
  {
    method: 'post',
    path: '/waitlist',
    tag: 'Community',
    summary: 'Join the community waitlist; a confirmation is mailed the first time',
    auth: false,
    body: waitlistBodySchema,
    responses: {
      ...created(waitlistResponseSchema, 'Added to the waitlist and mailed a confirmation'),
      ...ok(waitlistResponseSchema, 'Already on the waitlist: the same answer, no second mail'),
      ...invalid,
      ...rateLimited,
    },
  },
] as const satisfies readonly ApiRoute[];

const profile = [
  {
    method: 'get',
    path: '/invoices',
    tag: 'Invoices',
    summary: "The user's GST tax invoices, newest order first",
    auth: true,
    query: profilePageQuerySchema,
    responses: { ...ok(invoiceListSchema), ...invalid, ...unauthorized },
  },
  {
    method: 'get',
    path: '/invoices/{id}/pdf',
    tag: 'Invoices',
    summary: 'An invoice as PDF (signed link: no token needed)',
    auth: false,
    params: objectIdParamsSchema,
    query: z.object({
      sig: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/),
      // A safe integer, as the server's parse holds it (the document said only "positive", so
      // 2^53 and above were valid by the document and refused by the server).
      exp: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    }),
    responses: {
      200: {
        description: 'The invoice',
        contentType: 'application/pdf',
        schema: z.string().meta({ format: 'binary' }),
      },
      ...invalid,
      403: error('The link is expired or its signature is wrong'),
      ...notFound,
    },
  },
  ...listEndpoints({
    path: '/me/addresses',
    tag: 'Addresses',
    noun: 'address',
    nouns: 'addresses',
    body: addAddressBodySchema,
    list: addressListSchema,
  }),
  ...listEndpoints({
    path: '/me/payment-methods',
    tag: 'Payment methods',
    noun: 'payment method label',
    nouns: 'payment method labels',
    body: addPaymentMethodBodySchema,
    list: paymentMethodListSchema,
  }),
  {
    method: 'get',
    path: '/returns',
    tag: 'Returns',
    summary: "The user's return requests, newest first",
    auth: true,
    query: profilePageQuerySchema,
    responses: { ...ok(returnRequestListSchema), ...invalid, ...unauthorized },
  },
  {
    method: 'post',
    path: '/returns',
    tag: 'Returns',
    summary: 'Request a return of a delivered order',
    auth: true,
    body: createReturnBodySchema,
    responses: {
      ...created(returnRequestSchema),
      ...invalid,
      ...unauthorized,
      ...notFound,
      409: error(
        'The order cannot be returned (not delivered, outside 30 days, or already returned)',
      ),
    },
  },
  {
    method: 'get',
    path: '/tickets',
    tag: 'Tickets',
    summary: "The user's support tickets, newest first",
    auth: true,
    query: profilePageQuerySchema,
    responses: { ...ok(ticketListSchema), ...invalid, ...unauthorized },
  },
  {
    method: 'get',
    path: '/tickets/{id}',
    tag: 'Tickets',
    summary: 'One ticket of the user with its replies',
    auth: true,
    params: objectIdParamsSchema,
    responses: { ...ok(ticketSchema), ...invalid, ...unauthorized, ...notFound },
  },
  {
    method: 'post',
    path: '/tickets/{id}/replies',
    tag: 'Tickets',
    summary: "The shopper answers the shop in their own ticket's thread",
    auth: true,
    params: objectIdParamsSchema,
    body: adminTicketReplyBodySchema,
    responses: {
      ...ok(ticketSchema),
      ...invalid,
      ...unauthorized,
      ...notFound,
      409: error('TICKET_CLOSED: the ticket is closed; open a new one'),
      ...rateLimited,
    },
  },
  {
    method: 'post',
    path: '/tickets/{id}/close',
    tag: 'Tickets',
    summary: 'The shopper closes their ticket: the question is answered',
    auth: true,
    params: objectIdParamsSchema,
    responses: { ...ok(ticketSchema), ...invalid, ...unauthorized, ...notFound },
  },

  {
    method: 'post',
    path: '/tickets',
    tag: 'Tickets',
    summary: 'Open a support ticket, optionally with an image',
    auth: true,
    body: createTicketBodySchema,
    multipart: {
      field: TICKET_ATTACHMENT_FIELD,
      contentTypes: [...IMAGE_UPLOAD_TYPES, 'application/pdf'],
      optional: true,
    },
    responses: {
      ...created(ticketSchema),
      ...invalid,
      ...unauthorized,
      ...uploadErrors,
      ...rateLimited,
    },
  },
] as const satisfies readonly ApiRoute[];

/** GET, POST and DELETE of a user's list whose every change answers the whole list. */
function listEndpoints<P extends string, B extends z.ZodType>(spec: {
  path: P;
  tag: string;
  noun: string;
  nouns: string;
  body: B;
  list: z.ZodType;
}) {
  return [
    {
      method: 'get',
      path: spec.path,
      tag: spec.tag,
      summary: `List the saved ${spec.nouns}`,
      auth: true,
      responses: { ...ok(spec.list), ...unauthorized },
    },
    {
      method: 'post',
      path: spec.path,
      tag: spec.tag,
      summary: `Add a ${spec.noun}; answers the whole list`,
      auth: true,
      body: spec.body,
      responses: {
        ...created(spec.list),
        ...invalid,
        ...unauthorized,
        409: error('The list is full (10 at most)'),
      },
    },
    {
      method: 'delete',
      path: `${spec.path}/{id}` as `${P}/{id}`,
      tag: spec.tag,
      summary: `Delete a ${spec.noun}; answers the whole list`,
      auth: true,
      params: itemIdParamsSchema,
      responses: { ...ok(spec.list), ...invalid, ...unauthorized, ...notFound },
    },
  ] as const satisfies readonly ApiRoute[];
}

const forbidden = { 403: error('Signed in, but not as the shop owner') };
const ownerOnly = { ...unauthorized, ...forbidden };

const admin = [
  {
    method: 'get',
    path: '/admin/summary',
    tag: 'Owner',
    summary: 'Orders to dispatch, payments held, open returns and tickets, unread messages, sales',
    auth: true,
    responses: { ...ok(adminSummarySchema), ...ownerOnly },
  },
  {
    method: 'get',
    path: '/admin/orders',
    tag: 'Owner',
    summary: 'Orders, newest first, by status and search (order number, email, phone, name)',
    auth: true,
    query: adminOrderListQuerySchema,
    responses: { ...ok(adminOrderListSchema), ...invalid, ...ownerOnly },
  },
  {
    method: 'get',
    path: '/admin/orders/{id}',
    tag: 'Owner',
    summary: 'One order with its timeline, payment events and invoice',
    auth: true,
    params: objectIdParamsSchema,
    responses: { ...ok(adminOrderDetailSchema), ...invalid, ...ownerOnly, ...notFound },
  },
  {
    method: 'post',
    path: '/admin/orders/{id}/status',
    tag: 'Owner',
    summary: 'Move an order (packed, shipped with tracking, delivered, cancelled or refunded)',
    auth: true,
    params: objectIdParamsSchema,
    body: adminOrderStatusBodySchema,
    responses: {
      ...ok(adminOrderDetailSchema),
      ...invalid,
      ...ownerOnly,
      ...notFound,
      409: error(
        'ORDER_MOVE_NOT_ALLOWED, ORDER_CHANGED, or SHIPMENT_BOOKED: cancel the pickup with the courier first',
      ),
    },
  },
  {
    method: 'get',
    path: '/admin/packing-slips',
    tag: 'Owner',
    summary:
      'The packing slips of every order to pack (paid or confirmed), oldest first, in one PDF',
    auth: true,
    responses: {
      200: { description: 'The PDF, a page per order', contentType: 'application/pdf' },
      ...ownerOnly,
      404: error('NOTHING_TO_PACK: no order is waiting to be packed'),
    },
  },
  {
    method: 'post',
    path: '/admin/packing',
    tag: 'Owner',
    summary: 'Mark several orders packed at once; each that cannot be is listed with why',
    auth: true,
    body: adminPackManyBodySchema,
    responses: { ...ok(adminPackManyResultSchema), ...invalid, ...ownerOnly },
  },
  {
    method: 'get',
    path: '/admin/orders/{id}/packing-slip',
    tag: 'Owner',
    summary: 'The packing slip (PDF)',
    auth: true,
    params: objectIdParamsSchema,
    responses: {
      200: { description: 'The PDF', contentType: 'application/pdf' },
      ...invalid,
      ...ownerOnly,
      ...notFound,
    },
  },
  {
    method: 'get',
    path: '/admin/returns',
    tag: 'Owner',
    summary: 'Return requests, newest first, by status (`open`: requested, approved or received)',
    auth: true,
    query: adminReturnQuerySchema,
    responses: { ...ok(adminReturnListSchema), ...invalid, ...ownerOnly },
  },
  {
    method: 'post',
    path: '/admin/returns/{id}',
    tag: 'Owner',
    summary:
      'Approve, reject, receive or refund a return (refund through the provider, with a credit note); `restock` puts its units back into stock',
    auth: true,
    params: objectIdParamsSchema,
    body: adminReturnActionBodySchema,
    responses: {
      ...ok(adminReturnSchema),
      ...invalid,
      ...ownerOnly,
      ...notFound,
      409: error('RETURN_MOVE_NOT_ALLOWED, RETURN_CHANGED or REFUND_TOO_LARGE'),
    },
  },
  {
    method: 'get',
    path: '/admin/tickets',
    tag: 'Owner',
    summary:
      'Support tickets with their threads, newest first, by status (`active`: open or in progress)',
    auth: true,
    query: adminTicketQuerySchema,
    responses: { ...ok(adminTicketListSchema), ...invalid, ...ownerOnly },
  },
  {
    method: 'post',
    path: '/admin/tickets/{id}/replies',
    tag: 'Owner',
    summary: 'Reply to a ticket (the shopper is mailed and sees it in the support tab)',
    auth: true,
    params: objectIdParamsSchema,
    body: adminTicketReplyBodySchema,
    responses: { ...created(adminTicketSchema), ...invalid, ...ownerOnly, ...notFound },
  },
  {
    method: 'post',
    path: '/admin/tickets/{id}/status',
    tag: 'Owner',
    summary: "Set a ticket's status (open, in_progress, closed)",
    auth: true,
    params: objectIdParamsSchema,
    body: adminTicketStatusBodySchema,
    responses: { ...ok(adminTicketSchema), ...invalid, ...ownerOnly, ...notFound },
  },
  {
    method: 'get',
    path: '/admin/notifications',
    tag: 'Owner',
    summary:
      'The notices to the owner (new orders, returns, tickets, low stock), newest first, each linked to what it is about, and the unread count',
    auth: true,
    query: ownerNotificationQuerySchema,
    responses: { ...ok(ownerNotificationListSchema), ...invalid, ...ownerOnly },
  },
  {
    method: 'post',
    path: '/admin/notifications/{id}/read',
    tag: 'Owner',
    summary: 'Mark one notice read (again: no change)',
    auth: true,
    params: objectIdParamsSchema,
    responses: { ...ok(ownerNotificationSchema), ...invalid, ...ownerOnly, ...notFound },
  },
  {
    method: 'post',
    path: '/admin/notifications/read',
    tag: 'Owner',
    summary: 'Mark every notice read',
    auth: true,
    responses: { ...ok(ownerNotificationListSchema), ...ownerOnly },
  },
  {
    method: 'get',
    path: '/admin/messages',
    tag: 'Owner',
    summary:
      'Contact-form messages, newest first (listing marks them read); `status=unread`: only those unread',
    auth: true,
    query: adminMessageQuerySchema,
    responses: { ...ok(adminMessageListSchema), ...invalid, ...ownerOnly },
  },
  {
    method: 'put',
    path: '/admin/products/{id}/stock',
    tag: 'Owner',
    summary: 'Switch a product in or out of stock',
    auth: true,
    params: productParamsSchema,
    body: stockBodySchema,
    responses: { ...ok(stockResponseSchema), ...invalid, ...ownerOnly, ...notFound },
  },
  {
    method: 'get',
    path: '/admin/gst',
    tag: 'Owner',
    summary:
      'GSTR-1 tables (B2B, B2C large and small, HSN summary B2B/B2C, credit notes, documents issued) for a date range: JSON, CSV, or the GST portal offline tool file',
    auth: true,
    query: gstExportQuerySchema,
    responses: {
      200: {
        description: 'The tables (CSV when format=csv; the portal file when format=portal)',
        schema: z.union([gstExportSchema, gstPortalFileSchema]),
        alternatives: { 'text/csv': z.string() },
      },
      ...invalid,
      ...ownerOnly,
    },
  },
  {
    method: 'get',
    path: '/admin/waitlist',
    tag: 'Owner',
    summary: 'The community waitlist: signups (email, name, when they joined), newest first',
    auth: true,
    responses: { ...ok(adminWaitlistSchema), ...ownerOnly },
  },
  {
    method: 'get',
    path: '/admin/settings/notifications',
    tag: 'Owner',
    summary: 'Which events the owners are mailed (and texted) about',
    auth: true,
    responses: { ...ok(ownerNoticeSettingsSchema), ...ownerOnly },
  },
  {
    method: 'put',
    path: '/admin/settings/notifications',
    tag: 'Owner',
    summary: 'Turn each notice to the owners on or off, and set the mobile number texted with them',
    auth: true,
    body: ownerNoticeSettingsSchema,
    responses: { ...ok(ownerNoticeSettingsSchema), ...invalid, ...ownerOnly },
  },
  {
    method: 'get',
    path: '/admin/audit',
    tag: 'Owner',
    summary: 'The audit log of owner actions, newest first, by kind of action and days',
    auth: true,
    query: adminAuditQuerySchema,
    responses: { ...ok(auditListSchema), ...invalid, ...ownerOnly },
  },
] as const satisfies readonly ApiRoute[];

/** The owner's catalogue: every product, and the edit of one (its words, prices, sale, status). */
const ownerCatalogue = [
  {
    method: 'get',
    path: '/admin/products',
    tag: 'Owner',
    summary: "Every product, hidden ones too, in the shop's order, with its regular price and sale",
    auth: true,
    responses: { ...ok(adminProductListSchema), ...ownerOnly },
  },
  {
    method: 'post',
    path: '/admin/products',
    tag: 'Owner',
    summary:
      'Add a product (a draft unless published at once; its id made from the name when not given; a single product starts with `openingStock` units; audited)',
    auth: true,
    body: productCreateSchema,
    responses: {
      ...created(adminProductSchema),
      ...invalid,
      ...ownerOnly,
      409: error('PRODUCT_ID_TAKEN: another product has this id'),
    },
  },
  {
    method: 'post',
    path: '/admin/products/{id}/duplicate',
    tag: 'Owner',
    summary:
      'Copy a product as a new draft, "<name> (copy)" under "<id>-copy" (its photos, words, prices and contents; no sale, no stock; audited)',
    auth: true,
    params: productParamsSchema,
    responses: {
      ...created(adminProductSchema),
      ...invalid,
      ...ownerOnly,
      404: error('PRODUCT_NOT_FOUND: no product has this id'),
    },
  },
  {
    method: 'put',
    path: '/admin/products/{id}',
    tag: 'Owner',
    summary:
      'Change a product: its words, category, ingredients, photos, prices and MRP, tax class, bundle contents, related products, a sale with its start and end, and its status (audited; every API process sells it so within 5 s)',
    auth: true,
    params: productParamsSchema,
    body: productEditSchema,
    responses: {
      ...ok(adminProductSchema),
      ...invalid,
      ...ownerOnly,
      404: error('PRODUCT_NOT_FOUND: no product has this id'),
      409: error(
        'PRODUCT_KIND_FIXED: a single product cannot become a bundle, nor a bundle a single product',
      ),
    },
  },
  {
    method: 'post',
    path: '/admin/products/{id}/photos',
    tag: 'Owner',
    summary: `Add a photo after the product's others (at most ${PRODUCT_PHOTOS_MAX}): stored square at ${PRODUCT_PHOTO_SIZES_PX.join(' and ')} px as WebP and AVIF under a name from its content, never deleted (audited)`,
    auth: true,
    params: productParamsSchema,
    multipart: { field: PRODUCT_PHOTO_FIELD, contentTypes: IMAGE_UPLOAD_TYPES },
    responses: {
      ...ok(adminProductSchema, 'The product as the owner sees it, the new photo last'),
      400: error('INVALID_IMAGE: not an image the server can read; or no photo in the request'),
      ...ownerOnly,
      404: error('PRODUCT_NOT_FOUND: no product has this id'),
      409: error(`TOO_MANY_PHOTOS: the product has ${PRODUCT_PHOTOS_MAX} photos already`),
      413: error(`The file exceeds ${PRODUCT_PHOTO_MAX_BYTES / (1024 * 1024)} MB`),
      415: uploadErrors[415],
      503: uploadErrors[503],
    },
  },
] as const satisfies readonly ApiRoute[];

/** The owner's coupons and the shopper's check of a code against a cart. */
const coupons = [
  {
    method: 'get',
    path: '/admin/coupons',
    tag: 'Owner',
    summary: 'Coupons, newest first, with the uses taken so far',
    auth: true,
    responses: { ...ok(couponListSchema), ...ownerOnly },
  },
  {
    method: 'post',
    path: '/admin/coupons',
    tag: 'Owner',
    summary: 'Create a coupon (percent 1-90 or flat paise, minimum order, dates, limits)',
    auth: true,
    body: couponInputSchema,
    responses: {
      ...created(couponSchema),
      ...invalid,
      ...ownerOnly,
      409: error('COUPON_EXISTS: a coupon has this code already'),
    },
  },
  {
    method: 'put',
    path: '/admin/coupons/{code}',
    tag: 'Owner',
    summary: 'Edit a coupon (its code stays); `active: false` pauses it',
    auth: true,
    params: couponCodeParamsSchema,
    body: couponInputSchema,
    responses: {
      ...ok(couponSchema),
      400: error('Validation failed, or COUPON_LIMIT_BELOW_USES, or a body naming another code'),
      ...ownerOnly,
      404: error('COUPON_UNKNOWN: no coupon has this code'),
      409: error('COUPON_BUSY: the coupon kept changing under orders; try again'),
    },
  },
  {
    method: 'get',
    path: '/admin/coupons/{code}/uses',
    tag: 'Owner',
    summary: "A coupon's uses, newest first, with each order's number and status",
    auth: true,
    params: couponCodeParamsSchema,
    responses: {
      ...ok(couponUseListSchema),
      ...invalid,
      ...ownerOnly,
      404: error('COUPON_UNKNOWN: no coupon has this code'),
    },
  },
  {
    method: 'post',
    path: '/coupons/check',
    tag: 'Coupons',
    summary:
      'Price a cart with a coupon (signed in: also whether this shopper has used it up); takes no use',
    auth: false,
    body: couponCheckBodySchema,
    responses: {
      ...ok(couponCheckResponseSchema),
      400: error('Validation failed: a malformed code, an unknown product or delivery state'),
      404: error('COUPON_UNKNOWN: there is no such coupon'),
      409: error(
        'COUPON_PAUSED, COUPON_NOT_STARTED (with `startsAt`), COUPON_EXPIRED (with `endsAt`), COUPON_MIN_ORDER (with `minOrder` and `shortBy`), COUPON_USED_UP, COUPON_ALREADY_USED, or ORDER_BELOW_MINIMUM (the cart with it would come to under ₹1.00); each message says why and what to do',
      ),
      ...rateLimited,
    },
  },
] as const satisfies readonly ApiRoute[];

/** Stock counts: the owner's counts, receipts, settings and ledger, and the shopper's "Notify me". */
const stock = [
  {
    method: 'get',
    path: '/admin/stock',
    tag: 'Owner',
    summary:
      'Per single product: on hand, reserved, available, low-stock level, selling; bundles with what their contents make up',
    auth: true,
    responses: { ...ok(adminStockSchema), ...ownerOnly },
  },
  {
    method: 'post',
    path: '/admin/stock/{id}',
    tag: 'Owner',
    summary:
      'Receive units (adjust > 0) or take them off (adjust < 0: damaged, lost), with a reason',
    auth: true,
    params: productParamsSchema,
    body: stockAdjustBodySchema,
    responses: {
      ...ok(stockItemSchema),
      ...invalid,
      ...ownerOnly,
      404: error('PRODUCT_NOT_FOUND: no single product has this id (bundles have no count)'),
      409: error('STOCK_BELOW_RESERVED: fewer would be on hand than are held for orders'),
    },
  },
  {
    method: 'put',
    path: '/admin/stock/{id}',
    tag: 'Owner',
    summary: 'Set the low-stock level and the "stop selling" switch',
    auth: true,
    params: productParamsSchema,
    body: stockSettingsBodySchema,
    responses: {
      ...ok(stockItemSchema),
      ...invalid,
      ...ownerOnly,
      404: error('PRODUCT_NOT_FOUND: no single product has this id (bundles have no count)'),
    },
  },
  {
    method: 'get',
    path: '/admin/stock/{id}/moves',
    tag: 'Owner',
    summary: "A page of a single product's stock ledger, newest first (page 1: the newest)",
    auth: true,
    params: productParamsSchema,
    query: stockMovesQuerySchema,
    responses: {
      ...ok(stockMoveListSchema),
      ...invalid,
      ...ownerOnly,
      404: error('PRODUCT_NOT_FOUND: no single product has this id'),
    },
  },
  {
    method: 'post',
    path: '/products/{id}/notify',
    tag: 'Products',
    summary: 'Mail this address once when the product can be bought again',
    auth: false,
    params: productParamsSchema,
    body: stockNotifyBodySchema,
    responses: {
      ...created(stockNotifyResponseSchema, 'Noted'),
      ...ok(stockNotifyResponseSchema, 'This address already waits for this product'),
      ...invalid,
      404: error('PRODUCT_NOT_FOUND: no product has this id'),
      ...rateLimited,
    },
  },
] as const satisfies readonly ApiRoute[];

/** Parcels booked with the courier from the owner area, and the courier's tracking updates. */
const shipping = [
  {
    method: 'post',
    path: '/admin/orders/{id}/shipment',
    tag: 'Owner',
    summary:
      "Book a packed order's parcel with the courier (AWB, pickup, label); a repeat answers the same booking. Moves nothing: the pickup scan ships it",
    auth: true,
    params: objectIdParamsSchema,
    responses: {
      ...ok(shipmentSchema),
      ...invalid,
      ...ownerOnly,
      ...notFound,
      409: error(
        'ORDER_NOT_PACKED: only a packed order is booked; SHIPMENT_BOOKING: another request is booking it',
      ),
      502: error(
        'SHIPPING_REFUSED: the courier refused the booking (its reason in `providerMessage`)',
      ),
      503: error(
        'SHIPPING_UNAVAILABLE: the courier does not answer; a retry goes on where it stopped',
      ),
    },
  },
  {
    method: 'delete',
    path: '/admin/orders/{id}/shipment',
    tag: 'Owner',
    summary:
      'Cancel the pickup: the booking is called off with the courier; the order stays packed, to book again, send another way or cancel',
    auth: true,
    params: objectIdParamsSchema,
    responses: {
      ...ok(shipmentAnswerSchema),
      ...invalid,
      ...ownerOnly,
      ...notFound,
      409: error('ORDER_MOVE_NOT_ALLOWED: the order has no booked parcel waiting for its pickup'),
      502: error('SHIPPING_REFUSED: the courier refused (the parcel may be picked up already)'),
      503: error('SHIPPING_UNAVAILABLE: the courier does not answer; try again'),
    },
  },
  {
    method: 'get',
    path: '/admin/labels',
    tag: 'Owner',
    summary:
      'The shipping labels of every packed order booked with the courier, oldest first, in one PDF',
    auth: true,
    responses: {
      200: { description: 'The PDF, a label per parcel', contentType: 'application/pdf' },
      ...ownerOnly,
      404: error('NOTHING_TO_LABEL: no booked parcel waits for its pickup'),
      503: error('SHIPPING_UNAVAILABLE: the courier does not hand the labels over right now'),
    },
  },
  {
    method: 'get',
    path: '/admin/orders/{id}/shipment',
    tag: 'Owner',
    summary: "The order's courier booking, or null before one is made",
    auth: true,
    params: objectIdParamsSchema,
    responses: { ...ok(shipmentAnswerSchema), ...invalid, ...ownerOnly, ...notFound },
  },
  {
    method: 'get',
    path: '/admin/orders/{id}/label',
    tag: 'Owner',
    summary: "The booked parcel's shipping label (PDF)",
    auth: true,
    params: objectIdParamsSchema,
    responses: {
      200: { description: 'The PDF', contentType: 'application/pdf' },
      ...invalid,
      ...ownerOnly,
      404: error('ORDER_NOT_FOUND, or SHIPMENT_NOT_FOUND: the parcel is not booked'),
      503: error('SHIPPING_UNAVAILABLE: the courier does not hand the label over right now'),
    },
  },
  {
    method: 'post',
    path: '/shipping/webhook',
    tag: 'Shipping',
    summary:
      "The courier's tracking update (token in x-api-key); the status is read back from the courier before the order moves",
    auth: false,
    headers: shippingWebhookHeadersSchema,
    body: shippingWebhookBodySchema,
    responses: {
      ...ok(shippingWebhookResponseSchema, 'Received (also for a parcel we did not book)'),
      ...invalid,
      401: error('INVALID_WEBHOOK_TOKEN: missing or wrong x-api-key'),
    },
  },
  {
    method: 'post',
    path: '/shipping/test/advance',
    tag: 'Shipping',
    testMode: 'courier',
    summary:
      "Test mode only: the courier's next scan of a parcel, played through the webhook's path",
    auth: false,
    body: testScanBodySchema,
    responses: {
      ...ok(testScanResponseSchema),
      ...invalid,
      404: error('No parcel with this AWB, or test mode is off'),
    },
  },
] as const satisfies readonly ApiRoute[];

const reviews = [
  {
    method: 'get',
    path: '/products/{id}/reviews',
    tag: 'Reviews',
    summary: "A product's published reviews, newest first, with their average and count",
    auth: false,
    params: productParamsSchema,
    responses: { ...ok(reviewListSchema), ...invalid },
  },
  {
    method: 'post',
    path: '/products/{id}/reviews',
    tag: 'Reviews',
    summary:
      'Review a product: only a shopper with a delivered order that held it (alone or in a bundle), once; shown when the owner publishes it',
    auth: true,
    params: productParamsSchema,
    body: reviewBodySchema,
    responses: {
      ...created(adminReviewSchema, 'Stored, waiting for the owner'),
      ...invalid,
      ...unauthorized,
      403: error('NOT_A_BUYER: no delivered order of this account held the product'),
      409: error('REVIEW_EXISTS: this account reviewed the product already'),
      ...rateLimited,
    },
  },
  {
    method: 'get',
    path: '/products/{id}/reviews/mine',
    tag: 'Reviews',
    summary:
      'Whether the signed-in shopper may review the product (a delivered order of theirs held it), and their review of it',
    auth: true,
    params: productParamsSchema,
    responses: { ...ok(myReviewAnswerSchema), ...invalid, ...unauthorized },
  },
  {
    method: 'put',
    path: '/products/{id}/reviews/mine',
    tag: 'Reviews',
    summary:
      'Edit your review of a product: it waits for the owner again before it shows, with its reply',
    auth: true,
    params: productParamsSchema,
    body: reviewBodySchema,
    responses: {
      ...ok(myReviewSchema),
      ...invalid,
      ...unauthorized,
      404: error('REVIEW_NOT_FOUND: this account has not reviewed the product'),
      ...rateLimited,
    },
  },
  {
    method: 'get',
    path: '/admin/reviews',
    tag: 'Owner',
    summary: 'Reviews to moderate, newest first (all, or by status)',
    auth: true,
    query: adminReviewQuerySchema,
    responses: { ...ok(z.array(adminReviewSchema)), ...invalid, ...ownerOnly },
  },
  {
    method: 'post',
    path: '/admin/reviews/{id}',
    tag: 'Owner',
    summary: 'Publish or hide a review, with an optional public reply',
    auth: true,
    params: objectIdParamsSchema,
    body: adminReviewActionSchema,
    responses: { ...ok(adminReviewSchema), ...invalid, ...ownerOnly, ...notFound },
  },
] as const satisfies readonly ApiRoute[];

/** The settings the owner changes without a release: everyone reads them, the owner sets them. */
const shopSettings = [
  {
    method: 'get',
    path: '/shop-settings',
    tag: 'Shop',
    summary:
      'The pre-order notice and first dispatch day, the cash-on-delivery fee and limit, and the free-shipping threshold (no-cache, with an ETag)',
    auth: false,
    responses: { ...ok(shopSettingsSchema) },
  },
  {
    method: 'put',
    path: '/admin/settings/shop',
    tag: 'Owner',
    summary:
      'Set the pre-order notice and dispatch day, the cash-on-delivery fee and limit and the free-shipping threshold (audited)',
    auth: true,
    body: shopSettingsSchema,
    responses: { ...ok(shopSettingsSchema), ...invalid, ...ownerOnly },
  },
] as const satisfies readonly ApiRoute[];

const readiness = {
  tag: 'Health',
  auth: false,
  responses: {
    ...ok(healthResponseSchema),
    503: {
      description: 'The database does not answer (the API reconnects by itself once it is back)',
      schema: healthResponseSchema,
    },
  },
} as const;

const health = [
  {
    method: 'get',
    path: '/health/live',
    tag: 'Health',
    summary: 'Liveness: the process answers (the database is not asked)',
    auth: false,
    responses: ok(healthResponseSchema),
  },
  {
    method: 'get',
    path: '/health/ready',
    summary: 'Readiness: the database answers a ping, so requests can be served',
    ...readiness,
  },
  {
    method: 'get',
    path: '/health',
    summary: 'Readiness, under its older name (the same as /health/ready)',
    ...readiness,
  },
] as const satisfies readonly ApiRoute[];

/** The areas of the API, as the OpenAPI document groups its operations. */
export const API_TAGS: Readonly<Record<string, string>> = {
  Auth: 'Accounts and sessions: sign-up, email and password or phone code sign-in, two-step codes, verification, password reset, the signed-in profile',
  Products: 'The catalogue: products with their prices in paise, stock state and delivery promise',
  Reviews:
    "Verified buyers' reviews: published ones for everyone, the shopper's own, the owner's moderation",
  Delivery: 'PIN codes: where the shop delivers, by when, and whether cash on delivery is offered',
  Coupons: 'Checking a coupon against a cart before ordering',
  Orders:
    "Placing and following the shopper's orders: totals recomputed by the server, cash on delivery confirmed by an SMS code, cancelling",
  Payments:
    "Razorpay: the checkout dialog's signature, the webhook, and test mode's stand-in for the dialog",
  Shipping: "The courier (Shiprocket): its tracking webhook, and test mode's scans",
  Invoices: 'GST invoices and credit notes, as PDFs behind signed links',
  Returns: 'Return requests on delivered orders',
  Tickets: 'Support tickets with attachments, and their replies',
  Wishlist: "The signed-in shopper's wishlist",
  Addresses: "The signed-in shopper's saved delivery addresses",
  'Payment methods':
    "The signed-in shopper's saved payment methods (labels only; the provider keeps the details)",
  Contact: "The contact form, mailed to the shop's inbox",
  Community: 'The newsletter and launch waitlist',
  Consent: 'Cookie consent, logged before the browser keeps it',
  Shop: 'Notices and amounts every shopper sees (shipping threshold, cash-on-delivery fee, pre-orders)',
  Owner:
    'The owner area: orders and their actions, the courier, stock counts, coupons, reviews, returns, tickets, notifications, settings, GST exports',
  Health: 'Liveness and readiness for the platform and for people',
};

const routes = [
  ...auth,
  ...shopping,
  ...profile,
  ...admin,
  ...ownerCatalogue,
  ...coupons,
  ...shipping,
  ...stock,
  ...reviews,
  ...shopSettings,
  ...health,
] as const;

export const apiRoutes: readonly ApiRoute[] = routes;

/** Every route as the contracts declare it, schemas and all (for typing what a route takes). */
export type ContractRoute = (typeof routes)[number];

/** 'method /path/{param}': how code names a route of the contracts. */
export type ApiRouteKey = ContractRoute extends infer R
  ? R extends { method: infer M extends string; path: infer P extends string }
    ? `${M} ${P}`
    : never
  : never;

/** The route named by `key`. */
export type ContractRouteOf<K extends ApiRouteKey> = Extract<
  ContractRoute,
  {
    method: K extends `${infer M} ${string}` ? M : never;
    path: K extends `${string} ${infer P}` ? P : never;
  }
>;

/** The route of `method` and `path` (OpenAPI-style path below /api), if there is one. */
export function findApiRoute(method: HttpMethod, path: string): ApiRoute | undefined {
  return apiRoutes.find((route) => route.method === method && route.path === path);
}

/** '/orders/{id}' as Express writes it: '/orders/:id'. */
export function toExpressPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}
