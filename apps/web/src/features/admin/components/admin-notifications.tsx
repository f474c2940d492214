import { Link } from 'react-router-dom';

import { FormError } from '../../../components/ui/form-parts';
import { DEFAULT_ERROR_MESSAGE, getErrorMessage } from '../../../lib/api-client';
import {
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
} from '../api/admin-api';
import { ADMIN_TEXTS } from '../texts';
import { when } from './admin-order-detail';

const N = ADMIN_TEXTS.notifications;

/** The notices to the owner, newest first; each opens its order, return, ticket or product. */
export function AdminNotifications() {
  const list = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const unread = list.data?.unread ?? 0;
  return (
    <section aria-label={N.listName} className="admin-notifications">
      <div className="admin-notifications__head">
        <p className="admin-lead">{N.lead}</p>
        {unread > 0 ? (
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            disabled={markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            {N.markAll}
          </button>
        ) : null}
      </div>
      {list.isError ? (
        <FormError message={getErrorMessage(list.error, DEFAULT_ERROR_MESSAGE)} />
      ) : null}
      {markAll.isError ? (
        <FormError message={getErrorMessage(markAll.error, DEFAULT_ERROR_MESSAGE)} />
      ) : null}
      {list.data?.items.length === 0 ? <p className="admin-empty">{N.empty}</p> : null}
      <ul className="admin-list">
        {list.data?.items.map((n) => (
          <li key={n.id} className={`admin-row admin-notification${n.read ? '' : ' is-unread'}`}>
            <div className="admin-row__main">
              <p className="admin-row__title">
                {n.read ? null : <span className="badge badge--warn">{N.new}</span>} {n.title}
              </p>
              <p className="admin-row__meta">
                {N.kinds[n.kind]} · {when.format(new Date(n.createdAt))}
              </p>
            </div>
            <Link
              to={n.path}
              className="btn btn--ghost btn--sm"
              aria-label={N.openLabel(n.title)}
              onClick={() => {
                if (!n.read) markRead.mutate(n.id);
              }}
            >
              {N.open}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
