import { formatDayInIndia } from '@vanya/catalog';

import { FormError } from '../../../components/ui/form-parts';
import { DEFAULT_ERROR_MESSAGE, getErrorMessage } from '../../../lib/api-client';
import { useAdminWaitlist } from '../api/admin-api';
import { ADMIN_TEXTS } from '../texts';

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
              {T.joined} {formatDayInIndia(w.createdAt)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
