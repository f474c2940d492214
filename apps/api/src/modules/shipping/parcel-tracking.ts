import { canMove, ORDER_MOVES } from '@vanya/contracts';
import type { OrderStatus } from '@vanya/contracts';
import { forEachOldestFirst } from '../../platform/db/page';
import { withDbRetry } from '../../platform/db/retry';
import { AppError, notFound } from '../../platform/errors/app-error';
import { orderText } from '../orders/order-lifecycle';
import type { MoveDetails } from '../orders/order-lifecycle';
import type { OrderDoc } from '../orders/order.model';
import { ShipmentModel } from './shipment.model';
import type { ShipmentDoc } from './shipment.model';
import { setShipment } from './shipping-context';
import type { ShippingContext } from './shipping-context';
import { TestShippingProvider } from './shipping-provider';
import type { ScanKind, Tracking } from './shipping-provider';

/** Once the order is here, its parcel is no longer followed. */
const JOURNEY_OVER: readonly OrderStatus[] = ['delivered', 'rto', 'cancelled', 'refunded'];
/** An order that ended here before the courier picked its parcel up needs no courier. */
const CALLED_OFF: readonly OrderStatus[] = ['cancelled', 'refunded'];

/** Moves the order to `to` if it may go there; the shopper hears of it once, whoever moved it. */
async function reach(
  ctx: ShippingContext,
  order: OrderDoc,
  to: 'shipped' | 'delivered' | 'rto',
  details: MoveDetails,
): Promise<OrderDoc> {
  const { lifecycle, logger } = ctx;
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
async function apply(
  ctx: ShippingContext,
  shipment: ShipmentDoc,
  tracking: Tracking,
): Promise<OrderDoc | null> {
  const { provider, lifecycle, logger, now } = ctx;
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
  if (kind) order = await reach(ctx, order, 'shipped', details);
  if (kind === 'out_for_delivery' && order.status === 'shipped') {
    const scan = `${shipment.awb}:${tracking.scanKey}`;
    order = (await lifecycle.recordScan(order, { kind: 'out_for_delivery', key: scan })) ?? order;
    await lifecycle.text(order, `scan:${scan}`, orderText(order, 'out_for_delivery'));
  }
  if (kind === 'delivered') order = await reach(ctx, order, 'delivered', details);
  if (kind === 'rto') order = await reach(ctx, order, 'rto', details);
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
async function follow(ctx: ShippingContext, shipment: ShipmentDoc): Promise<OrderDoc | null> {
  if (!shipment.awb) return null;
  return apply(ctx, shipment, await ctx.provider.track(shipment.awb));
}

/**
 * The courier says something happened to `awb` (its webhook, or test mode's advance): the
 * status is read back from the courier and acted on. Null for an AWB we did not book.
 */
export async function trackingUpdate(ctx: ShippingContext, awb: string): Promise<OrderDoc | null> {
  const shipment = await withDbRetry(() => ShipmentModel.findOne({ awb }).lean<ShipmentDoc>());
  if (!shipment) return null;
  return follow(ctx, shipment);
}

/**
 * Asks the courier about every open shipment, oldest first, and acts on what it says: what a
 * lost webhook left unmoved moves here. One parcel's failure is logged and the rest go on.
 */
export async function pollOpenShipments(
  ctx: ShippingContext,
): Promise<{ followed: number; failed: number }> {
  let followed = 0;
  let failed = 0;
  await forEachOldestFirst<ShipmentDoc>(ShipmentModel, { open: true }, async (shipment) => {
    try {
      await follow(ctx, shipment);
      followed += 1;
    } catch (err) {
      failed += 1;
      ctx.logger.warn({ err, orderNumber: shipment.orderNumber }, 'parcel not followed this time');
    }
  });
  return { followed, failed };
}

/**
 * Test mode: the courier scans `awb` (`kind`), and its webhook arrives: the same path as a
 * real one. 404 for an AWB the test courier does not know.
 */
export async function playTestScan(
  ctx: ShippingContext,
  awb: string,
  kind: ScanKind,
): Promise<{ awb: string; status: OrderStatus }> {
  const { provider } = ctx;
  if (!(provider instanceof TestShippingProvider) || !(await provider.scan(awb, kind)))
    throw notFound('No parcel with this AWB.', 'SHIPMENT_NOT_FOUND');
  const order = await trackingUpdate(ctx, awb);
  if (!order) throw notFound('No parcel with this AWB.', 'SHIPMENT_NOT_FOUND');
  return { awb, status: order.status as OrderStatus };
}
