import { setTimeout as sleep } from 'node:timers/promises';
import type { Shipment } from '@vanya/contracts';
import { trusted } from 'mongoose';
import { isDuplicateKey } from '../../platform/db/duplicate-key';
import { withDbRetry } from '../../platform/db/retry';
import { conflict } from '../../platform/errors/app-error';
import { audit } from '../../platform/audit/audit';
import type { Actor } from '../../platform/audit/audit';
import { assertOffered, liveBooking } from '../orders/order-actions';
import type { OrderDoc } from '../orders/order.model';
import { ShipmentModel } from './shipment.model';
import type { ShipmentDoc } from './shipment.model';
import { parcelOf, readShipment, setShipment, viewOf } from './shipping-context';
import type { ShippingContext } from './shipping-context';

/** How long a second booking request waits for one under way (a double click) before 409. */
const WAIT_FOR_BOOKING_MS = 20_000;

/**
 * The right to book the order's parcel: the first request inserts the booking; a later one
 * answers a finished booking, takes over one whose request went silent, or waits for the one
 * under way (a double click) and answers it.
 */
async function claim(
  ctx: ShippingContext,
  order: OrderDoc,
): Promise<{ mine: ShipmentDoc } | { done: ShipmentDoc }> {
  const { provider, staleAfterMs, now } = ctx;
  const started = now();
  for (;;) {
    try {
      const created = await withDbRetry(() =>
        ShipmentModel.create({
          _id: order._id,
          orderNumber: order.orderNumber,
          provider: provider.mode,
          claimedAt: new Date(now()),
        }),
      );
      return { mine: created.toObject() as ShipmentDoc };
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    const existing = await readShipment(order._id);
    if (!existing) continue;
    if (existing.bookedAt) return { done: existing };
    const claimedAt = existing.claimedAt?.getTime();
    if (claimedAt === undefined || now() - claimedAt > staleAfterMs) {
      const taken = await withDbRetry(() =>
        ShipmentModel.findOneAndUpdate(
          { _id: order._id, claimedAt: existing.claimedAt ?? null, bookedAt: null },
          { $set: { claimedAt: new Date(now()) } },
          { returnDocument: 'after' },
        ).lean<ShipmentDoc>(),
      );
      if (taken) return { mine: taken };
      continue;
    }
    if (now() - started > WAIT_FOR_BOOKING_MS)
      throw conflict(
        'The parcel is being booked with the courier. Please reload in a moment.',
        'SHIPMENT_BOOKING',
      );
    await sleep(250);
  }
}

/** The steps still missing, each answer stored as it comes. */
async function completeBooking(
  ctx: ShippingContext,
  order: OrderDoc,
  start: ShipmentDoc,
): Promise<ShipmentDoc> {
  const { provider, now } = ctx;
  let s = start;
  if (!s.shipmentId) {
    const created = await provider.createOrder(parcelOf(order, s.calledOff ?? 0));
    s = await setShipment(s._id, {
      providerOrderId: created.providerOrderId,
      shipmentId: created.shipmentId,
    });
  }
  const shipmentId = s.shipmentId!;
  if (!s.awb) {
    const { awb, courier } = await provider.assignAwb(shipmentId);
    s = await setShipment(s._id, { awb, courier, trackingUrl: provider.trackingUrl(awb) });
  }
  if (!s.pickupRequested) {
    await provider.requestPickup(shipmentId);
    s = await setShipment(s._id, { pickupRequested: true });
  }
  if (!s.labelUrl) {
    const labelUrl = await provider.generateLabel([shipmentId]);
    s = await setShipment(s._id, { labelUrl });
  }
  return setShipment(s._id, { bookedAt: new Date(now()), claimedAt: null, open: true });
}

/**
 * A booking the owner called off starts again from nothing, once: a new courier order (its
 * reference counts the bookings called off), a new AWB and label.
 */
const restartBooking = (shipment: ShipmentDoc) =>
  withDbRetry(() =>
    ShipmentModel.updateOne(
      { _id: shipment._id, cancelledAt: trusted({ $ne: null }) },
      {
        $set: {
          claimedAt: null,
          providerOrderId: null,
          shipmentId: null,
          awb: null,
          courier: null,
          pickupRequested: false,
          labelUrl: null,
          trackingUrl: null,
          bookedAt: null,
          open: false,
          lastScan: null,
          cancelledAt: null,
        },
        $inc: { calledOff: 1 },
      },
    ),
  );

/**
 * Books the parcel of a packed order with the courier, once: a retry or a second click answers
 * the same booking. Moves nothing; the courier's pickup scan ships the order.
 */
export async function book(ctx: ShippingContext, actor: Actor, orderId: string): Promise<Shipment> {
  const { provider, lifecycle, logger } = ctx;
  const order = await lifecycle.load(orderId);
  const earlier = await readShipment(order._id);
  if (earlier?.bookedAt && !earlier.cancelledAt) return viewOf(earlier);
  if (order.status !== 'packed')
    throw conflict(
      `Only a packed order is booked with the courier; this one is ${order.status}.`,
      'ORDER_NOT_PACKED',
    );
  if (earlier?.cancelledAt) await restartBooking(earlier);
  const claimed = await claim(ctx, order);
  if ('done' in claimed) return viewOf(claimed.done);
  let booked: ShipmentDoc;
  try {
    booked = await completeBooking(ctx, order, claimed.mine);
  } catch (err) {
    // Let the owner's retry go on at once from the step that failed.
    await withDbRetry(() =>
      ShipmentModel.updateOne({ _id: order._id, bookedAt: null }, { $set: { claimedAt: null } }),
    ).catch(() => undefined);
    throw err;
  }
  logger.info({ orderNumber: order.orderNumber, awb: booked.awb }, 'parcel booked');
  await audit(actor, 'order.shipment', order.orderNumber, {
    awb: booked.awb,
    courier: booked.courier,
    provider: provider.mode,
    ...(order.paymentMethod === 'cod' ? { collect: parcelOf(order).collect } : {}),
  });
  return viewOf(booked);
}

/**
 * The owner calls the booking off before the courier picks the parcel up: the courier is told
 * (no one comes for it) and the order, still packed, may be booked again, sent another way or
 * cancelled.
 */
export async function cancelPickup(
  ctx: ShippingContext,
  actor: Actor,
  orderId: string,
): Promise<void> {
  const { provider, lifecycle, logger, now } = ctx;
  const order = await lifecycle.load(orderId);
  assertOffered(order, 'owner', 'cancel_pickup', await liveBooking(order._id));
  const shipment = (await readShipment(order._id))!;
  if (shipment.providerOrderId) await provider.cancelOrder(shipment.providerOrderId);
  await withDbRetry(() =>
    ShipmentModel.updateOne(
      { _id: order._id, cancelledAt: null },
      { $set: { open: false, cancelledAt: new Date(now()) } },
    ),
  );
  logger.info({ orderNumber: order.orderNumber, awb: shipment.awb }, 'pickup cancelled');
  await audit(actor, 'order.pickup_cancelled', order.orderNumber, { awb: shipment.awb });
}

/** The order's live booking, or null when none was made (or it was called off). */
export async function shipmentOf(ctx: ShippingContext, orderId: string): Promise<Shipment | null> {
  const order = await ctx.lifecycle.load(orderId);
  const shipment = await readShipment(order._id);
  return shipment?.bookedAt && !shipment.cancelledAt ? viewOf(shipment) : null;
}
