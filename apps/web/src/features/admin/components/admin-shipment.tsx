import type { Order } from '@vanya/contracts';

import { FormError } from '../../../components/ui/form-parts';
import { DEFAULT_ERROR_MESSAGE, getErrorMessage } from '../../../lib/api-client';
import {
  openLabel,
  useBookShipment,
  useCancelPickup,
  useShipment,
} from '../api/admin-shipping-api';
import { SHIPPING_ADMIN_TEXTS as T } from '../shipping-texts';
import { offers } from './admin-order-actions';

import './admin-shipment.css';

/**
 * The order's courier booking, as its answer offers it: "Book shipment" on a packed order, then
 * the AWB, courier, latest scan, label and tracking link, and "Cancel the pickup" until the
 * courier has it. Nothing shows for an order neither bookable nor booked.
 */
export function ShipmentPanel({ order }: { order: Order }) {
  const orderId = order._id;
  const shipment = useShipment(orderId);
  const book = useBookShipment(orderId);
  const cancel = useCancelPickup(orderId);
  const booked = shipment.data ?? (cancel.isSuccess ? null : book.data);
  const canBook = offers(order, 'book_shipment');
  if (!booked && !canBook && !cancel.isSuccess) return null;
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
          {offers(order, 'cancel_pickup') ? (
            <>
              <p className="admin-hint">{T.waitingForPickup(booked.courier)}</p>
              <div className="admin-actions">
                <button
                  type="button"
                  className="btn btn--ghost"
                  disabled={cancel.isPending}
                  onClick={() => {
                    if (window.confirm(T.confirmCancelPickup)) cancel.mutate();
                  }}
                >
                  {cancel.isPending ? T.cancellingPickup : T.cancelPickup}
                </button>
              </div>
            </>
          ) : null}
        </>
      ) : (
        <>
          {cancel.isSuccess ? (
            <p className="admin-done" role="status">
              {T.pickupCancelled}
            </p>
          ) : null}
          {canBook ? (
            <>
              <p className="admin-hint">{T.bookHint}</p>
              <div className="admin-actions">
                <button
                  type="button"
                  className="btn btn--primary"
                  disabled={book.isPending || shipment.isPending}
                  onClick={() => {
                    cancel.reset();
                    book.mutate();
                  }}
                >
                  {book.isPending ? T.booking : T.book}
                </button>
              </div>
            </>
          ) : null}
        </>
      )}
      {book.isError ? (
        <FormError message={getErrorMessage(book.error, DEFAULT_ERROR_MESSAGE)} />
      ) : null}
      {cancel.isError ? (
        <FormError message={getErrorMessage(cancel.error, DEFAULT_ERROR_MESSAGE)} />
      ) : null}
    </section>
  );
}
