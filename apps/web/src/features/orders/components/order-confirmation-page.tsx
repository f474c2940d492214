import { calendarDateInIndia, formatINR, getProduct } from '@vanya/catalog';
import type { Order } from '@vanya/contracts';
import type { ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';

import { ResponsiveImage } from '../../../components/media/responsive-image';
import { PageLoader } from '../../../components/ui/page-loader';
import { PageTitle } from '../../../components/ui/page-title';
import { PATHS } from '../../../config/paths';
import { useShopSettings } from '../../../hooks/use-shop-settings';
import { useOrder } from '../api/get-order';
import { COD_TEXTS, ORDER_TEXTS as T } from '../texts';
import { CodConfirmation } from './cod-confirmation';
import './order-confirmation-page.css';

/** What the checkout hands over with the navigation (a cash-on-delivery order: where its code went). */
type ConfirmationState = {
  paymentId?: string;
  order?: Order;
  codConfirmation?: { sentTo: string; retryAfterSeconds: number };
};

function stateFrom(value: unknown): ConfirmationState {
  if (typeof value !== 'object' || value === null) return {};
  const { paymentId, order, codConfirmation } = value as ConfirmationState;
  return {
    paymentId: typeof paymentId === 'string' ? paymentId : undefined,
    order: order && typeof order === 'object' && typeof order._id === 'string' ? order : undefined,
    codConfirmation:
      codConfirmation && typeof codConfirmation.sentTo === 'string' ? codConfirmation : undefined,
  };
}

/**
 * The confirmation after payment. The order's id stays in the address (?order=...), so a reload
 * reads the order from the API instead of showing a blank page.
 */
export function OrderConfirmationPage() {
  const location = useLocation();
  const [params] = useSearchParams();
  const handed = stateFrom(location.state);
  const orderId = params.get('order') ?? handed.order?._id ?? null;
  const initial = handed.order && handed.order._id === orderId ? handed.order : undefined;
  const { data: order, isPending, isError, refetch } = useOrder(orderId, initial);

  if (!orderId) {
    return <Message heading={T.missingHeading} text={T.missingText} />;
  }
  if (isPending) return <PageLoader label={T.loading} />;
  if (isError || !order) {
    return (
      <Message heading={T.loadFailedHeading} text={T.loadFailedText}>
        <button type="button" className="btn btn--ghost" onClick={() => void refetch()}>
          Try again
        </button>
      </Message>
    );
  }

  if (order.status === 'pending_confirmation') {
    return (
      <div className="page container confirmation">
        <PageTitle title={COD_TEXTS.heading} />
        <CodConfirmation
          order={order}
          sentTo={handed.codConfirmation?.sentTo}
          retryAfterSeconds={handed.codConfirmation?.retryAfterSeconds}
        />
      </div>
    );
  }
  const paymentId = order.paymentId ?? handed.paymentId;
  return <Confirmation order={order} paymentId={paymentId} />;
}

function Confirmation({ order, paymentId }: { order: Order; paymentId: string | undefined }) {
  // What's next: the owner's pre-order notice (the catalogue's until the settings arrive).
  const { preOrder } = useShopSettings();
  return (
    <div className="page container confirmation">
      <PageTitle title={T.confirmationHeading} />
      <section className="confirmation__card panel" aria-labelledby="confirmation-heading">
        <span className="confirmation__seal" aria-hidden="true">
          <svg viewBox="0 0 48 48" width="48" height="48">
            <circle cx="24" cy="24" r="23" fill="var(--color-forest)" />
            <path
              d="M14.5 24.5l6.5 6.5 13-14"
              fill="none"
              stroke="var(--color-white)"
              strokeWidth="3"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </span>
        <h1 id="confirmation-heading" className="confirmation__heading">
          {T.confirmationHeading}
        </h1>
        <p className="confirmation__lead">{T.placed(order.orderNumber)}</p>

        {paymentId ? (
          <dl className="confirmation__facts">
            <div>
              <dt>{T.paymentId}</dt>
              <dd className="confirmation__mono">{paymentId}</dd>
            </div>
            {/* The coupon before the total it lowered, as the summaries read. */}
            {order.coupon && order.totals.couponDiscount > 0 ? (
              <div>
                <dt>{T.coupon(order.coupon.code)}</dt>
                <dd>−{formatINR(order.totals.couponDiscount)}</dd>
              </div>
            ) : null}
            <div>
              <dt>{T.totalPaid}</dt>
              <dd className="confirmation__total">{formatINR(order.totals.grandTotal)}</dd>
            </div>
          </dl>
        ) : order.cod ? (
          <dl className="confirmation__facts">
            <div>
              <dt>{T.payOnDelivery}</dt>
              <dd className="confirmation__total">{formatINR(order.totals.grandTotal)}</dd>
            </div>
          </dl>
        ) : order.status === 'pending_payment' ? (
          <p className="confirmation__pending">{T.pendingNote}</p>
        ) : null}

        <section className="confirmation__next" aria-labelledby="next-heading">
          <h2 id="next-heading" className="confirmation__subheading">
            {T.whatsNext}
          </h2>
          <ul>
            {T.whatsNextItems(preOrder, calendarDateInIndia(new Date())).map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>

        <section className="confirmation__order" aria-labelledby="items-heading">
          <h2 id="items-heading" className="confirmation__subheading">
            {T.itemsHeading}
          </h2>
          <ul className="confirmation__items">
            {order.lines.map((line) => {
              const product = getProduct(line.productId);
              return (
                <li key={line.productId} className="confirmation__item">
                  <span className="confirmation__thumb">
                    {product ? (
                      <ResponsiveImage
                        src={product.image}
                        alt=""
                        sizes="56px"
                        width={480}
                        height={480}
                      />
                    ) : null}
                  </span>
                  <span>
                    {line.name} <span className="confirmation__qty">× {line.quantity}</span>
                  </span>
                  <span className="confirmation__amount">{formatINR(line.amount)}</span>
                </li>
              );
            })}
          </ul>
          <p className="confirmation__address">
            <span className="eyebrow">{T.deliverTo}</span>
            <br />
            {order.firstName} {order.lastName}, {order.address}, {order.city}, {order.state}{' '}
            {order.pinCode}
          </p>
        </section>

        <div className="confirmation__actions">
          <Link className="btn btn--primary btn--lg" to={PATHS.products}>
            {T.continueShopping}
          </Link>
          <Link className="btn btn--ghost btn--lg" to={PATHS.home}>
            {T.backHome}
          </Link>
        </div>
        <p className="confirmation__account">
          <Link className="text-link" to={PATHS.order(order._id)}>
            {T.trackOrder}
          </Link>
          {' · '}
          <Link className="text-link" to={PATHS.profile}>
            {T.viewOrders}
          </Link>
        </p>
      </section>
    </div>
  );
}

function Message({
  heading,
  text,
  children,
}: {
  heading: string;
  text: string;
  children?: ReactNode;
}) {
  return (
    <div className="page container">
      <PageTitle title={heading} />
      <div className="empty-state">
        <h1 className="empty-state__title">{heading}</h1>
        <p className="empty-state__text">{text}</p>
        {children}
        <Link className="btn btn--primary" to={PATHS.products}>
          {T.continueShopping}
        </Link>
      </div>
    </div>
  );
}
