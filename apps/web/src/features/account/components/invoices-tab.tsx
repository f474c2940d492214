import { formatDayInIndia, formatINR } from '@vanya/catalog';
import { PROFILE_MESSAGES, type Invoice } from '@vanya/contracts';

import { resolveApiUrl } from '../../../lib/api-client';
import { useInvoices } from '../api/get-invoices';
import { useOrders } from '../api/get-orders';
import { ACCOUNT_TEXTS } from '../texts';
import { shortId } from '../utils/format';
import { QueryList, TabSection } from './tab-section';

/** Opens the signed PDF link in a new tab, or says there is none. */
export function downloadInvoice(invoice: Pick<Invoice, 'downloadUrl'>): void {
  if (!invoice.downloadUrl) {
    window.alert(PROFILE_MESSAGES.noInvoice);
    return;
  }
  window.open(resolveApiUrl(invoice.downloadUrl), '_blank', 'noopener,noreferrer');
}

export function InvoicesTab() {
  const t = ACCOUNT_TEXTS.invoices;
  const invoices = useInvoices();
  // The order's number tells invoices apart (ids of one season share their first characters).
  const orders = useOrders();
  const orderNumber = (orderId: string) =>
    orders.data?.find((order) => order._id === orderId)?.orderNumber;
  return (
    <TabSection title={t.heading} lead={t.lead}>
      <QueryList query={invoices} empty={t.empty}>
        {(items) => (
          <ul className="record-list">
            {items.map((invoice) => (
              <li key={invoice._id} className="record">
                <div className="record__main">
                  <p className="record__title">
                    {t.order} <span className="record__id">#{shortId(invoice.orderId)}</span>
                  </p>
                  <p className="record__meta">
                    {[orderNumber(invoice.orderId), formatDayInIndia(invoice.date)]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </div>
                <p className="record__amount">
                  <span className="visually-hidden">{t.amount}: </span>
                  {formatINR(invoice.amount)}
                </p>
                <button
                  type="button"
                  className="btn btn--ghost btn--sm"
                  onClick={() => downloadInvoice(invoice)}
                >
                  {t.download}
                </button>
              </li>
            ))}
          </ul>
        )}
      </QueryList>
    </TabSection>
  );
}
