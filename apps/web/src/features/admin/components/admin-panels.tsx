import { formatINR } from '@vanya/catalog';
import {
  RETURN_STATUSES,
  returnActions,
  TICKET_STATUSES,
  type AdminReturn,
  type AdminReturnQuery,
  type AdminTicketQuery,
} from '@vanya/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { FormError } from '../../../components/ui/form-parts';
import { DEFAULT_ERROR_MESSAGE, getErrorMessage } from '../../../lib/api-client';
import {
  downloadGst,
  useAdminMessages,
  useAdminReturns,
  useAdminTickets,
  useAdminWaitlist,
  useGstExport,
  useReturnAction,
  useTicketReply,
  useTicketStatus,
} from '../api/admin-api';
import { ADMIN_TEXTS } from '../texts';
import { useTarget } from '../hooks/use-target';
import { AdminFilter } from './admin-filter';

const day = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
/** A return's button, named with its order for a screen reader going from button to button. */
const named = (action: string, r: AdminReturn) => [action, r.orderNumber].filter(Boolean).join(' ');
const istToday = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

/** A list filter kept in the address (?status=), so the dashboard's tiles open it filtered. */
function useStatusParam<S extends string>(): [S | '', (status: S | '') => void] {
  const [params, setParams] = useSearchParams();
  const status = (params.get('status') ?? '') as S | '';
  const set = (next: S | '') =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next) updated.set('status', next);
      else updated.delete('status');
      return updated;
    });
  return [status, set];
}

export function AdminReturns() {
  const T = ADMIN_TEXTS.returns;
  const [status, setStatus] = useStatusParam<NonNullable<AdminReturnQuery['status']>>();
  const returns = useAdminReturns(status || undefined);
  const act = useReturnAction();
  const [amounts, setAmounts] = useState<Record<string, string>>({});
  const [, setParams] = useSearchParams();
  /** The return the owner last acted on: its confirmation or error shows in its own row. */
  const acted = act.variables?.id;
  const anchor = useTarget('return', Boolean(returns.data));
  return (
    <section aria-label={ADMIN_TEXTS.tabs.returns}>
      <div className="admin-filters">
        <AdminFilter
          label={T.show}
          all={T.all}
          choices={['open', ...RETURN_STATUSES] as const}
          names={{ open: T.open, ...ADMIN_TEXTS.returnStatuses }}
          value={status}
          onChange={setStatus}
        />
      </div>
      {returns.isError ? (
        <FormError message={getErrorMessage(returns.error, DEFAULT_ERROR_MESSAGE)} />
      ) : null}
      {returns.data?.length === 0 ? <p className="admin-empty">{T.empty}</p> : null}
      <ul className="admin-list">
        {returns.data?.map((r) => (
          <li
            key={r._id}
            id={anchor(r._id).id}
            className={`admin-row admin-row--stack${anchor(r._id).className}`}
          >
            <div className="admin-row__main">
              <p className="admin-row__title">
                {r.orderNumber} · {r.customerName}{' '}
                <span className={`status status--${r.status}`}>
                  {ADMIN_TEXTS.returnStatuses[r.status]}
                </span>
              </p>
              <p className="admin-row__meta">
                {day.format(new Date(r.createdAt))} · {T.reason}: {r.reason} ·{' '}
                {formatINR(r.refundedAmount ?? r.refundAmount)}
              </p>
              <p className="admin-row__meta">
                {T.items}: {r.items.map((i) => `${i.name} × ${i.quantity}`).join(', ')}
                {r.orderNumber ? (
                  <>
                    {' · '}
                    <button
                      type="button"
                      className="admin-link-button"
                      onClick={() => setParams({ tab: 'orders', q: r.orderNumber ?? '' })}
                    >
                      {T.openOrder(r.orderNumber)}
                    </button>
                  </>
                ) : null}
              </p>
            </div>
            <div className="admin-actions">
              {returnActions(r.status).includes('approve') ? (
                <button
                  type="button"
                  className="btn btn--primary btn--sm"
                  onClick={() => act.mutate({ id: r._id, action: 'approve' })}
                  aria-label={named(T.approve, r)}
                >
                  {T.approve}
                </button>
              ) : null}
              {returnActions(r.status).includes('receive') ? (
                <button
                  type="button"
                  className="btn btn--primary btn--sm"
                  onClick={() => act.mutate({ id: r._id, action: 'receive' })}
                  aria-label={named(T.receive, r)}
                >
                  {T.receive}
                </button>
              ) : null}
              {returnActions(r.status).includes('refund') ? (
                <>
                  <label className="field field--inline">
                    <span className="field__label">{T.amount}</span>
                    <input
                      className="input"
                      inputMode="decimal"
                      value={amounts[r._id] ?? (r.refundAmount / 100).toFixed(2)}
                      onChange={(e) => setAmounts({ ...amounts, [r._id]: e.target.value })}
                    />
                  </label>
                  <button
                    type="button"
                    className="btn btn--primary btn--sm"
                    onClick={() =>
                      act.mutate({
                        id: r._id,
                        action: 'refund',
                        refundAmount: Math.round(
                          Number(amounts[r._id] ?? r.refundAmount / 100) * 100,
                        ),
                      })
                    }
                    aria-label={named(T.refund, r)}
                  >
                    {T.refund}
                  </button>
                </>
              ) : null}
              {returnActions(r.status).includes('reject') ? (
                <button
                  type="button"
                  className="btn btn--ghost btn--sm"
                  onClick={() => act.mutate({ id: r._id, action: 'reject' })}
                  aria-label={named(T.reject, r)}
                >
                  {T.reject}
                </button>
              ) : null}
            </div>
            {acted === r._id && act.isError ? (
              <FormError message={getErrorMessage(act.error, DEFAULT_ERROR_MESSAGE)} />
            ) : null}
            {acted === r._id && act.isSuccess ? (
              <p className="admin-done" role="status">
                {T.done}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function AdminTickets() {
  const T = ADMIN_TEXTS.tickets;
  const [show, setShow] = useStatusParam<NonNullable<AdminTicketQuery['status']>>();
  const tickets = useAdminTickets(show || undefined);
  const reply = useTicketReply();
  const setStatus = useTicketStatus();
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  /** The ticket last answered: its confirmation or error shows under its own reply box. */
  const replied = reply.variables?.id;
  const anchor = useTarget('ticket', Boolean(tickets.data));
  return (
    <section aria-label={ADMIN_TEXTS.tabs.tickets}>
      <div className="admin-filters">
        <AdminFilter
          label={T.show}
          all={T.all}
          choices={['active', ...TICKET_STATUSES] as const}
          names={{ active: T.active, ...ADMIN_TEXTS.ticketStatuses }}
          value={show}
          onChange={setShow}
        />
      </div>
      {tickets.isError ? (
        <FormError message={getErrorMessage(tickets.error, DEFAULT_ERROR_MESSAGE)} />
      ) : null}
      {tickets.data?.length === 0 ? <p className="admin-empty">{T.empty}</p> : null}
      <ul className="admin-list">
        {tickets.data?.map((t) => (
          <li
            key={t.id}
            id={anchor(t.id).id}
            className={`admin-row admin-row--stack${anchor(t.id).className}`}
          >
            <div className="admin-row__main">
              <p className="admin-row__title">
                {t.customerName} · {t.customerEmail}{' '}
                <span className={`status status--${t.status}`}>
                  {ADMIN_TEXTS.ticketStatuses[t.status]}
                </span>
              </p>
              <p className="admin-row__meta">{day.format(new Date(t.createdAt))}</p>
              <p className="admin-message">{t.message}</p>
              {t.replies.map((r) => (
                <p key={r.at} className={`admin-reply admin-reply--${r.by}`}>
                  {r.message}
                </p>
              ))}
            </div>
            <form
              className="admin-reply-form"
              onSubmit={(e) => {
                e.preventDefault();
                const message = (drafts[t.id] ?? '').trim();
                if (message)
                  reply.mutate(
                    { id: t.id, message },
                    { onSuccess: () => setDrafts({ ...drafts, [t.id]: '' }) },
                  );
              }}
            >
              <label className="field">
                <span className="field__label">{T.replyLabel}</span>
                <textarea
                  className="input"
                  rows={2}
                  value={drafts[t.id] ?? ''}
                  onChange={(e) => setDrafts({ ...drafts, [t.id]: e.target.value })}
                />
              </label>
              <div className="admin-actions">
                <button type="submit" className="btn btn--primary btn--sm">
                  {T.reply}
                </button>
                <label className="field field--inline">
                  <span className="field__label">{T.status}</span>
                  <select
                    className="input"
                    value={t.status}
                    onChange={(e) =>
                      setStatus.mutate({
                        id: t.id,
                        status: e.target.value as keyof typeof ADMIN_TEXTS.ticketStatuses,
                      })
                    }
                  >
                    {Object.entries(ADMIN_TEXTS.ticketStatuses).map(([value, label]) => (
                      <option key={value} value={value}>
                        {label}
                      </option>
                    ))}
                  </select>
                </label>
              </div>
              {replied === t.id && reply.isError ? (
                <FormError message={getErrorMessage(reply.error, DEFAULT_ERROR_MESSAGE)} />
              ) : null}
              {replied === t.id && reply.isSuccess ? (
                <p className="admin-done" role="status">
                  {T.sent}
                </p>
              ) : null}
            </form>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function AdminMessages() {
  const T = ADMIN_TEXTS.messages;
  // The dashboard's "Unread messages" opens the ones that were unread (?show=new).
  const [params, setParams] = useSearchParams();
  const onlyNew = params.get('show') === 'new';
  const messages = useAdminMessages(onlyNew);
  const shown = messages.data;
  return (
    <section aria-label={ADMIN_TEXTS.tabs.messages}>
      {messages.isError ? (
        <FormError message={getErrorMessage(messages.error, DEFAULT_ERROR_MESSAGE)} />
      ) : null}
      {onlyNew && shown ? (
        <p className="admin-lead">
          {shown.length > 0 ? T.onlyNew(shown.length) : T.noneNew}{' '}
          <button
            type="button"
            className="admin-link-button"
            onClick={() => setParams({ tab: 'messages' })}
          >
            {T.showAll}
          </button>
        </p>
      ) : null}
      {!onlyNew && messages.data?.length === 0 ? <p className="admin-empty">{T.empty}</p> : null}
      <ul className="admin-list">
        {shown?.map((m) => (
          <li key={m._id} className="admin-row admin-row--stack">
            <p className="admin-row__title">
              {m.subject} · {m.name} ·{' '}
              <a className="text-link" href={`mailto:${m.email}`}>
                {m.email}
              </a>
              {m.unread ? <span className="badge">{T.new}</span> : null}
            </p>
            <p className="admin-row__meta">{day.format(new Date(m.createdAt))}</p>
            <p className="admin-message">{m.message}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function AdminWaitlist() {
  const T = ADMIN_TEXTS.waitlist;
  const waitlist = useAdminWaitlist();
  return (
    <section aria-label={ADMIN_TEXTS.tabs.waitlist}>
      <p className="admin-lead">
        {T.lead}
        {waitlist.data?.length ? ` ${T.count(waitlist.data.length)}.` : null}
      </p>
      {waitlist.isError ? (
        <FormError message={getErrorMessage(waitlist.error, DEFAULT_ERROR_MESSAGE)} />
      ) : null}
      {waitlist.data?.length === 0 ? <p className="admin-empty">{T.empty}</p> : null}
      <ul className="admin-list">
        {waitlist.data?.map((w) => (
          <li key={w.email} className="admin-row">
            <div className="admin-row__main">
              <p className="admin-row__title">{w.name}</p>
              <p className="admin-row__meta">
                <a className="text-link" href={`mailto:${w.email}`}>
                  {w.email}
                </a>
              </p>
            </div>
            <p className="admin-row__meta">
              {T.joined} {day.format(new Date(w.createdAt))}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function AdminGst() {
  const T = ADMIN_TEXTS.gst;
  const today = istToday();
  const [range, setRange] = useState({ from: `${today.slice(0, 8)}01`, to: today });
  const [shown, setShown] = useState(false);
  const report = useGstExport(range.from, range.to, shown);
  const totals = report.data?.totals;
  return (
    <section aria-label={ADMIN_TEXTS.tabs.gst}>
      <p className="admin-lead">{T.lead}</p>
      <form
        className="admin-filters"
        onSubmit={(e) => {
          e.preventDefault();
          setShown(true);
          void report.refetch();
        }}
      >
        <label className="field">
          <span className="field__label">{T.from}</span>
          <input
            className="input"
            type="date"
            value={range.from}
            onChange={(e) => setRange({ ...range, from: e.target.value })}
          />
        </label>
        <label className="field">
          <span className="field__label">{T.to}</span>
          <input
            className="input"
            type="date"
            value={range.to}
            onChange={(e) => setRange({ ...range, to: e.target.value })}
          />
        </label>
        <button type="submit" className="btn btn--primary btn--sm">
          {T.show}
        </button>
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={() => void downloadGst(range.from, range.to, 'csv')}
        >
          {T.csv}
        </button>
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={() => void downloadGst(range.from, range.to, 'portal')}
        >
          {T.portal}
        </button>
      </form>
      {report.isError ? (
        <FormError message={getErrorMessage(report.error, DEFAULT_ERROR_MESSAGE)} />
      ) : null}
      {totals ? (
        <div className="admin-cards">
          {(
            [
              [T.invoices, totals.invoices],
              [T.creditNotes, totals.creditNotes],
            ] as const
          ).map(([label, t]) => (
            <div key={label} className="admin-card">
              <h3>
                {label} ({t.count})
              </h3>
              <dl className="admin-figures">
                <dt>Value</dt>
                <dd>{formatINR(t.value)}</dd>
                <dt>{T.taxable}</dt>
                <dd>{formatINR(t.taxableValue)}</dd>
                <dt>IGST</dt>
                <dd>{formatINR(t.igst)}</dd>
                <dt>CGST</dt>
                <dd>{formatINR(t.cgst)}</dd>
                <dt>SGST</dt>
                <dd>{formatINR(t.sgst)}</dd>
              </dl>
            </div>
          ))}
          {(['b2b', 'b2c'] as const).map((half) => (
            <div key={half} className="admin-card">
              <h3>{T.hsn(T.halves[half])}</h3>
              <ul className="admin-lines">
                {report.data?.hsn[half].map((h) => (
                  <li key={`${h.hsn}-${h.rate}`}>
                    {h.hsn} {h.description} @ {h.rate}%
                    {h.uqc === 'NOS' ? ` · ${h.quantity} NOS` : ''}{' '}
                    <span>{formatINR(h.taxableValue)}</span>
                  </li>
                ))}
              </ul>
            </div>
          ))}
          <div className="admin-card">
            <h3>{T.documents}</h3>
            <ul className="admin-lines">
              {report.data?.documents.map((d) => (
                <li key={`${d.kind}-${d.from}`}>
                  {d.kind}: {d.from} to {d.to} <span>{d.total}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      ) : null}
    </section>
  );
}
