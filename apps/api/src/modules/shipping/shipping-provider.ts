import { createHmac, randomBytes, randomInt } from 'node:crypto';
import mongoose, { Schema } from 'mongoose';
import { AppError } from '../../platform/errors/app-error';
import { renderTestLabels } from './test-label-pdf';
import type { LabelParcel } from './test-label-pdf';

/**
 * What a courier scan means for the order: picked up or moving (the order is shipped), out for
 * delivery (a timeline event), delivered, or on its way back to the seller (rto).
 */
export const SCAN_KINDS = [
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'rto',
] as const;
export type ScanKind = (typeof SCAN_KINDS)[number];

/**
 * Shiprocket's shipment status ids (its Tracking documentation): its words for each (what its
 * webhook and tracking answers say) and, for those that move the order, what they mean to us. The
 * others (new, AWB assigned, label generated, pickup scheduled or queued, manifest generated, out
 * for pickup, pickup error or exception, cancelled, lost) move nothing.
 */
const STATUSES: Readonly<Record<number, readonly [label: string, kind?: ScanKind]>> = {
  1: ['AWB ASSIGNED'],
  2: ['LABEL GENERATED'],
  3: ['PICKUP SCHEDULED'],
  4: ['PICKUP QUEUED'],
  5: ['MANIFEST GENERATED'],
  8: ['CANCELLED'],
  12: ['LOST'],
  13: ['PICKUP ERROR'],
  15: ['PICKUP RESCHEDULED'],
  19: ['OUT FOR PICKUP'],
  20: ['PICKUP EXCEPTION'],
  42: ['PICKED UP', 'picked_up'],
  6: ['SHIPPED', 'in_transit'], // reached the courier's hub after pickup
  18: ['IN TRANSIT', 'in_transit'],
  38: ['REACHED AT DESTINATION HUB', 'in_transit'],
  48: ['REACHED WAREHOUSE', 'in_transit'],
  21: ['UNDELIVERED', 'in_transit'], // an attempt failed; the courier tries again or returns it
  22: ['DELAYED', 'in_transit'],
  39: ['MISROUTED', 'in_transit'],
  17: ['OUT FOR DELIVERY', 'out_for_delivery'],
  7: ['DELIVERED', 'delivered'],
  9: ['RTO INITIATED', 'rto'],
  10: ['RTO DELIVERED', 'rto'],
  14: ['RTO ACKNOWLEDGED', 'rto'],
  40: ['RTO NDR', 'rto'],
  41: ['RTO OFD', 'rto'],
  46: ['RTO IN TRANSIT', 'rto'],
};

/** The status id a test-mode (or fake) courier scan is recorded with, by what it means. */
export const STATUS_ID_OF: Readonly<Record<ScanKind, number>> = {
  picked_up: 42,
  in_transit: 18,
  out_for_delivery: 17,
  delivered: 7,
  rto: 9,
};

/** Shiprocket's words for a status id. */
export const statusLabel = (statusId: number): string | undefined => STATUSES[statusId]?.[0];

export const kindOfStatus = (statusId: number): ScanKind | null => STATUSES[statusId]?.[1] ?? null;

/** Where a shopper follows a Shiprocket parcel (its tracking answers' `track_url`). */
export const trackingPageOf = (awb: string) =>
  `https://shiprocket.co/tracking/${encodeURIComponent(awb)}`;

/** One scan of a parcel as read back from the courier. */
export interface Tracking {
  awb: string;
  /** What the latest scan means to the order; null when it moves nothing (pickup scheduled...). */
  kind: ScanKind | null;
  /** The courier's words for it ('OUT FOR DELIVERY'); null before its first scan. */
  label: string | null;
  /** Names this scan (its status and when it happened), so it is recorded once however often read. */
  scanKey: string;
}

/** An order as the courier books it. Amounts in paise. */
export interface ParcelOrder {
  /** Our order number: the courier's `order_id`. */
  reference: string;
  placedAt: Date;
  customer: {
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    address: string;
    city: string;
    state: string;
    pinCode: string;
  };
  items: {
    name: string;
    sku: string;
    units: number;
    unitPrice: number;
    gstRate: number;
    hsn: string;
  }[];
  /** Cash on delivery: the courier collects `collect`; prepaid: nothing. */
  cod: boolean;
  /** What the parcel is worth (prepaid) or what the courier collects at the door (COD). */
  collect: number;
  shipping: number;
  codFee: number;
  discount: number;
}

export interface ShippingProvider {
  readonly mode: 'shiprocket' | 'test';
  /** The token the courier sends with each tracking webhook (`x-api-key`). */
  readonly webhookToken: string;
  /** The courier's order for ours; a repeat with the same reference answers the first one. */
  createOrder(parcel: ParcelOrder): Promise<{ providerOrderId: string; shipmentId: string }>;
  /** Picks the courier and takes the air waybill number. */
  assignAwb(shipmentId: string): Promise<{ awb: string; courier: string }>;
  requestPickup(shipmentId: string): Promise<void>;
  /** Calls the booking off before pickup (the order was cancelled): no courier comes for it. */
  cancelOrder(providerOrderId: string): Promise<void>;
  /** The address of one PDF holding the labels of every shipment given (one page each). */
  generateLabel(shipmentIds: readonly string[]): Promise<string>;
  /** The labels' bytes: downloaded from the courier (test mode: drawn here from `parcels`). */
  labelPdf(labelUrl: string, parcels: readonly LabelParcel[]): Promise<Buffer>;
  /** Where the shopper follows the parcel. */
  trackingUrl(awb: string): string;
  /** The parcel's latest scan, read from the courier (never from a webhook's unsigned body). */
  track(awb: string): Promise<Tracking>;
  /** Whether the courier picks up from `pickupPin` and delivers to `pin`, and with cash on delivery. */
  serviceability(pickupPin: string, pin: string): Promise<{ serviceable: boolean; cod: boolean }>;
}

export const SHIPPING_UNAVAILABLE_MESSAGE =
  'The courier service is not answering right now. Nothing was booked twice; please try again in a few minutes.';

export const shippingRefused = (providerMessage: string) =>
  new AppError(502, 'SHIPPING_REFUSED', `The courier refused the booking: ${providerMessage}`, {
    providerMessage,
  });
export const shippingUnavailable = () =>
  new AppError(503, 'SHIPPING_UNAVAILABLE', SHIPPING_UNAVAILABLE_MESSAGE);

/** The test courier's parcels: kept in the database, so a restart or a second process sees them. */
const testParcelSchema = new Schema(
  {
    _id: { type: String, required: true },
    shipmentId: { type: String, required: true },
    courier: { type: String, required: true },
    scans: {
      type: [new Schema({ statusId: Number, at: Date }, { _id: false })],
      default: [],
    },
  },
  { versionKey: false, collection: 'test_courier_parcels' },
);
export const TestParcelModel = mongoose.model('TestCourierParcel', testParcelSchema);

export const TEST_COURIER = 'Test courier (test mode)';

/**
 * Without Shiprocket credentials (never in production): a courier that answers here, with the same
 * steps, ids and status ids as Shiprocket, so booking and tracking run the code they run for real.
 * `scan` plays the courier's next scan (POST /api/shipping/test/advance).
 */
export class TestShippingProvider implements ShippingProvider {
  readonly mode = 'test' as const;
  readonly webhookToken: string;

  constructor(
    serverSecret: string,
    private readonly now: () => number = Date.now,
  ) {
    this.webhookToken = createHmac('sha256', serverSecret)
      .update('test-shipping:webhook-token')
      .digest('hex');
  }

  async createOrder(): Promise<{ providerOrderId: string; shipmentId: string }> {
    return {
      providerOrderId: String(randomInt(100_000_000, 999_999_999)),
      shipmentId: String(randomInt(100_000_000, 999_999_999)),
    };
  }

  async assignAwb(shipmentId: string): Promise<{ awb: string; courier: string }> {
    const awb = `TEST${randomBytes(5).readUIntBE(0, 5).toString().padStart(13, '0')}`;
    await TestParcelModel.create({ _id: awb, shipmentId, courier: TEST_COURIER });
    return { awb, courier: TEST_COURIER };
  }

  async requestPickup(): Promise<void> {}

  async cancelOrder(): Promise<void> {}

  async generateLabel(shipmentIds: readonly string[]): Promise<string> {
    return `test-label:${shipmentIds.join(',')}`;
  }

  async labelPdf(_labelUrl: string, parcels: readonly LabelParcel[]): Promise<Buffer> {
    return renderTestLabels(parcels);
  }

  trackingUrl(awb: string): string {
    return trackingPageOf(awb);
  }

  async track(awb: string): Promise<Tracking> {
    const parcel = await TestParcelModel.findById(awb).lean();
    if (!parcel) throw shippingRefused(`No parcel with AWB ${awb}`);
    return trackingOfScans(awb, parcel.scans as { statusId: number; at: Date }[]);
  }

  /** The courier's next scan of `awb` (test mode only). False when there is no such parcel. */
  async scan(awb: string, kind: ScanKind): Promise<boolean> {
    const updated = await TestParcelModel.updateOne(
      { _id: awb },
      { $push: { scans: { statusId: STATUS_ID_OF[kind], at: new Date(this.now()) } } },
    );
    return updated.matchedCount === 1;
  }

  async serviceability(): Promise<{ serviceable: boolean; cod: boolean }> {
    return { serviceable: true, cod: true };
  }
}

/** The latest of a parcel's scans, as Shiprocket's tracking answer gives it. */
export function trackingOfScans(awb: string, scans: { statusId: number; at: Date }[]): Tracking {
  const last = scans[scans.length - 1];
  if (!last) return { awb, kind: null, label: null, scanKey: 'none' };
  return {
    awb,
    kind: kindOfStatus(last.statusId),
    label: statusLabel(last.statusId) ?? null,
    scanKey: `${last.statusId}@${last.at.toISOString()}`,
  };
}
