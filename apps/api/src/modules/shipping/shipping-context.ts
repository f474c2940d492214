import type { Shipment } from '@vanya/contracts';
import { withDbRetry } from '../../platform/db/retry';
import type { Logger } from '../../platform/logger';
import type { OrderLifecycle } from '../orders/order-lifecycle';
import type { OrderDoc } from '../orders/order.model';
import { toOrderView } from '../orders/orders.service';
import { ShipmentModel } from './shipment.model';
import type { ShipmentDoc } from './shipment.model';
import type { ParcelOrder, ShippingProvider } from './shipping-provider';

export interface ShippingDeps {
  provider: ShippingProvider;
  lifecycle: OrderLifecycle;
  logger: Logger;
  /** A booking whose request went silent this long (a crash) is taken over by the next one. */
  staleAfterMs: number;
  now?: () => number;
}

/** What the shipping module's functions share, one per service: its deps with `now` settled once. */
export type ShippingContext = Required<ShippingDeps>;

export const shippingContext = (deps: ShippingDeps): ShippingContext => ({
  ...deps,
  now: deps.now ?? Date.now,
});

export const readShipment = (orderId: OrderDoc['_id']) =>
  withDbRetry(() => ShipmentModel.findById(orderId).lean<ShipmentDoc>());

export const setShipment = async (id: OrderDoc['_id'], fields: Partial<ShipmentDoc>) => {
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

/** What the owner sees of a booking. */
export function viewOf(shipment: ShipmentDoc): Shipment {
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
export function parcelOf(order: OrderDoc, calledOff = 0): ParcelOrder {
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
