import type { Actor } from '../../platform/audit/audit';
import { book, cancelPickup, shipmentOf } from './parcel-booking';
import { label, labels } from './parcel-labels';
import { playTestScan, pollOpenShipments, trackingUpdate } from './parcel-tracking';
import { shippingContext } from './shipping-context';
import type { ShippingDeps } from './shipping-context';
import type { ScanKind } from './shipping-provider';

export type { ShippingDeps } from './shipping-context';

/**
 * Parcels booked with the courier and followed to the door. Booking a packed order takes the
 * courier's order, the AWB, the pickup and the label, once per order, and moves nothing: the
 * courier's scans do, through the lifecycle. A scan is never taken from a webhook's body (it is not
 * signed): the webhook and the polling job both read the parcel's status back from the courier and
 * act on that, so whichever reports a scan first moves the order and the other finds it done.
 *
 * Each operation is a module function of its seam's file, given the context the service shares
 * (shipping-context.ts: the courier, the lifecycle, the logger, the clock): booking and calling it
 * off (parcel-booking.ts), the labels (parcel-labels.ts), following the courier's scans
 * (parcel-tracking.ts).
 */
export function createShipping(deps: ShippingDeps) {
  const ctx = shippingContext(deps);
  return {
    provider: ctx.provider,

    book: (actor: Actor, orderId: string) => book(ctx, actor, orderId),
    cancelPickup: (actor: Actor, orderId: string) => cancelPickup(ctx, actor, orderId),
    shipmentOf: (orderId: string) => shipmentOf(ctx, orderId),

    label: (orderId: string) => label(ctx, orderId),
    labels: () => labels(ctx),

    trackingUpdate: (awb: string) => trackingUpdate(ctx, awb),
    pollOpenShipments: () => pollOpenShipments(ctx),
    playTestScan: (awb: string, kind: ScanKind) => playTestScan(ctx, awb, kind),
  };
}

export type Shipping = ReturnType<typeof createShipping>;
