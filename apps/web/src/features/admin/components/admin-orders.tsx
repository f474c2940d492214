import { formatINR } from '@vanya/catalog';
import {
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type OrderListView,
  type OrderStatus,
} from '@vanya/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { FormError } from '../../../components/ui/form-parts';
import { DEFAULT_ERROR_MESSAGE, getErrorMessage } from '../../../lib/api-client';
import { openLabels, openPackingSlips, useAdminOrders, usePackMany } from '../api/admin-api';
import { ADMIN_TEXTS } from '../texts';
import { offers } from './admin-order-actions';
import { OrderDetail, StatusBadge, when } from './admin-order-detail';

const T = ADMIN_TEXTS.orders;
type StatusFilter = OrderStatus | OrderListView | '';
type PaymentFilter = 'prepaid' | 'cod' | '';
const PAGE_SIZE = 20;

/** Orders: filter by status, search, a page at a time; one opens with its timeline and actions. */
export function AdminOrders() {
  // The dashboard's tiles open this list filtered (?status=...); by default, what is to dispatch.
  // An order opens in place (?order=<id>, so a notification can link to it and Back returns).
  const [params, setParams] = useSearchParams();
  const [status, setStatus] = useState<StatusFilter>(
    (params.get('status') as StatusFilter | null) ?? (params.get('q') ? '' : 'to_dispatch'),
  );
  const [payment, setPayment] = useState<PaymentFilter>('');
  // A return's "Open order" arrives with the order number to look for (?q=VNY-...).
  const [q, setQ] = useState(params.get('q') ?? '');
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [page, setPage] = useState(1);
  const openId = params.get('order');
  const open = (id: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('order', id);
      else next.delete('order');
      return next;
    });
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

  if (openId) return <OrderDetail id={openId} onBack={() => open(null)} />;
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
            <option value="payment_held">{T.heldView}</option>
            <option value="">{T.allStatuses}</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {ORDER_STATUS_LABELS[s]}
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
          <PrintButton label={T.printSlips} print={openPackingSlips} />
          <PrintButton label={T.printLabels} print={openLabels} />
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
            {status === 'to_dispatch' && offers(o, 'pack') ? (
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
                onClick={() => open(o._id)}
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

/**
 * Opens a PDF of the day's documents in a new tab; when there is nothing to print (404), says so
 * beside the button.
 */
function PrintButton({ label, print }: { label: string; print: () => Promise<void> }) {
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <span className="admin-print">
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        onClick={() => {
          setFailed(null);
          print().catch((err: unknown) => setFailed(getErrorMessage(err, T.nothingToPrint)));
        }}
      >
        {label}
      </button>
      {failed ? (
        <span className="admin-print__error" role="alert">
          {failed}
        </span>
      ) : null}
    </span>
  );
}
