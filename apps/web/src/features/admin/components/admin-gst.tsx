import { calendarDateInIndia, formatINR } from '@vanya/catalog';
import { useState } from 'react';

import { Field } from '../../../components/ui/field';
import { FormError } from '../../../components/ui/form-parts';
import { DEFAULT_ERROR_MESSAGE, getErrorMessage } from '../../../lib/api-client';
import { downloadGst, useGstExport } from '../api/admin-api';
import { ADMIN_TEXTS } from '../texts';

export function AdminGst() {
  const T = ADMIN_TEXTS.gst;
  const today = calendarDateInIndia(new Date());
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
        <Field label={T.from}>
          {(control) => (
            <input
              {...control}
              className="input"
              type="date"
              value={range.from}
              onChange={(e) => setRange({ ...range, from: e.target.value })}
            />
          )}
        </Field>
        <Field label={T.to}>
          {(control) => (
            <input
              {...control}
              className="input"
              type="date"
              value={range.to}
              onChange={(e) => setRange({ ...range, to: e.target.value })}
            />
          )}
        </Field>
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
