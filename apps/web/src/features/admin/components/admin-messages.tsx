import { formatDayInIndia } from '@vanya/catalog';
import { useSearchParams } from 'react-router-dom';

import { FormError } from '../../../components/ui/form-parts';
import { DEFAULT_ERROR_MESSAGE, getErrorMessage } from '../../../lib/api-client';
import { useAdminMessages } from '../api/admin-api';
import { ADMIN_TEXTS } from '../texts';

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
            <p className="admin-row__meta">{formatDayInIndia(m.createdAt)}</p>
            <p className="admin-message">{m.message}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
