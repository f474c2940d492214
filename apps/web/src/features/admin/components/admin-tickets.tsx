import { formatDayInIndia } from '@vanya/catalog';
import { TICKET_STATUSES, type AdminTicketQuery } from '@vanya/contracts';
import { useState } from 'react';

import { Field } from '../../../components/ui/field';
import { FormError } from '../../../components/ui/form-parts';
import { DEFAULT_ERROR_MESSAGE, getErrorMessage } from '../../../lib/api-client';
import { useAdminTickets, useTicketReply, useTicketStatus } from '../api/admin-api';
import { ADMIN_TEXTS } from '../texts';
import { useStatusParam } from '../hooks/use-status-param';
import { useTarget } from '../hooks/use-target';
import { AdminFilter } from './admin-filter';

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
              <p className="admin-row__meta">{formatDayInIndia(t.createdAt)}</p>
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
              <Field label={T.replyLabel}>
                {(control) => (
                  <textarea
                    {...control}
                    className="input"
                    rows={2}
                    value={drafts[t.id] ?? ''}
                    onChange={(e) => setDrafts({ ...drafts, [t.id]: e.target.value })}
                  />
                )}
              </Field>
              <div className="admin-actions">
                <button type="submit" className="btn btn--primary btn--sm">
                  {T.reply}
                </button>
                <Field label={T.status} className="field--inline">
                  {(control) => (
                    <select
                      {...control}
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
                  )}
                </Field>
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
