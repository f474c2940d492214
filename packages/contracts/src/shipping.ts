// Parcels booked with the courier aggregator (Shiprocket) from the owner area, and the courier's
// tracking updates that move the order.
import { z } from 'zod';
import { isoDateTimeField } from './fields';
import { orderStatusSchema } from './profile';

/** A booked parcel as the owner sees it (POST and GET /admin/orders/{id}/shipment). */
export const shipmentSchema = z
  .object({
    /** The air waybill number: the courier's tracking number. */
    awb: z.string(),
    courier: z.string(),
    /** The label (PDF) behind the owner's session: GET /api/admin/orders/{id}/label. */
    labelUrl: z.string(),
    /** Where the shopper follows the parcel. */
    trackingUrl: z.string(),
    bookedAt: isoDateTimeField,
    /** The courier's words for its latest scan read so far ('PICKED UP'); null before the first. */
    lastScan: z.string().nullable(),
  })
  .meta({ id: 'Shipment' });

/** GET /admin/orders/{id}/shipment: the order's booking, or null before one is made. */
export const shipmentAnswerSchema = z.object({ shipment: shipmentSchema.nullable() });

/** The header carrying the security token set on the webhook in the courier's panel. */
export const SHIPPING_WEBHOOK_TOKEN_HEADER = 'x-api-key';

export const shippingWebhookHeadersSchema = z.object({
  [SHIPPING_WEBHOOK_TOKEN_HEADER]: z.string().min(1),
});

/**
 * Shiprocket's tracking webhook. Only the AWB is read: the body is not signed, so the parcel's
 * status is read back from the courier before anything moves. Everything else is kept (loose).
 */
export const shippingWebhookBodySchema = z
  .object({
    awb: z.union([z.string().max(64), z.number().int().nonnegative()]),
    current_status: z.string().optional(),
    shipment_status_id: z.number().optional(),
  })
  .loose();

export const shippingWebhookResponseSchema = z.object({ ok: z.literal(true) });

/** The scans test mode can play (POST /shipping/test/advance). */
export const TEST_SCAN_STATUSES = ['picked_up', 'out_for_delivery', 'delivered', 'rto'] as const;
export type TestScanStatus = (typeof TEST_SCAN_STATUSES)[number];

export const testScanBodySchema = z
  .object({
    awb: z
      .string()
      .max(64)
      .regex(/^[A-Za-z0-9-]+$/, 'An AWB is letters, digits and hyphens'),
    status: z.enum(TEST_SCAN_STATUSES),
  })
  .strict();

/** What the order became after the scan. */
export const testScanResponseSchema = z.object({ awb: z.string(), status: orderStatusSchema });

export type Shipment = z.infer<typeof shipmentSchema>;
export type ShipmentAnswer = z.infer<typeof shipmentAnswerSchema>;
export type TestScanBody = z.infer<typeof testScanBodySchema>;
