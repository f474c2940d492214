import { formatDateTimeInIndia } from '@vanya/catalog';
import { AUDIT_AREAS, auditListSchema, type AdminAuditQuery } from '@vanya/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { Field } from '../../../components/ui/field';
import { FormError } from '../../../components/ui/form-parts';
import { api, DEFAULT_ERROR_MESSAGE, getErrorMessage } from '../../../lib/api-client';
import { ADMIN_TEXTS } from '../texts';
import { AdminFilter } from './admin-filter';

const T = ADMIN_TEXTS.audit;

/** 'order.shipped' -> 'Order shipped'; 'stock.receive' -> 'Stock receive'. */
const actionInWords = (action: string) => {
  const words = action.replace(/[._]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A detail's value as a line of text (amounts are paise where the key says refunded). */
const detailText = (details: Record<string, unknown>) =>
  Object.entries(details)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(
      ([key, value]) =>
        `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`,
    )
    .join(' · ');

/** The audit log: what the owners did, newest first, by kind of action and days. */
export function AdminAudit() {
  const [query, setQuery] = useState<AdminAuditQuery>({});
  const log = useQuery({
    queryKey: ['admin', 'audit', query],
    queryFn: async () =>
      auditListSchema.parse((await api.get('/admin/audit', { params: query })).data),
  });
  const set = (key: keyof AdminAuditQuery, value: string) =>
    setQuery(({ [key]: _old, ...rest }) => (value ? { ...rest, [key]: value } : rest));
  return (
    <section aria-labelledby="admin-audit">
      <h2 id="admin-audit" className="visually-hidden">
        {ADMIN_TEXTS.tabs.audit}
      </h2>
      <p className="admin-lead">{T.lead}</p>
      <div className="admin-filters">
        <AdminFilter
          label={T.area}
          all={T.allAreas}
          choices={AUDIT_AREAS}
          names={T.areas}
          value={query.area ?? ''}
          onChange={(area) => set('area', area)}
        />
        <Field label={T.from}>
          {(control) => (
            <input
              {...control}
              className="input"
              type="date"
              value={query.from ?? ''}
              onChange={(e) => set('from', e.target.value)}
            />
          )}
        </Field>
        <Field label={T.to}>
          {(control) => (
            <input
              {...control}
              className="input"
              type="date"
              value={query.to ?? ''}
              onChange={(e) => set('to', e.target.value)}
            />
          )}
        </Field>
      </div>
      {log.isError ? (
        <FormError message={getErrorMessage(log.error, DEFAULT_ERROR_MESSAGE)} />
      ) : null}
      {log.data && log.data.length === 0 ? <p className="admin-empty">{T.empty}</p> : null}
      <ul className="admin-list">
        {log.data?.map((entry) => (
          <li key={`${entry.at}-${entry.action}-${entry.target}`} className="admin-row">
            <div className="admin-row__main">
              <p className="admin-row__title">
                {actionInWords(entry.action)} · {entry.target}
              </p>
              <p className="admin-row__meta">
                <time dateTime={entry.at}>{formatDateTimeInIndia(entry.at)}</time> · {entry.actor}
              </p>
              {Object.keys(entry.details).length > 0 ? (
                <p className="admin-row__meta">{detailText(entry.details)}</p>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
