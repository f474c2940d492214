import { formatINR } from '@vanya/catalog';
import {
  ORDER_STATUSES,
  type AdminOrderStatusBody,
  type Order,
  type OrderStatus,
} from '@vanya/contracts';
import { Fragment, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';

import { FormError } from '../../../components/ui/form-parts';
import { KEEP_CLEAR } from '../../../lib/keep-clear';
import { DEFAULT_ERROR_MESSAGE, getErrorMessage } from '../../../lib/api-client';
import {
  openPackingSlip,
  openPackingSlips,
  useAdminOrder,
  useAdminOrders,
  useMoveOrder,
  usePackMany,
} from '../api/admin-api';
import { SHIPPING_ADMIN_TEXTS } from '../shipping-texts';
import { ADMIN_TEXTS } from '../texts';
import { ShipmentPanel } from './admin-shipment';

const T = ADMIN_TEXTS.orders;
/** The states an order can be cancelled (and refunded, when paid) from, and refunded from. */
const CANCELLABLE: OrderStatus[] = [
  'pending_payment',
  'payment_failed',
  'paid',
  'pending_confirmation',
  'confirmed',
  'packed',
];
const REFUNDABLE: OrderStatus[] = ['shipped', 'delivered', 'rto'];
type StatusFilter = OrderStatus | 'to_dispatch' | '';
type PaymentFilter = 'prepaid' | 'cod' | '';
const PAGE_SIZE = 20;
const when = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

function StatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`status status--${status}`}>{ADMIN_TEXTS.orderStatuses[status]}</span>;
}

/** Orders: filter by status, search, a page at a time; one opens with its timeline and actions. */
export function AdminOrders() {
  // The dashboard's tiles open this list filtered (?status=...); by default, what is to dispatch.
  const [params] = useSearchParams();
  const [status, setStatus] = useState<StatusFilter>(
    (params.get('status') as StatusFilter | null) ?? (params.get('q') ? '' : 'to_dispatch'),
  );
  const [payment, setPayment] = useState<PaymentFilter>('');
  // A return's "Open order" arrives with the order number to look for (?q=VNY-...).
  const [q, setQ] = useState(params.get('q') ?? '');
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string>();
  // The day's packing: orders ticked in the list are marked packed together.
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const packMany = usePackMany();
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const orders = useAdminOrders({
    ...(status ? { status } : {}),
    ...(payment ? { payment } : {}),
    ...(search ? { q: search } : {}),
    page,
    limit: PAGE_SIZE,
  });

  if (openId) return <OrderDetail id={openId} onBack={() => setOpenId(undefined)} />;
  const pages = Math.max(1, Math.ceil((orders.data?.total ?? 0) / PAGE_SIZE));
  return (
    <section aria-labelledby="admin-orders">
      <h2 id="admin-orders" className="visually-hidden">
        {ADMIN_TEXTS.tabs.orders}
      </h2>
      <form
        className="admin-filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setPage(1);
          // A search looks through every order, whatever the list was filtered to.
          if (q.trim()) setStatus('');
          setSearch(q.trim());
        }}
      >
        <label className="field">
          <span className="field__label">{T.search}</span>
          <input
            className="input"
            type="search"
            value={q}
            placeholder={T.searchHint}
            onChange={(e) => setQ(e.target.value)}
          />
        </label>
        <label className="field">
          <span className="field__label">{T.status}</span>
          <select
            className="input"
            value={status}
            onChange={(e) => {
              setPage(1);
              setStatus(e.target.value as StatusFilter);
            }}
          >
            <option value="to_dispatch">{T.toDispatch}</option>
            <option value="">{T.allStatuses}</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {ADMIN_TEXTS.orderStatuses[s]}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{T.payment}</span>
          <select
            className="input"
            value={payment}
            onChange={(e) => {
              setPage(1);
              setPayment(e.target.value as PaymentFilter);
            }}
          >
            <option value="">{T.allPayments}</option>
            <option value="prepaid">{T.prepaid}</option>
            <option value="cod">{T.cod}</option>
          </select>
        </label>
        <button type="submit" className="btn btn--primary btn--sm">
          {T.search}
        </button>
      </form>
      {orders.isError ? (
        <FormError message={getErrorMessage(orders.error, DEFAULT_ERROR_MESSAGE)} />
      ) : null}
      {orders.data && orders.data.items.length === 0 ? (
        <p className="admin-empty">{T.empty}</p>
      ) : null}
      {status === 'to_dispatch' && orders.data && orders.data.items.length > 0 ? (
        <div className="admin-actions admin-bulk">
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={() => void openPackingSlips()}
          >
            {T.printSlips}
          </button>
          <button
            type="button"
            className="btn btn--primary btn--sm"
            disabled={selected.size === 0 || packMany.isPending}
            onClick={() =>
              packMany.mutate([...selected], { onSuccess: () => setSelected(new Set()) })
            }
          >
            {T.packSelected(selected.size)}
          </button>
        </div>
      ) : null}
      {packMany.data ? (
        <p className="admin-done" role="status">
          {T.packedMany(packMany.data.packed.length)}
          {packMany.data.refused.map((r) => ` ${r.message}`).join('')}
        </p>
      ) : null}
      <ul className="admin-list">
        {orders.data?.items.map((o) => (
          <li key={o._id} className="admin-row admin-row--order">
            {status === 'to_dispatch' && (o.status === 'paid' || o.status === 'confirmed') ? (
              <label className="admin-row__pick">
                <input
                  type="checkbox"
                  checked={selected.has(o._id)}
                  onChange={() => toggle(o._id)}
                />
                <span className="visually-hidden">{T.pick(o.orderNumber)}</span>
              </label>
            ) : null}
            <div className="admin-row__main">
              <p className="admin-row__title">
                {o.orderNumber} · {o.name}
                {o.paymentMethod === 'cod' ? <span className="badge">{T.codBadge}</span> : null}
                {o.paymentHeld ? <span className="badge badge--warn">{T.held}</span> : null}
              </p>
              <p className="admin-row__meta">
                {when.format(new Date(o.createdAt))} · {o.city}, {o.state} · {o.phone}
              </p>
            </div>
            <div className="admin-row__side">
              <StatusBadge status={o.status} />
              <p className="admin-row__amount">{formatINR(o.total)}</p>
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                onClick={() => setOpenId(o._id)}
                aria-label={`${T.open} ${o.orderNumber}`}
              >
                {T.open}
              </button>
            </div>
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <nav className="admin-pager" aria-label={T.page(page, pages)}>
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            {T.previous}
          </button>
          <span>{T.page(page, pages)}</span>
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            {T.next}
          </button>
        </nav>
      ) : null}
    </section>
  );
}

function OrderDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const detail = useAdminOrder(id);
  const move = useMoveOrder(id);
  const [shipping, setShipping] = useState({ carrier: '', trackingNumber: '', trackingUrl: '' });
  const [note, setNote] = useState('');
  const [manual, setManual] = useState<{ method: 'upi' | 'bank_transfer'; reference: string }>({
    method: 'upi',
    reference: '',
  });
  const [done, setDone] = useState('');

  const send = (body: AdminOrderStatusBody) => {
    setDone('');
    move.mutate(
      { ...body, ...(note.trim() ? { note: note.trim() } : {}) },
      { onSuccess: () => setDone(T.moved(ADMIN_TEXTS.orderStatuses[body.status])) },
    );
  };
  const ship = (e: FormEvent) => {
    e.preventDefault();
    if (detail.data?.order.status !== 'packed') return;
    send({
      status: 'shipped',
      carrier: shipping.carrier.trim(),
      trackingNumber: shipping.trackingNumber.trim(),
      ...(shipping.trackingUrl.trim() ? { trackingUrl: shipping.trackingUrl.trim() } : {}),
    });
  };

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
  // Cash paid at the door is refunded by the owner's own transfer, recorded with its reference.
  const refundByHand = cod?.status === 'collected';
  const refundable = REFUNDABLE.includes(status) && (!cod || refundByHand);
  const canMove =
    ['paid', 'confirmed', 'packed', 'shipped'].includes(status) ||
    CANCELLABLE.includes(status) ||
    refundable;
  const refund = () => {
    if (!window.confirm(T.confirmRefund)) return;
    send(
      refundByHand
        ? {
            status: 'refunded',
            refundMethod: manual.method,
            refundReference: manual.reference.trim(),
          }
        : { status: 'refunded' },
    );
  };
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
      <ShipmentPanel orderId={id} status={status} />

      {canMove ? (
        <form className="admin-card admin-move" onSubmit={ship} aria-label={T.actions}>
          <h3>{T.actions}</h3>
          {status === 'packed' ? (
            <div className="admin-ship">
              <p className="admin-hint">
                <strong>{SHIPPING_ADMIN_TEXTS.otherWay}.</strong>{' '}
                {SHIPPING_ADMIN_TEXTS.otherWayHint}
              </p>
              <label className="field">
                <span className="field__label">{T.carrier}</span>
                <input
                  className="input"
                  required
                  value={shipping.carrier}
                  onChange={(e) => setShipping({ ...shipping, carrier: e.target.value })}
                />
              </label>
              <label className="field">
                <span className="field__label">{T.trackingNumber}</span>
                <input
                  className="input"
                  required
                  value={shipping.trackingNumber}
                  onChange={(e) => setShipping({ ...shipping, trackingNumber: e.target.value })}
                />
              </label>
              <label className="field">
                <span className="field__label">{T.trackingUrl}</span>
                <input
                  className="input"
                  type="url"
                  value={shipping.trackingUrl}
                  onChange={(e) => setShipping({ ...shipping, trackingUrl: e.target.value })}
                />
              </label>
            </div>
          ) : null}
          <label className="field">
            <span className="field__label">{T.note}</span>
            <input className="input" value={note} onChange={(e) => setNote(e.target.value)} />
          </label>
          {refundByHand && refundable ? (
            <div className="admin-ship">
              <p className="admin-hint">{T.codRefundHint}</p>
              <label className="field">
                <span className="field__label">{T.refundMethod}</span>
                <select
                  className="input"
                  value={manual.method}
                  onChange={(e) =>
                    setManual({ ...manual, method: e.target.value as 'upi' | 'bank_transfer' })
                  }
                >
                  <option value="upi">{T.refundMethods.upi}</option>
                  <option value="bank_transfer">{T.refundMethods.bank_transfer}</option>
                </select>
              </label>
              <label className="field">
                <span className="field__label">{T.refundReference}</span>
                <input
                  className="input"
                  value={manual.reference}
                  onChange={(e) => setManual({ ...manual, reference: e.target.value })}
                />
              </label>
            </div>
          ) : null}
          <div className="admin-actions admin-actions--split" {...KEEP_CLEAR}>
            {status === 'paid' || status === 'confirmed' ? (
              <button
                type="button"
                className="btn btn--primary"
                disabled={move.isPending}
                onClick={() => send({ status: 'packed' })}
              >
                {T.pack}
              </button>
            ) : null}
            {status === 'packed' ? (
              <button type="submit" className="btn btn--primary" disabled={move.isPending}>
                {T.ship}
              </button>
            ) : null}
            {status === 'shipped' ? (
              <button
                type="button"
                className="btn btn--primary"
                disabled={move.isPending}
                onClick={() => send({ status: 'delivered' })}
              >
                {T.deliver}
              </button>
            ) : null}
            {status === 'shipped' ? (
              <button
                type="button"
                className="btn btn--ghost"
                disabled={move.isPending}
                onClick={() => {
                  if (window.confirm(T.confirmRto)) send({ status: 'rto' });
                }}
              >
                {T.rto}
              </button>
            ) : null}
            {CANCELLABLE.includes(status) ? (
              <button
                type="button"
                className="btn btn--danger admin-actions__end"
                disabled={move.isPending}
                onClick={() => {
                  if (window.confirm(T.confirmCancel)) send({ status: 'cancelled' });
                }}
              >
                {order.paymentId ? T.cancel : T.cancelUnpaid}
              </button>
            ) : null}
            {refundable ? (
              <button
                type="button"
                className="btn btn--danger admin-actions__end"
                disabled={move.isPending || (refundByHand && !manual.reference.trim())}
                onClick={refund}
              >
                {T.refund}
              </button>
            ) : null}
          </div>
          {move.isError ? (
            <FormError message={getErrorMessage(move.error, DEFAULT_ERROR_MESSAGE)} />
          ) : null}
          {done ? (
            <p className="admin-done" role="status">
              {done}
            </p>
          ) : null}
        </form>
      ) : done ? (
        <p className="admin-done" role="status">
          {done}
        </p>
      ) : null}

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
                  {e.scan
                    ? SHIPPING_ADMIN_TEXTS.scans[e.scan]
                    : ADMIN_TEXTS.orderStatuses[e.status]}
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
