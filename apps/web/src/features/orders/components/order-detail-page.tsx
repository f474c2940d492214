import { formatINR, getProduct } from '@vanya/catalog';
import { INVOICED, ORDER_STATUS_LABELS } from '@vanya/contracts';
import type { Order, OrderAction, OrderEvent } from '@vanya/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';

import { ResponsiveImage } from '../../../components/media/responsive-image';
import { PageLoader } from '../../../components/ui/page-loader';
import { PageTitle } from '../../../components/ui/page-title';
import { PATHS } from '../../../config/paths';
import { getErrorMessage, resolveApiUrl } from '../../../lib/api-client';
import { useCancelOrder } from '../api/cancel-order';
import { useOrder } from '../api/get-order';
import { useOrderInvoice } from '../api/get-order-invoice';
import { COD_TEXTS, ORDER_DETAIL_TEXTS as T } from '../texts';
import { CodConfirmation } from './cod-confirmation';
import './order-detail-page.css';

/** What the API offers the shopper now (its answer's `nextActions`). */
const offers = (order: Order, action: OrderAction) =>
  order.nextActions.some((a) => a.action === action && a.allowed);
/** Orders with an invoice: paid ones, and cash-on-delivery ones once shipped. */
const invoiced = (order: Order) => INVOICED[order.cod ? 'cod' : 'prepaid'].includes(order.status);

const dateTimeFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: 'Asia/Kolkata',
});

/** '14 Aug 2025, 3:00 pm IST' from an ISO timestamp. */
export function formatDateTimeIST(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${dateTimeFormat.format(date)} IST`;
}

/** The last event that carries tracking details (the move to shipped). */
function trackingOf(events: OrderEvent[]): OrderEvent | undefined {
  return [...events].reverse().find((event) => event.trackingNumber || event.carrier);
}

export function OrderDetailPage() {
  const { orderId = '' } = useParams();
  const { data: order, isPending, isError, refetch } = useOrder(orderId);

  if (isPending) return <PageLoader label={T.loading} />;
  if (isError || !order) {
    return (
      <div className="page container">
        <PageTitle title={T.loadFailedHeading} />
        <div className="empty-state">
          <h1 className="empty-state__title">{T.loadFailedHeading}</h1>
          <p className="empty-state__text">{T.loadFailedText}</p>
          <button type="button" className="btn btn--ghost" onClick={() => void refetch()}>
            {T.tryAgain}
          </button>
          <Link className="btn btn--primary" to={PATHS.profileOrders}>
            {T.backToOrders}
          </Link>
        </div>
      </div>
    );
  }
  return <OrderDetail order={order} />;
}

function OrderDetail({ order }: { order: Order }) {
  const invoice = useOrderInvoice(order._id, invoiced(order));
  const tracking = trackingOf(order.events);
  const shownTracking =
    tracking && (order.status === 'shipped' || order.status === 'delivered') ? tracking : undefined;

  return (
    <div className="page container order-detail">
      <PageTitle title={T.title(order.orderNumber)} />
      <p className="order-detail__back">
        <Link className="text-link" to={PATHS.profileOrders}>
          ← {T.backToOrders}
        </Link>
      </p>
      <header className="order-detail__header">
        <div>
          <p className="eyebrow">{T.eyebrow}</p>
          <h1 className="order-detail__title">{T.title(order.orderNumber)}</h1>
          <p className="order-detail__placed">{T.placedOn(formatDateTimeIST(order.createdAt))}</p>
        </div>
        <p className="order-detail__status">
          <span className="visually-hidden">{T.statusLabel}: </span>
          <span className={`order-status order-status--${order.status}`}>
            {ORDER_STATUS_LABELS[order.status]}
          </span>
        </p>
      </header>

      <div className="order-detail__grid">
        <div className="order-detail__main">
          {offers(order, 'confirm_cod') ? <CodConfirmation order={order} /> : null}
          <CancelledNote order={order} />
          <section className="panel order-detail__section" aria-labelledby="timeline-heading">
            <h2 id="timeline-heading" className="order-detail__subheading">
              {T.timelineHeading}
            </h2>
            <ol className="order-timeline">
              {order.events.map((event, index) => (
                <li
                  key={`${event.status}-${event.at}`}
                  className={`order-timeline__step order-timeline__step--${event.status}`}
                  aria-current={index === order.events.length - 1 ? 'step' : undefined}
                >
                  <span className="order-timeline__dot" aria-hidden="true" />
                  <p className="order-timeline__title">
                    {event.scan ? T.timelineScans[event.scan] : T.timelineSteps[event.status]}
                  </p>
                  <p className="order-timeline__meta">
                    <time dateTime={event.at}>{formatDateTimeIST(event.at)}</time> ·{' '}
                    {T.actors[event.by]}
                  </p>
                  {event.note ? <p className="order-timeline__note">{event.note}</p> : null}
                </li>
              ))}
            </ol>
            {shownTracking ? <Tracking event={shownTracking} /> : null}
          </section>

          <section className="panel order-detail__section" aria-labelledby="items-heading">
            <h2 id="items-heading" className="order-detail__subheading">
              {T.itemsHeading}
            </h2>
            <ul className="order-lines">
              {order.lines.map((line) => {
                const product = getProduct(line.productId);
                return (
                  <li key={line.productId} className="order-lines__item">
                    <span className="order-lines__thumb">
                      {product ? (
                        <ResponsiveImage
                          src={product.image}
                          alt=""
                          sizes="64px"
                          width={480}
                          height={480}
                        />
                      ) : null}
                    </span>
                    <span className="order-lines__name">
                      {product ? (
                        <Link className="text-link" to={PATHS.product(line.productId)}>
                          {line.name}
                        </Link>
                      ) : (
                        line.name
                      )}
                      <span className="order-lines__meta">
                        {T.quantity} {line.quantity} × {formatINR(line.unitPrice)}
                      </span>
                    </span>
                    <span className="order-lines__amount">{formatINR(line.amount)}</span>
                  </li>
                );
              })}
            </ul>
          </section>
        </div>

        <aside className="order-detail__side">
          <Summary order={order} />
          <section className="panel order-detail__section" aria-labelledby="address-heading">
            <h2 id="address-heading" className="order-detail__subheading">
              {T.addressHeading}
            </h2>
            <address className="order-detail__address">
              {order.firstName} {order.lastName}
              <br />
              {order.address}
              <br />
              {order.city}, {order.state} {order.pinCode}
              <br />
              {order.phone}
              {order.gstNumber ? (
                <>
                  <br />
                  {T.gstin}: {order.gstNumber}
                </>
              ) : null}
            </address>
          </section>
          {invoiced(order) ? (
            <section className="panel order-detail__section" aria-labelledby="invoice-heading">
              <h2 id="invoice-heading" className="order-detail__subheading">
                {T.invoiceHeading}
              </h2>
              {invoice.data ? (
                <>
                  {invoice.data.invoiceNumber ? (
                    <p className="order-detail__muted">
                      {T.invoiceNumber(invoice.data.invoiceNumber)}
                    </p>
                  ) : null}
                  <a
                    className="btn btn--ghost btn--sm"
                    href={resolveApiUrl(invoice.data.downloadUrl)}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {T.downloadInvoice}
                  </a>
                </>
              ) : (
                <p className="order-detail__muted">{T.invoicePending}</p>
              )}
            </section>
          ) : null}
          {offers(order, 'cancel') ? <CancelOrder order={order} /> : null}
          {order.status === 'delivered' ? (
            <section className="panel order-detail__section" aria-labelledby="return-heading">
              <h2 id="return-heading" className="order-detail__subheading">
                {T.returnHeading}
              </h2>
              <p className="order-detail__muted">{T.returnText}</p>
              <Link className="btn btn--ghost btn--sm" to={PATHS.returnOrder(order._id)}>
                {T.returnAction}
              </Link>
            </section>
          ) : null}
        </aside>
      </div>
    </div>
  );
}

function Tracking({ event }: { event: OrderEvent }) {
  return (
    <div className="order-tracking" role="group" aria-labelledby="tracking-heading">
      <h3 id="tracking-heading" className="order-tracking__heading">
        {T.trackingHeading}
      </h3>
      <dl className="order-tracking__facts">
        {event.carrier ? (
          <div>
            <dt>{T.carrier}</dt>
            <dd>{event.carrier}</dd>
          </div>
        ) : null}
        {event.trackingNumber ? (
          <div>
            <dt>{T.trackingNumber}</dt>
            <dd className="order-tracking__number">{event.trackingNumber}</dd>
          </div>
        ) : null}
      </dl>
      {event.trackingUrl ? (
        <a
          className="btn btn--primary btn--sm"
          href={event.trackingUrl}
          target="_blank"
          rel="noopener noreferrer"
        >
          {T.trackParcel(event.carrier ?? 'the carrier’s site')}
        </a>
      ) : null}
    </div>
  );
}

function Summary({ order }: { order: Order }) {
  const { totals } = order;
  return (
    <section className="panel order-detail__section" aria-labelledby="summary-heading">
      <h2 id="summary-heading" className="order-detail__subheading">
        {T.summaryHeading}
      </h2>
      <dl className="order-summary">
        <div>
          <dt>{T.mrpTotal}</dt>
          <dd>{formatINR(totals.mrpTotal)}</dd>
        </div>
        {totals.discount > 0 ? (
          <div>
            <dt>{T.discount}</dt>
            <dd>−{formatINR(totals.discount)}</dd>
          </div>
        ) : null}
        {order.coupon && totals.couponDiscount > 0 ? (
          <div>
            <dt>{T.coupon(order.coupon.code)}</dt>
            <dd>−{formatINR(totals.couponDiscount)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{T.shipping}</dt>
          <dd>{totals.shipping === 0 ? T.free : formatINR(totals.shipping)}</dd>
        </div>
        {totals.codFee > 0 ? (
          <div>
            <dt>{T.codFee}</dt>
            <dd>{formatINR(totals.codFee)}</dd>
          </div>
        ) : null}
        <div className="order-summary__total">
          <dt>{T.grandTotal}</dt>
          <dd>{formatINR(totals.grandTotal)}</dd>
        </div>
      </dl>
      {order.cod ? (
        <p className="order-summary__cod" role="note">
          {order.cod.status === 'due'
            ? COD_TEXTS.dueOnDelivery(formatINR(order.cod.amountDue))
            : COD_TEXTS.collected(formatINR(totals.grandTotal))}
        </p>
      ) : null}
      <p className="order-summary__tax-heading">{T.taxIncluded}</p>
      <dl className="order-summary order-summary--tax">
        <div>
          <dt>{T.taxableValue}</dt>
          <dd>{formatINR(totals.taxableValue)}</dd>
        </div>
        {order.supply === 'intra-state' ? (
          <>
            <div>
              <dt>{T.cgst}</dt>
              <dd>{formatINR(totals.cgst)}</dd>
            </div>
            <div>
              <dt>{T.sgst}</dt>
              <dd>{formatINR(totals.sgst)}</dd>
            </div>
          </>
        ) : (
          <div>
            <dt>{T.igst}</dt>
            <dd>{formatINR(totals.igst)}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}

/** Shown on a cancelled order; a paid one says where the money is. */
function CancelledNote({ order }: { order: Order }) {
  if (order.status !== 'cancelled') return null;
  const wasPaid = Boolean(order.paidAt ?? order.paymentId);
  return (
    <div className="order-detail__notice" role="status">
      <p className="order-detail__notice-title">{T.cancelledCancelled}</p>
      {wasPaid ? <p>{T.refundOnItsWay}</p> : null}
    </div>
  );
}

function CancelOrder({ order }: { order: Order }) {
  const cancel = useCancelOrder(order._id);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const headingId = useId();

  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  const onConfirm = () => {
    setError(null);
    cancel.mutate(undefined, {
      onError: (failure) => {
        setConfirming(false);
        setError(getErrorMessage(failure, T.cancelFailed));
      },
    });
  };

  return (
    <section className="panel order-detail__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="order-detail__subheading">
        {confirming ? T.cancelConfirmHeading : T.cancelOrder}
      </h2>
      {error ? (
        <p className="order-detail__error" role="alert">
          {error}
        </p>
      ) : null}
      {confirming ? (
        <>
          <p className="order-detail__muted">
            {order.status === 'paid' ? T.cancelConfirmPaidText : T.cancelConfirmText}
          </p>
          <div className="order-detail__actions">
            <button
              ref={confirmButton}
              type="button"
              className="btn btn--danger btn--sm"
              onClick={onConfirm}
              disabled={cancel.isPending}
            >
              {cancel.isPending ? T.cancelling : T.confirmCancel}
            </button>
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              onClick={() => setConfirming(false)}
              disabled={cancel.isPending}
            >
              {T.keepOrder}
            </button>
          </div>
        </>
      ) : (
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={() => {
            setError(null);
            setConfirming(true);
          }}
        >
          {T.cancelOrder}
        </button>
      )}
    </section>
  );
}
