import mongoose, { Schema } from 'mongoose';
import type { InferSchemaType, Types } from 'mongoose';

/**
 * The courier booking of an order, one per order (its `_id` is the order's): the insert of it
 * decides who books, and each step's answer (the courier's order, the AWB, the pickup, the label)
 * is stored as it comes, so a retry goes on from where the last attempt stopped and never books a
 * second parcel. Written only by the shipping service (shipping-context.ts, parcel-booking.ts,
 * parcel-tracking.ts); the order's own moves stay the lifecycle's.
 */
const shipmentSchema = new Schema(
  {
    _id: { type: Schema.Types.ObjectId, required: true },
    orderNumber: { type: String, required: true },
    provider: { type: String, enum: ['shiprocket', 'test'], required: true },
    /** When the request booking it now began; null once booked or given up. */
    claimedAt: { type: Date, default: null },
    providerOrderId: { type: String, default: null },
    shipmentId: { type: String, default: null },
    awb: { type: String, default: null },
    courier: { type: String, default: null },
    pickupRequested: { type: Boolean, default: false },
    /** The courier's label (a PDF); served to the owner through the API. */
    labelUrl: { type: String, default: null },
    trackingUrl: { type: String, default: null },
    bookedAt: { type: Date, default: null },
    /** Polled until the parcel's journey ends (delivered, back at the shop, or the order closed). */
    open: { type: Boolean, default: false },
    /** The courier's words for the latest scan read (shown to the owner). */
    lastScan: { type: String, default: null },
    /**
     * When the booking was called off at the courier: the owner cancelled the pickup, or the order
     * was cancelled before it.
     */
    cancelledAt: { type: Date, default: null },
    /** Bookings of this order called off before this one (a new booking is a new courier order). */
    calledOff: { type: Number, default: 0 },
  },
  { versionKey: false, timestamps: true, collection: 'shipments' },
);
// The tracking webhook names the parcel by its AWB.
shipmentSchema.index({ awb: 1 });
// The polling job pages through open shipments, oldest first.
shipmentSchema.index({ open: 1, createdAt: 1, _id: 1 });

export type ShipmentDoc = InferSchemaType<typeof shipmentSchema> & {
  _id: Types.ObjectId;
  createdAt: Date;
  updatedAt: Date;
};
export const ShipmentModel = mongoose.model('Shipment', shipmentSchema);
