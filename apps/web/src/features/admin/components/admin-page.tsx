import { formatINR } from '@vanya/catalog';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';

import { PageTitle } from '../../../components/ui/page-title';
import { FormError } from '../../../components/ui/form-parts';
import { DEFAULT_ERROR_MESSAGE, getErrorMessage, isApiError } from '../../../lib/api-client';
import { summaryQuery } from '../api/admin-api';
import { ADMIN_TEXTS } from '../texts';
import { AdminOrders } from './admin-orders';
import {
  AdminGst,
  AdminMessages,
  AdminReturns,
  AdminStock,
  AdminTickets,
  AdminWaitlist,
} from './admin-panels';
import './admin.css';

const TABS = [
  'dashboard',
  'orders',
  'returns',
  'tickets',
  'messages',
  'waitlist',
  'stock',
  'gst',
] as const;
type Tab = (typeof TABS)[number];

/** /admin: the owner's area (its own lazy chunk). A customer sees one line saying it is not theirs. */
export function AdminPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.includes(params.get('tab') as Tab)
    ? (params.get('tab') as Tab)
    : 'dashboard';
  const summary = useQuery(summaryQuery());

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
          </button>
        ))}
      </nav>
      {tab === 'dashboard' ? <Dashboard /> : null}
      {tab === 'orders' ? <AdminOrders /> : null}
      {tab === 'returns' ? <AdminReturns /> : null}
      {tab === 'tickets' ? <AdminTickets /> : null}
      {tab === 'messages' ? <AdminMessages /> : null}
      {tab === 'waitlist' ? <AdminWaitlist /> : null}
      {tab === 'stock' ? <AdminStock /> : null}
      {tab === 'gst' ? <AdminGst /> : null}
    </main>
  );
}

function Dashboard() {
  const T = ADMIN_TEXTS.dashboard;
  const { data, error } = useQuery(summaryQuery());
  if (error) return <FormError message={getErrorMessage(error, DEFAULT_ERROR_MESSAGE)} />;
  if (!data) return null;
  const tiles: [string, string][] = [
    [T.toDispatch, String(data.ordersToDispatch)],
    [T.held, String(data.paymentsHeld)],
    [T.returns, String(data.openReturns)],
    [T.tickets, String(data.openTickets)],
    [T.messages, String(data.unreadMessages)],
    [T.today, formatINR(data.sales.today)],
    [T.week, formatINR(data.sales.last7Days)],
    [T.month, formatINR(data.sales.last30Days)],
  ];
  return (
    <section aria-label={ADMIN_TEXTS.tabs.dashboard}>
      <dl className="admin-tiles">
        {tiles.map(([label, value]) => (
          <div key={label} className="admin-tile">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
