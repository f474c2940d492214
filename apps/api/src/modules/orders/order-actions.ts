import { nextActions, offerOf } from '@vanya/contracts';
import type {
  OrderAction,
  OrderActionView,
  OrderFacts,
  OrderStatus,
  OrderViewer,
  Refusal,
} from '@vanya/contracts';
import { trusted } from 'mongoose';
import type { Types } from 'mongoose';
import { conflict } from '../../platform/errors/app-error';
import { ShipmentModel } from '../shipping/shipment.model';
import type { OrderDoc } from './order.model';

// What a viewer may do to a stored order (the contracts' `nextActions`), and the refusal of what it
// does not offer: every route that acts on an order asks here first.

export type Booking = NonNullable<OrderFacts['booking']>;

/** The parcels booked with the courier and not called off, by order id. */
export async function liveBookings(
  orderIds: readonly Types.ObjectId[],
): Promise<Map<string, Booking>> {
  if (orderIds.length === 0) return new Map();
  const rows = await ShipmentModel.find(
    { _id: trusted({ $in: [...orderIds] }), bookedAt: trusted({ $ne: null }), cancelledAt: null },
    { awb: 1, courier: 1 },
  ).lean<{ _id: Types.ObjectId; awb: string | null; courier: string | null }[]>();
  return new Map(rows.map((r) => [String(r._id), { courier: r.courier ?? '', awb: r.awb ?? '' }]));
}

export const liveBooking = async (orderId: Types.ObjectId): Promise<Booking | null> =>
  (await liveBookings([orderId])).get(String(orderId)) ?? null;

export function actionsFor(
  order: OrderDoc,
  viewer: OrderViewer,
  booking: Booking | null = null,
): OrderActionView[] {
  return nextActions(
    {
      status: order.status as OrderStatus,
      paymentMethod: order.paymentMethod as OrderFacts['paymentMethod'],
      codCollected: order.codStatus === 'collected',
      booking,
    },
    viewer,
  );
}

/** Refuses (409, saying why) an action that `actionsFor` does not offer. */
export function assertOffered(
  order: OrderDoc,
  viewer: OrderViewer,
  action: OrderAction,
  booking: Booking | null = null,
  fallback?: Refusal,
): void {
  const offer = offerOf(
    actionsFor(order, viewer, booking),
    action,
    order.status as OrderStatus,
    fallback,
  );
  if (!offer.allowed) throw conflict(offer.message, offer.code);
}
