import { formatDayInIndia, formatINR } from '@vanya/catalog';
import {
  RETURN_STATUSES,
  returnActions,
  type AdminReturn,
  type AdminReturnQuery,
} from '@vanya/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { Field } from '../../../components/ui/field';
import { FormError } from '../../../components/ui/form-parts';
import { DEFAULT_ERROR_MESSAGE, getErrorMessage } from '../../../lib/api-client';
import { useAdminReturns, useReturnAction } from '../api/admin-api';
import { ADMIN_TEXTS } from '../texts';
import { useStatusParam } from '../hooks/use-status-param';
import { useTarget } from '../hooks/use-target';
import { AdminFilter } from './admin-filter';

/** A return's button, named with its order for a screen reader going from button to button. */
const named = (action: string, r: AdminReturn) => [action, r.orderNumber].filter(Boolean).join(' ');

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
                {formatDayInIndia(r.createdAt)} · {T.reason}: {r.reason} ·{' '}
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
                  <Field label={T.amount} className="field--inline">
                    {(control) => (
                      <input
                        {...control}
                        className="input"
                        inputMode="decimal"
                        value={amounts[r._id] ?? (r.refundAmount / 100).toFixed(2)}
                        onChange={(e) => setAmounts({ ...amounts, [r._id]: e.target.value })}
                      />
                    )}
                  </Field>
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
