import {
  ORDER_STATUS_LABELS,
  type AdminOrderStatusBody,
  type Order,
  type OrderAction,
} from '@vanya/contracts';
import { useState, type FormEvent } from 'react';

import { FormError } from '../../../components/ui/form-parts';
import { KEEP_CLEAR } from '../../../lib/keep-clear';
import { DEFAULT_ERROR_MESSAGE, getErrorMessage } from '../../../lib/api-client';
import { useMoveOrder } from '../api/admin-api';
import { SHIPPING_ADMIN_TEXTS } from '../shipping-texts';
import { ADMIN_TEXTS } from '../texts';

const T = ADMIN_TEXTS.orders;
type RefundMethod = 'upi' | 'bank_transfer';

/** Whether the order's answer offers the owner `action` now. */
export const offers = (order: Pick<Order, 'nextActions'>, action: OrderAction) =>
  order.nextActions.some((a) => a.action === action && a.allowed);

/**
 * The owner's moves of one order, drawn from what its answer offers (`nextActions`): pack, ship by
 * hand, mark delivered or refused at the door, cancel, refund. What is refused says why; what was
 * done is confirmed under the buttons that did it.
 */
export function OrderActions({ id, order }: { id: string; order: Order }) {
  const move = useMoveOrder(id);
  const [shipping, setShipping] = useState({ carrier: '', trackingNumber: '', trackingUrl: '' });
  const [note, setNote] = useState('');
  const [manual, setManual] = useState<{ method: RefundMethod; reference: string }>({
    method: 'upi',
    reference: '',
  });
  const [done, setDone] = useState('');
  const can = (action: OrderAction) => offers(order, action);
  // The booking's own actions (book, cancel the pickup) are the courier panel's.
  const moves = order.nextActions.filter(
    (a) => a.action !== 'book_shipment' && a.action !== 'cancel_pickup',
  );
  const refused = moves.filter((a) => !a.allowed && a.why);

  const send = (body: AdminOrderStatusBody) => {
    setDone('');
    move.mutate(
      { ...body, ...(note.trim() ? { note: note.trim() } : {}) },
      { onSuccess: () => setDone(T.moved(ORDER_STATUS_LABELS[body.status])) },
    );
  };
  const confirmThen = (question: string, body: AdminOrderStatusBody) => () => {
    if (window.confirm(question)) send(body);
  };
  const ship = (e: FormEvent) => {
    e.preventDefault();
    if (!can('ship_by_hand')) return;
    send({
      status: 'shipped',
      carrier: shipping.carrier.trim(),
      trackingNumber: shipping.trackingNumber.trim(),
      ...(shipping.trackingUrl.trim() ? { trackingUrl: shipping.trackingUrl.trim() } : {}),
    });
  };

  if (moves.length === 0)
    return done ? (
      <p className="admin-done" role="status">
        {done}
      </p>
    ) : null;
  return (
    <form className="admin-card admin-move" onSubmit={ship} aria-label={T.actions}>
      <h3>{T.actions}</h3>
      {refused.map((a) => (
        <p key={a.action} className="admin-hint admin-hint--refused" role="note">
          {a.why}
        </p>
      ))}
      {can('ship_by_hand') ? (
        <div className="admin-ship">
          <p className="admin-hint">
            <strong>{SHIPPING_ADMIN_TEXTS.otherWay}.</strong> {SHIPPING_ADMIN_TEXTS.otherWayHint}
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
      {moves.some((a) => a.allowed) ? (
        <label className="field">
          <span className="field__label">{T.note}</span>
          <input className="input" value={note} onChange={(e) => setNote(e.target.value)} />
        </label>
      ) : null}
      {can('record_cod_refund') ? (
        <div className="admin-ship">
          <p className="admin-hint">{T.codRefundHint}</p>
          <label className="field">
            <span className="field__label">{T.refundMethod}</span>
            <select
              className="input"
              value={manual.method}
              onChange={(e) => setManual({ ...manual, method: e.target.value as RefundMethod })}
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
        {can('pack') ? (
          <button
            type="button"
            className="btn btn--primary"
            disabled={move.isPending}
            onClick={() => send({ status: 'packed' })}
          >
            {T.pack}
          </button>
        ) : null}
        {can('ship_by_hand') ? (
          <button type="submit" className="btn btn--primary" disabled={move.isPending}>
            {T.ship}
          </button>
        ) : null}
        {can('mark_delivered') ? (
          <button
            type="button"
            className="btn btn--primary"
            disabled={move.isPending}
            onClick={() => send({ status: 'delivered' })}
          >
            {T.deliver}
          </button>
        ) : null}
        {can('mark_rto') ? (
          <button
            type="button"
            className="btn btn--ghost"
            disabled={move.isPending}
            onClick={confirmThen(T.confirmRto, { status: 'rto' })}
          >
            {T.rto}
          </button>
        ) : null}
        {can('cancel') ? (
          <button
            type="button"
            className="btn btn--danger admin-actions__end"
            disabled={move.isPending}
            onClick={confirmThen(T.confirmCancel, { status: 'cancelled' })}
          >
            {order.paymentId ? T.cancel : T.cancelUnpaid}
          </button>
        ) : null}
        {can('refund') ? (
          <button
            type="button"
            className="btn btn--danger admin-actions__end"
            disabled={move.isPending}
            onClick={confirmThen(T.confirmRefund, { status: 'refunded' })}
          >
            {T.refund}
          </button>
        ) : null}
        {can('record_cod_refund') ? (
          <button
            type="button"
            className="btn btn--danger admin-actions__end"
            disabled={move.isPending || !manual.reference.trim()}
            onClick={confirmThen(T.confirmRecordRefund, {
              status: 'refunded',
              refundMethod: manual.method,
              refundReference: manual.reference.trim(),
            })}
          >
            {T.recordRefund}
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
  );
}
