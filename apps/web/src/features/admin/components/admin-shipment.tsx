import type { OrderStatus } from '@vanya/contracts';

import { FormError } from '../../../components/ui/form-parts';
import { DEFAULT_ERROR_MESSAGE, getErrorMessage } from '../../../lib/api-client';
import { openLabel, useBookShipment, useShipment } from '../api/admin-shipping-api';
import { SHIPPING_ADMIN_TEXTS as T } from '../shipping-texts';

import './admin-shipment.css';

/**
 * The order's courier booking: "Book shipment" on a packed order, then its AWB, courier, latest
 * scan, label and tracking link. Nothing shows for an order neither packed nor booked.
 */
export function ShipmentPanel({ orderId, status }: { orderId: string; status: OrderStatus }) {
  const shipment = useShipment(orderId);
  const book = useBookShipment(orderId);
  const booked = shipment.data ?? book.data;
  if (!booked && status !== 'packed') return null;
  return (
    <section className="admin-card admin-shipment" aria-labelledby="admin-shipment-title">
      <h3 id="admin-shipment-title">{T.heading}</h3>
      {booked ? (
        <>
          <dl className="admin-shipment__facts">
            <div>
              <dt>{T.awb}</dt>
              <dd className="admin-shipment__awb">{booked.awb}</dd>
            </div>
            <div>
              <dt>{T.courier}</dt>
              <dd>{booked.courier}</dd>
            </div>
            <div>
              <dt>{T.lastScan}</dt>
              <dd>{booked.lastScan ?? T.noScanYet}</dd>
            </div>
          </dl>
          <p className="admin-detail__links">
            <button
              type="button"
              className="admin-link-button"
              onClick={() => void openLabel(orderId)}
            >
              {T.label}
            </button>
            <a className="text-link" href={booked.trackingUrl} target="_blank" rel="noreferrer">
              {T.track}
            </a>
          </p>
          {book.isSuccess ? (
            <p className="admin-done" role="status">
              {T.booked(booked.awb)}
            </p>
          ) : null}
        </>
      ) : (
        <>
          <p className="admin-hint">{T.bookHint}</p>
          <div className="admin-actions">
            <button
              type="button"
              className="btn btn--primary"
              disabled={book.isPending || shipment.isPending}
              onClick={() => book.mutate()}
            >
              {book.isPending ? T.booking : T.book}
            </button>
          </div>
          {book.isError ? (
            <FormError message={getErrorMessage(book.error, DEFAULT_ERROR_MESSAGE)} />
          ) : null}
        </>
      )}
    </section>
  );
}
