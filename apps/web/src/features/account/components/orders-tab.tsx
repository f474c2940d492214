import { formatINR } from '@vanya/catalog';
import { ORDER_STATUS_LABELS } from '@vanya/contracts';
import { Link } from 'react-router-dom';

import { PATHS } from '../../../config/paths';
import { useOrders } from '../api/get-orders';
import { ACCOUNT_TEXTS } from '../texts';
import { formatDate, shortId } from '../utils/format';
import { QueryList, TabSection } from './tab-section';

export function OrdersTab() {
  const t = ACCOUNT_TEXTS.orders;
  const orders = useOrders();
  return (
    <TabSection
      title={t.heading}
      aside={
        <Link className="text-link" to={PATHS.products}>
          {t.shop}
        </Link>
      }
    >
      <QueryList query={orders} empty={t.empty}>
        {(items) => (
          <ul className="record-list">
            {items.map((order) => (
              <li key={order._id} className="record">
                <div className="record__main">
                  <p className="record__title">
                    {t.order} <span className="record__id">#{shortId(order._id)}</span>
                  </p>
                  <p className="record__meta">
                    {order.orderNumber} · {t.placed} {formatDate(order.createdAt)}
                  </p>
                </div>
                <span className={`status status--${order.status}`}>
                  {ORDER_STATUS_LABELS[order.status]}
                </span>
                <p className="record__amount">
                  <span className="visually-hidden">{t.total}: </span>
                  {formatINR(order.total)}
                </p>
                <Link className="btn btn--ghost btn--sm" to={PATHS.order(order._id)}>
                  {t.view}
                  <span className="visually-hidden"> {order.orderNumber}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </QueryList>
    </TabSection>
  );
}
