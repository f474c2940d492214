import type { CourierScan } from '@vanya/contracts';

/** The owner's courier booking in the order detail. */
export const SHIPPING_ADMIN_TEXTS = {
  heading: 'Courier',
  book: 'Book shipment',
  booking: 'Booking…',
  bookHint:
    'Books the parcel with the courier: the AWB, the pickup and the label. The order becomes shipped when the courier picks it up.',
  awb: 'AWB',
  courier: 'Courier',
  lastScan: 'Latest scan',
  noScanYet: 'Waiting for pickup',
  label: 'Shipping label (PDF)',
  track: 'Tracking link',
  booked: (awb: string) => `Shipment booked: AWB ${awb}.`,
  /** A packed order's booked parcel: the courier's scan, not the owner, ships it. */
  waitingForPickup: (courier: string) =>
    `Booked with ${courier}. The order becomes shipped when the courier scans the parcel at pickup.`,
  cancelPickup: 'Cancel the pickup',
  cancellingPickup: 'Cancelling…',
  confirmCancelPickup:
    'Call the booking off with the courier? No one will come for this parcel. You can book it again, send it another way or cancel the order.',
  pickupCancelled:
    'Pickup cancelled with the courier. Book again, send it another way or cancel the order.',
  otherWay: 'Shipped another way',
  otherWayHint: 'Sent without booking here? Type the carrier and its tracking number.',
  /** A courier's scan on the timeline (the order's status stays). */
  scans: { out_for_delivery: 'Out for delivery' } satisfies Record<CourierScan, string>,
} as const;
