import { setTimeout as sleep } from 'node:timers/promises';
import { canMove, ORDER_MOVES } from '@vanya/contracts';
import type { OrderStatus, Shipment } from '@vanya/contracts';
import { isDuplicateKey } from '../../platform/db/duplicate-key';
import { forEachOldestFirst } from '../../platform/db/page';
import { withDbRetry } from '../../platform/db/retry';
import { trusted } from 'mongoose';
import { AppError, conflict, notFound } from '../../platform/errors/app-error';
import type { Logger } from '../../platform/logger';
import { audit } from '../../platform/audit/audit';
import type { Actor } from '../../platform/audit/audit';
import { orderText } from '../orders/order-lifecycle';
import type { MoveDetails, OrderLifecycle } from '../orders/order-lifecycle';
import { assertOffered, liveBooking } from '../orders/order-actions';
import { OrderModel } from '../orders/order.model';
import type { OrderDoc } from '../orders/order.model';
import { toOrderView } from '../orders/orders.service';
import { ShipmentModel } from './shipment.model';
import type { ShipmentDoc } from './shipment.model';
import { TestShippingProvider } from './shipping-provider';
import type { ParcelOrder, ScanKind, ShippingProvider, Tracking } from './shipping-provider';
import type { LabelParcel } from './test-label-pdf';

/** How long a second booking request waits for one under way (a double click) before 409. */
const WAIT_FOR_BOOKING_MS = 20_000;
/** Once the order is here, its parcel is no longer followed. */
const JOURNEY_OVER: readonly OrderStatus[] = ['delivered', 'rto', 'cancelled', 'refunded'];
/** An order that ended here before the courier picked its parcel up needs no courier. */
const CALLED_OFF: readonly OrderStatus[] = ['cancelled', 'refunded'];

export interface ShippingDeps {
  provider: ShippingProvider;
  lifecycle: OrderLifecycle;
  logger: Logger;
  /** A booking whose request went silent this long (a crash) is taken over by the next one. */
  staleAfterMs: number;
  now?: () => number;
}

/** What the owner sees of a booking. */
function viewOf(shipment: ShipmentDoc): Shipment {
  return {
    awb: shipment.awb ?? '',
    courier: shipment.courier ?? '',
    labelUrl: `/api/admin/orders/${String(shipment._id)}/label`,
    trackingUrl: shipment.trackingUrl ?? '',
    bookedAt: (shipment.bookedAt ?? shipment.createdAt).toISOString(),
    lastScan: shipment.lastScan ?? null,
  };
}

/**
 * The order as the courier books it: cash on delivery collects what the order still owes. A
 * booking after one called off is a new courier order, so its reference carries a count.
 */
function parcelOf(order: OrderDoc, calledOff = 0): ParcelOrder {
  const cod = order.paymentMethod === 'cod';
  const t = order.totals;
  return {
    reference: calledOff > 0 ? `${order.orderNumber}-${calledOff + 1}` : order.orderNumber,
    placedAt: order.createdAt,
    customer: {
      firstName: order.firstName,
      lastName: order.lastName,
      email: order.email,
      phone: order.phone,
      address: order.address,
      city: order.city,
      state: order.state,
      pinCode: order.pinCode,
    },
    items: order.lines.map((l) => ({
      name: l.name,
      sku: l.productId,
      units: l.quantity,
      unitPrice: l.unitPrice,
      gstRate: l.gstRate,
      hsn: l.hsn,
    })),
    cod,
    collect: cod ? (toOrderView(order).cod?.amountDue ?? 0) : t.grandTotal,
    shipping: t.shipping ?? 0,
    codFee: t.codFee ?? 0,
    discount: t.couponDiscount ?? 0,
  };
}

/**
 * Parcels booked with the courier and followed to the door. Booking a packed order takes the
 * courier's order, the AWB, the pickup and the label, once per order, and moves nothing: the
 * courier's scans do, through the lifecycle. A scan is never taken from a webhook's body (it is not
 * signed): the webhook and the polling job both read the parcel's status back from the courier and
 * act on that, so whichever reports a scan first moves the order and the other finds it done.
 */
export function createShipping(deps: ShippingDeps) {
  const { provider, lifecycle, logger, staleAfterMs } = deps;
  const now = deps.now ?? Date.now;

  const readShipment = (orderId: OrderDoc['_id']) =>
    withDbRetry(() => ShipmentModel.findById(orderId).lean<ShipmentDoc>());

  const setShipment = async (id: OrderDoc['_id'], fields: Partial<ShipmentDoc>) => {
    const updated = await withDbRetry(() =>
      ShipmentModel.findOneAndUpdate(
        { _id: id },
        { $set: fields },
        { returnDocument: 'after' },
      ).lean<ShipmentDoc>(),
    );
    if (!updated) throw new Error(`shipment ${String(id)} vanished`);
    return updated;
  };

  /**
   * The right to book the order's parcel: the first request inserts the booking; a later one
   * answers a finished booking, takes over one whose request went silent, or waits for the one
   * under way (a double click) and answers it.
   */
  async function claim(order: OrderDoc): Promise<{ mine: ShipmentDoc } | { done: ShipmentDoc }> {
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
  async function completeBooking(order: OrderDoc, start: ShipmentDoc): Promise<ShipmentDoc> {
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

  /** Moves the order to `to` if it may go there; the shopper hears of it once, whoever moved it. */
  async function reach(
    order: OrderDoc,
    to: 'shipped' | 'delivered' | 'rto',
    details: MoveDetails,
  ): Promise<OrderDoc> {
    let current = order;
    if (current.status !== to) {
      if (!canMove(ORDER_MOVES, current.status as OrderStatus, to)) return current;
      try {
        current = await lifecycle.move(current, to, 'system', to === 'shipped' ? details : {});
        logger.info({ orderNumber: current.orderNumber, to }, 'courier scan moved the order');
      } catch (err) {
        // The webhook and the poll reported it at once, or the owner moved it: read what won.
        if (!(err instanceof AppError && err.status === 409)) throw err;
        current = (await lifecycle.read(current._id)) ?? current;
        if (current.status !== to) return current;
      }
    }
    // Also when someone else moved it: a mail or text their crash left unsent goes now, once.
    await lifecycle.announce(current, to, to === 'shipped' ? details : {});
    return current;
  }

  /** Acts on the parcel's latest scan as read back from the courier. */
  async function apply(shipment: ShipmentDoc, tracking: Tracking): Promise<OrderDoc | null> {
    let order = await lifecycle.read(shipment._id);
    if (!order) return null;
    const details: MoveDetails = {
      carrier: shipment.courier ?? undefined,
      trackingNumber: shipment.awb ?? undefined,
      trackingUrl: shipment.trackingUrl ?? undefined,
    };
    const kind: ScanKind | null = tracking.kind;
    if (!kind && CALLED_OFF.includes(order.status as OrderStatus)) {
      // Cancelled or refunded while packed: the booking is called off so no courier comes for it.
      if (!shipment.cancelledAt && shipment.providerOrderId) {
        await provider.cancelOrder(shipment.providerOrderId);
        logger.info({ orderNumber: order.orderNumber, awb: shipment.awb }, 'booking called off');
      }
      await setShipment(shipment._id, { open: false, cancelledAt: new Date(now()) });
      return order;
    }
    // A parcel seen further along than picked up was picked up (its scan may have been missed).
    if (kind) order = await reach(order, 'shipped', details);
    if (kind === 'out_for_delivery' && order.status === 'shipped') {
      const scan = `${shipment.awb}:${tracking.scanKey}`;
      order = (await lifecycle.recordScan(order, { kind: 'out_for_delivery', key: scan })) ?? order;
      await lifecycle.text(order, `scan:${scan}`, orderText(order, 'out_for_delivery'));
    }
    if (kind === 'delivered') order = await reach(order, 'delivered', details);
    if (kind === 'rto') order = await reach(order, 'rto', details);
    const over = JOURNEY_OVER.includes(order.status as OrderStatus);
    const said = tracking.label && tracking.label !== shipment.lastScan;
    if (said || over)
      await setShipment(shipment._id, {
        ...(said ? { lastScan: tracking.label } : {}),
        ...(over ? { open: false } : {}),
      });
    return order;
  }

  /** Reads the parcel's status from the courier and acts on it. */
  async function follow(shipment: ShipmentDoc): Promise<OrderDoc | null> {
    if (!shipment.awb) return null;
    return apply(shipment, await provider.track(shipment.awb));
  }

  /** What the label of a booked parcel shows. */
  function labelParcelOf(order: OrderDoc, shipment: ShipmentDoc): LabelParcel {
    const parcel = parcelOf(order);
    return {
      awb: shipment.awb ?? '',
      courier: shipment.courier ?? '',
      orderNumber: order.orderNumber,
      to: {
        name: `${order.firstName} ${order.lastName}`,
        address: order.address,
        city: order.city,
        state: order.state,
        pinCode: order.pinCode,
        phone: order.phone,
      },
      collect: parcel.cod ? parcel.collect : 0,
    };
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

  const shipping = {
    provider,

    /**
     * Books the parcel of a packed order with the courier, once: a retry or a second click answers
     * the same booking. Moves nothing; the courier's pickup scan ships the order.
     */
    async book(actor: Actor, orderId: string): Promise<Shipment> {
      const order = await lifecycle.load(orderId);
      const earlier = await readShipment(order._id);
      if (earlier?.bookedAt && !earlier.cancelledAt) return viewOf(earlier);
      if (order.status !== 'packed')
        throw conflict(
          `Only a packed order is booked with the courier; this one is ${order.status}.`,
          'ORDER_NOT_PACKED',
        );
      if (earlier?.cancelledAt) await restartBooking(earlier);
      const claimed = await claim(order);
      if ('done' in claimed) return viewOf(claimed.done);
      let booked: ShipmentDoc;
      try {
        booked = await completeBooking(order, claimed.mine);
      } catch (err) {
        // Let the owner's retry go on at once from the step that failed.
        await withDbRetry(() =>
          ShipmentModel.updateOne(
            { _id: order._id, bookedAt: null },
            { $set: { claimedAt: null } },
          ),
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
    },

    /**
     * The owner calls the booking off before the courier picks the parcel up: the courier is told
     * (no one comes for it) and the order, still packed, may be booked again, sent another way or
     * cancelled.
     */
    async cancelPickup(actor: Actor, orderId: string): Promise<void> {
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
    },

    /** The order's live booking, or null when none was made (or it was called off). */
    async shipmentOf(orderId: string): Promise<Shipment | null> {
      const order = await lifecycle.load(orderId);
      const shipment = await readShipment(order._id);
      return shipment?.bookedAt && !shipment.cancelledAt ? viewOf(shipment) : null;
    },

    /** The label's PDF (404 before the parcel is booked). */
    async label(orderId: string): Promise<{ awb: string; pdf: Buffer }> {
      const order = await lifecycle.load(orderId);
      const shipment = await readShipment(order._id);
      if (!shipment?.bookedAt || shipment.cancelledAt || !shipment.labelUrl || !shipment.awb)
        throw notFound('This order has no courier booking yet.', 'SHIPMENT_NOT_FOUND');
      const pdf = await provider.labelPdf(shipment.labelUrl, [labelParcelOf(order, shipment)]);
      return { awb: shipment.awb, pdf };
    },

    /**
     * The labels of every packed order booked with the courier (the day's pickups), oldest first,
     * in one PDF: the courier's label API takes several shipments at once.
     */
    async labels(): Promise<Buffer> {
      const packed = await OrderModel.find({ status: 'packed' })
        .sort({ createdAt: 1 })
        .limit(100)
        .lean<OrderDoc[]>();
      const shipments = await ShipmentModel.find({
        _id: trusted({ $in: packed.map((o) => o._id) }),
        bookedAt: trusted({ $ne: null }),
        cancelledAt: null,
      }).lean<ShipmentDoc[]>();
      const booked = packed.flatMap((order) => {
        const shipment = shipments.find((s) => s._id.equals(order._id));
        return shipment?.shipmentId && shipment.awb ? [{ order, shipment }] : [];
      });
      if (booked.length === 0)
        throw notFound('No booked parcel is waiting for its pickup.', 'NOTHING_TO_LABEL');
      const url = await provider.generateLabel(booked.map((b) => b.shipment.shipmentId!));
      return provider.labelPdf(
        url,
        booked.map((b) => labelParcelOf(b.order, b.shipment)),
      );
    },

    /**
     * The courier says something happened to `awb` (its webhook, or test mode's advance): the
     * status is read back from the courier and acted on. Null for an AWB we did not book.
     */
    async trackingUpdate(awb: string): Promise<OrderDoc | null> {
      const shipment = await withDbRetry(() => ShipmentModel.findOne({ awb }).lean<ShipmentDoc>());
      if (!shipment) return null;
      return follow(shipment);
    },

    /**
     * Asks the courier about every open shipment, oldest first, and acts on what it says: what a
     * lost webhook left unmoved moves here. One parcel's failure is logged and the rest go on.
     */
    async pollOpenShipments(): Promise<{ followed: number; failed: number }> {
      let followed = 0;
      let failed = 0;
      await forEachOldestFirst<ShipmentDoc>(ShipmentModel, { open: true }, async (shipment) => {
        try {
          await follow(shipment);
          followed += 1;
        } catch (err) {
          failed += 1;
          logger.warn({ err, orderNumber: shipment.orderNumber }, 'parcel not followed this time');
        }
      });
      return { followed, failed };
    },

    /**
     * Test mode: the courier scans `awb` (`kind`), and its webhook arrives: the same path as a
     * real one. 404 for an AWB the test courier does not know.
     */
    async playTestScan(awb: string, kind: ScanKind): Promise<{ awb: string; status: OrderStatus }> {
      if (!(provider instanceof TestShippingProvider) || !(await provider.scan(awb, kind)))
        throw notFound('No parcel with this AWB.', 'SHIPMENT_NOT_FOUND');
      const order = await shipping.trackingUpdate(awb);
      if (!order) throw notFound('No parcel with this AWB.', 'SHIPMENT_NOT_FOUND');
      return { awb, status: order.status as OrderStatus };
    },
  };
  return shipping;
}

export type Shipping = ReturnType<typeof createShipping>;
