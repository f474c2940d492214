// Payment verification, the provider's webhook and the built-in test mode. Test mode answers
// exactly what the provider's dialog would hand the page, so the same verify call follows either way.
import { z } from 'zod';
import { NOT_BLANK_PATTERN, objectIdField } from './fields';
import { orderSchema } from './orders';

// The length as sent, before the trim, as the document's maxLength means it (fields.ts).
const providerId = z.string().max(100).trim().min(1).meta({ pattern: NOT_BLANK_PATTERN });

/** HMAC-SHA256 in hex, as the provider (and test mode) sign `order_id|payment_id`. */
const signatureField = z
  .string()
  .regex(/^[0-9a-fA-F]{64}$/, 'Invalid payment signature')
  .meta({ example: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08' });

/** What the dialog's success callback receives, plus our order's id. */
export const verifyPaymentBodySchema = z
  .object({
    orderId: objectIdField,
    razorpay_order_id: providerId,
    razorpay_payment_id: providerId,
    razorpay_signature: signatureField,
  })
  .strict();

export const verifyPaymentResponseSchema = z.object({ order: orderSchema });

/**
 * A provider webhook event. Only the fields reconciliation reads are described; everything else the
 * provider sends is kept (loose objects), since the signature covers the raw body anyway.
 */
export const webhookEventSchema = z
  .object({
    id: z.string().optional(),
    event: z.string(),
    payload: z
      .object({
        payment: z
          .object({
            entity: z
              .object({
                id: z.string(),
                order_id: z.string(),
                status: z.string(),
                amount: z.number(),
              })
              .loose(),
          })
          .loose()
          .optional(),
        order: z
          .object({
            entity: z.object({ id: z.string(), status: z.string() }).loose(),
          })
          .loose()
          .optional(),
      })
      .loose(),
    created_at: z.number(),
  })
  .loose();

/** The header the provider signs its webhook body with. */
export const WEBHOOK_SIGNATURE_HEADER = 'x-razorpay-signature';

export const webhookHeadersSchema = z.object({ [WEBHOOK_SIGNATURE_HEADER]: z.string().min(1) });

export const webhookResponseSchema = z.object({ ok: z.literal(true) });

export const TEST_PAYMENT_OUTCOMES = ['success', 'failure'] as const;

/** The test-mode dialog's answer: pay or fail the provider order of one of our orders. */
export const testPaymentCompletionBodySchema = z
  .object({
    orderId: objectIdField,
    providerOrderId: providerId,
    outcome: z.enum(TEST_PAYMENT_OUTCOMES),
  })
  .strict();

/** On success, what the provider's dialog hands its success callback; on failure, its error. */
export const testPaymentCompletionResponseSchema = z.discriminatedUnion('outcome', [
  z.object({
    outcome: z.literal('success'),
    razorpay_order_id: z.string(),
    razorpay_payment_id: z.string(),
    razorpay_signature: z.string(),
  }),
  z.object({
    outcome: z.literal('failure'),
    error: z.object({ code: z.string(), description: z.string() }),
  }),
]);

export type VerifyPaymentBody = z.infer<typeof verifyPaymentBodySchema>;
export type VerifyPaymentResponse = z.infer<typeof verifyPaymentResponseSchema>;
export type WebhookEvent = z.infer<typeof webhookEventSchema>;
export type TestPaymentCompletionBody = z.infer<typeof testPaymentCompletionBodySchema>;
export type TestPaymentCompletionResponse = z.infer<typeof testPaymentCompletionResponseSchema>;
