import { formatINR } from '@vanya/catalog';
import { ORDER_STATUS_LABELS, type Order, type OrderStatus } from '@vanya/contracts';
import { Fragment } from 'react';

import { FormError } from '../../../components/ui/form-parts';
import { DEFAULT_ERROR_MESSAGE, getErrorMessage } from '../../../lib/api-client';
import { openPackingSlip, useAdminOrder } from '../api/admin-api';
import { SHIPPING_ADMIN_TEXTS } from '../shipping-texts';
import { ADMIN_TEXTS } from '../texts';
import { OrderActions } from './admin-order-actions';
import { ShipmentPanel } from './admin-shipment';

const T = ADMIN_TEXTS.orders;
export const when = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

export function StatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`status status--${status}`}>{ORDER_STATUS_LABELS[status]}</span>;
}

/** One order for the owner: what to do next first (the courier, the moves), then its details. */
export function OrderDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const detail = useAdminOrder(id);

  if (!detail.data)
    return (
      <section>
        <button type="button" className="admin-link-button" onClick={onBack}>
          ← {T.back}
        </button>
        {detail.isError ? (
          <FormError message={getErrorMessage(detail.error, DEFAULT_ERROR_MESSAGE)} />
        ) : null}
      </section>
    );
  const { order, paymentEvents, invoice, paymentHold, refunded } = detail.data;
  const status = order.status;
  const cod = order.cod;
  return (
    <section className="admin-detail" aria-labelledby="admin-order-title">
      <button type="button" className="admin-link-button" onClick={onBack}>
        ← {T.back}
      </button>
      <header className="admin-detail__head">
        <h2 id="admin-order-title">{order.orderNumber}</h2>
        <StatusBadge status={status} />
        <p className="admin-detail__total">
          {formatINR(order.totals.grandTotal)}{' '}
          <span className="admin-detail__method">· {T.methods[order.paymentMethod]}</span>
        </p>
      </header>
      {cod ? (
        <p className="notice" role="status">
          {cod.status === 'due'
            ? T.codDue(formatINR(cod.amountDue))
            : T.codCollected(formatINR(order.totals.grandTotal))}
        </p>
      ) : null}
      {paymentHold ? (
        <p className="notice notice--warn" role="status">
          {T.held}: {paymentHold.paymentId} · {formatINR(paymentHold.amount)}
        </p>
      ) : null}

      {/* The next thing to do with the order comes first, the details under it. */}
      <ShipmentPanel order={order} />
      <OrderActions id={id} order={order} />

      <div className="admin-detail__grid">
        <div className="admin-card">
          <h3>{T.shipTo}</h3>
          <p>
            {order.firstName} {order.lastName}
            <br />
            {order.address}
            <br />
            {order.city}, {order.state} {order.pinCode}
            <br />
            {order.phone} · {order.email}
          </p>
          <ul className="admin-lines">
            {order.lines.map((l) => (
              <li key={l.productId}>
                {l.name} × {l.quantity} <span>{formatINR(l.amount)}</span>
              </li>
            ))}
          </ul>
          <TaxSplit order={order} />
          <p className="admin-detail__links">
            {invoice ? (
              <a className="text-link" href={invoice.downloadUrl} target="_blank" rel="noreferrer">
                {T.invoice} {invoice.invoiceNumber}
              </a>
            ) : null}
            <button
              type="button"
              className="admin-link-button"
              onClick={() => void openPackingSlip(id)}
            >
              {T.packingSlip}
            </button>
          </p>
          {refunded > 0 ? (
            <p>
              {T.refunded}: {formatINR(refunded)}
            </p>
          ) : null}
        </div>

        <div className="admin-card">
          <h3>{T.timeline}</h3>
          <ol className="admin-timeline">
            {order.events.map((e) => (
              <li key={`${e.status}-${e.at}`}>
                <strong>
                  {e.scan ? SHIPPING_ADMIN_TEXTS.scans[e.scan] : ORDER_STATUS_LABELS[e.status]}
                </strong>{' '}
                · {when.format(new Date(e.at))} · {e.by}
                {e.carrier ? ` · ${e.carrier} ${e.trackingNumber ?? ''}` : ''}
                {e.note ? ` · ${e.note}` : ''}
              </li>
            ))}
          </ol>
          {detail.data.messages.length > 0 ? (
            <>
              <h3>{T.messagesSent}</h3>
              <ul className="admin-timeline">
                {detail.data.messages.map((m) => (
                  <li key={`${m.channel}-${m.about}-${m.at}`}>
                    <strong>{m.channel === 'sms' ? 'SMS' : T.mail}</strong> · {T.about(m.about)} ·{' '}
                    {when.format(new Date(m.at))}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <h3>{T.payments}</h3>
          <ul className="admin-timeline">
            {paymentEvents.map((p) => (
              <li key={`${p.type}-${p.at}-${p.paymentId}`}>
                <strong>{T.eventTypes[p.type] ?? p.type}</strong>
                {p.amount !== null ? ` · ${formatINR(p.amount)}` : ''} ·{' '}
                {T.eventSources[p.source] ?? p.source} · {when.format(new Date(p.at))}
                {p.paymentId ? ` · ${p.paymentId}` : ''}
                {p.note ? ` · ${p.note}` : ''}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

/** The order's figures as its invoice states them: the coupon and fees, taxable value and GST. */
function TaxSplit({ order }: { order: Order }) {
  const t = order.totals;
  const rows: [string, number][] = [
    ...(t.couponDiscount > 0
      ? [[T.coupon(order.coupon?.code ?? ''), -t.couponDiscount] as [string, number]]
      : []),
    ...(t.shipping > 0 ? [[T.shipping, t.shipping] as [string, number]] : []),
    ...(t.codFee > 0 ? [[T.codFee, t.codFee] as [string, number]] : []),
    [T.taxable, t.taxableValue],
    ...((order.supply === 'intra-state'
      ? [
          ['CGST', t.cgst],
          ['SGST', t.sgst],
        ]
      : [['IGST', t.igst]]) as [string, number][]),
  ];
  return (
    <dl className="admin-figures" aria-label={T.taxSplit}>
      {rows.map(([label, paise]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{paise < 0 ? `−${formatINR(-paise)}` : formatINR(paise)}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
