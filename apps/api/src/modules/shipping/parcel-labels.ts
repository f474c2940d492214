import { trusted } from 'mongoose';
import { notFound } from '../../platform/errors/app-error';
import { OrderModel } from '../orders/order.model';
import type { OrderDoc } from '../orders/order.model';
import { ShipmentModel } from './shipment.model';
import type { ShipmentDoc } from './shipment.model';
import { parcelOf, readShipment } from './shipping-context';
import type { ShippingContext } from './shipping-context';
import type { LabelParcel } from './test-label-pdf';

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

/** The label's PDF (404 before the parcel is booked). */
export async function label(
  ctx: ShippingContext,
  orderId: string,
): Promise<{ awb: string; pdf: Buffer }> {
  const order = await ctx.lifecycle.load(orderId);
  const shipment = await readShipment(order._id);
  if (!shipment?.bookedAt || shipment.cancelledAt || !shipment.labelUrl || !shipment.awb)
    throw notFound('This order has no courier booking yet.', 'SHIPMENT_NOT_FOUND');
  const pdf = await ctx.provider.labelPdf(shipment.labelUrl, [labelParcelOf(order, shipment)]);
  return { awb: shipment.awb, pdf };
}

/**
 * The labels of every packed order booked with the courier (the day's pickups), oldest first,
 * in one PDF: the courier's label API takes several shipments at once.
 */
export async function labels(ctx: ShippingContext): Promise<Buffer> {
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
  const url = await ctx.provider.generateLabel(booked.map((b) => b.shipment.shipmentId!));
  return ctx.provider.labelPdf(
    url,
    booked.map((b) => labelParcelOf(b.order, b.shipment)),
  );
}
