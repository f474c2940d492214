import { formatINR } from '@vanya/catalog';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';

import { PageTitle } from '../../../components/ui/page-title';
import { Field } from '../../../components/ui/field';
import { FormError } from '../../../components/ui/form-parts';
import { DEFAULT_ERROR_MESSAGE, getErrorMessage, isApiError } from '../../../lib/api-client';
import { summaryQuery, useNotifications } from '../api/admin-api';
import { ADMIN_TEXTS } from '../texts';
import { AdminAudit } from './admin-audit';
import { AdminCoupons } from './admin-coupons';
import { AdminGst } from './admin-gst';
import { AdminMessages } from './admin-messages';
import { AdminNotifications } from './admin-notifications';
import { AdminOrders } from './admin-orders';
import { AdminProducts } from './admin-products';
import { AdminReturns } from './admin-returns';
import { AdminReviews } from './admin-reviews';
import { AdminSettings } from './admin-settings';
import { AdminStock } from './admin-stock';
import { AdminTickets } from './admin-tickets';
import { AdminWaitlist } from './admin-waitlist';
import './admin.css';

const TABS = [
  'dashboard',
  'notifications',
  'orders',
  'returns',
  'tickets',
  'messages',
  'waitlist',
  'products',
  'stock',
  'coupons',
  'reviews',
  'gst',
  'audit',
  'settings',
] as const;
type Tab = (typeof TABS)[number];

/** /admin: the owner's area (its own lazy chunk). A customer sees one line saying it is not theirs. */
export function AdminPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.includes(params.get('tab') as Tab)
    ? (params.get('tab') as Tab)
    : 'dashboard';
  const summary = useQuery(summaryQuery());
  const unread = useNotifications().data?.unread ?? 0;

  if (summary.isError && isApiError(summary.error) && summary.error.status === 403)
    return (
      <main className="admin container">
        <PageTitle title={ADMIN_TEXTS.title} />
        <h1>{ADMIN_TEXTS.title}</h1>
        <p className="admin-lead">{ADMIN_TEXTS.ownerOnly}</p>
      </main>
    );

  return (
    <main className="admin container">
      <PageTitle title={ADMIN_TEXTS.title} />
      <h1>{ADMIN_TEXTS.title}</h1>
      <nav className="admin-tabs" aria-label={ADMIN_TEXTS.title}>
        {TABS.map((t) => (
          <button
            key={t}
            type="button"
            className={`admin-tab${t === tab ? ' is-active' : ''}`}
            aria-current={t === tab ? 'page' : undefined}
            onClick={() => setParams({ tab: t })}
          >
            {ADMIN_TEXTS.tabs[t]}
            {t === 'notifications' && unread > 0 ? (
              <>
                {' '}
                <span
                  className="admin-tab__count"
                  aria-label={ADMIN_TEXTS.notifications.unread(unread)}
                >
                  {unread}
                </span>
              </>
            ) : null}
          </button>
        ))}
      </nav>
      {/* On a phone the sections are one menu, so the work starts at the top of the screen. */}
      <Field label={ADMIN_TEXTS.section} className="admin-section-menu">
        {(control) => (
          <select
            {...control}
            className="input"
            value={tab}
            onChange={(e) => setParams({ tab: e.target.value })}
          >
            {TABS.map((t) => (
              <option key={t} value={t}>
                {ADMIN_TEXTS.tabs[t]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {/* The phone's menu has no room for the count: it sits under it, and opens the list. */}
      {unread > 0 && tab !== 'notifications' ? (
        <button
          type="button"
          className="admin-link-button admin-unread-line"
          onClick={() => setParams({ tab: 'notifications' })}
        >
          {ADMIN_TEXTS.notifications.unreadLine(unread)}
        </button>
      ) : null}
      {tab === 'dashboard' ? <Dashboard /> : null}
      {tab === 'notifications' ? <AdminNotifications /> : null}
      {tab === 'orders' ? <AdminOrders /> : null}
      {tab === 'returns' ? <AdminReturns /> : null}
      {tab === 'tickets' ? <AdminTickets /> : null}
      {tab === 'messages' ? <AdminMessages /> : null}
      {tab === 'waitlist' ? <AdminWaitlist /> : null}
      {tab === 'products' ? <AdminProducts /> : null}
      {tab === 'stock' ? <AdminStock /> : null}
      {tab === 'coupons' ? <AdminCoupons /> : null}
      {tab === 'reviews' ? <AdminReviews /> : null}
      {tab === 'gst' ? <AdminGst /> : null}
      {tab === 'audit' ? <AdminAudit /> : null}
      {tab === 'settings' ? <AdminSettings /> : null}
    </main>
  );
}

function Dashboard() {
  const T = ADMIN_TEXTS.dashboard;
  const [, setParams] = useSearchParams();
  const { data, error } = useQuery(summaryQuery());
  if (error) return <FormError message={getErrorMessage(error, DEFAULT_ERROR_MESSAGE)} />;
  if (!data) return null;
  // What waits for the owner (highlighted while there is some), then how sales went.
  // Each tile opens exactly the list it counts (the API filters them as it counts them).
  const due: [string, number, Record<string, string>][] = [
    [T.toDispatch, data.ordersToDispatch, { tab: 'orders', status: 'to_dispatch' }],
    [T.held, data.paymentsHeld, { tab: 'orders', status: 'payment_held' }],
    [T.returns, data.openReturns, { tab: 'returns', status: 'open' }],
    [T.tickets, data.openTickets, { tab: 'tickets', status: 'active' }],
    [T.messages, data.unreadMessages, { tab: 'messages', show: 'new' }],
    [T.lowStock, data.lowStock.length, { tab: 'stock', show: 'low' }],
  ];
  const sales: [string, number][] = [
    [T.today, data.sales.today],
    [T.week, data.sales.last7Days],
    [T.month, data.sales.last30Days],
  ];
  return (
    <section aria-label={ADMIN_TEXTS.tabs.dashboard} className="admin-dashboard">
      <h2 className="admin-subhead">{T.due}</h2>
      <dl className="admin-tiles">
        {due.map(([label, count, target]) => (
          <div key={label} className={`admin-tile admin-tile--link${count > 0 ? ' is-due' : ''}`}>
            <dt>
              <button type="button" className="admin-tile__open" onClick={() => setParams(target)}>
                {label}
              </button>
            </dt>
            <dd>{count}</dd>
          </div>
        ))}
      </dl>
      {data.lowStock.length > 0 ? (
        <ul className="admin-low-stock" aria-label={T.lowStock}>
          {data.lowStock.map((item) => (
            <li key={item.productId}>
              <button
                type="button"
                className="text-link"
                onClick={() => setParams({ tab: 'stock', show: 'low' })}
              >
                {T.left(item.name, item.available)}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <h2 className="admin-subhead">{T.sales}</h2>
      <dl className="admin-tiles">
        {sales.map(([label, paise]) => (
          <div key={label} className="admin-tile">
            <dt>{label}</dt>
            <dd>{formatINR(paise)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
