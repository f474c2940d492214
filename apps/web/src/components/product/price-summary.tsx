import { FREE_SHIPPING_TEXT, formatINR, type PricedCart } from '@vanya/catalog';
import type { ReactNode } from 'react';

import './price-summary.css';

export const SUMMARY_TEXTS = {
  totalMrp: 'Total MRP',
  discount: 'Discount on MRP',
  shipping: 'Shipping',
  free: 'FREE',
  total: 'Total',
  inclusive: 'Inclusive of all taxes',
  taxIncluded: 'GST included in the total',
  taxableValue: 'Taxable value',
  cgst: 'CGST',
  sgst: 'SGST',
  igst: 'IGST',
  coupon: (code: string) => `Coupon ${code}`,
  codFee: 'Cash on delivery fee',
} as const;

/**
 * The order summary of the cart and the checkout, from `priceCart` (paise): MRP, discount,
 * shipping, the total 'Inclusive of all taxes', and the GST inside it split into CGST + SGST
 * (delivery within Maharashtra, or no address yet) or IGST (any other state).
 */
export function PriceSummary({
  priced,
  couponCode,
  shippingNote = FREE_SHIPPING_TEXT,
  children,
}: {
  priced: PricedCart;
  /** The free-shipping line under the rows: the owner's threshold (useShopSettings). */
  shippingNote?: string;
  /** The applied coupon's code, naming its line ('Coupon DIWALI10 −₹87.70'). */
  couponCode?: string;
  children?: ReactNode;
}) {
  const T = SUMMARY_TEXTS;
  const intraState = priced.supply === 'intra-state';
  return (
    <div className="price-summary">
      <dl className="price-summary__rows">
        <Row label={T.totalMrp} value={formatINR(priced.mrpTotal)} />
        {priced.discount > 0 ? (
          <Row
            label={T.discount}
            value={`-${formatINR(priced.discount)}`}
            className="price-summary__row--saving"
          />
        ) : null}
        {priced.couponDiscount > 0 ? (
          <Row
            label={T.coupon(couponCode ?? '')}
            value={`−${formatINR(priced.couponDiscount)}`}
            className="price-summary__row--saving"
          />
        ) : null}
        <Row
          label={T.shipping}
          value={priced.shipping === 0 ? T.free : formatINR(priced.shipping)}
          className={priced.shipping === 0 ? 'price-summary__row--saving' : undefined}
        />
        {priced.codFee > 0 ? <Row label={T.codFee} value={formatINR(priced.codFee)} /> : null}
      </dl>
      <p className="price-summary__shipping-note">{shippingNote}</p>
      <div className="price-summary__total">
        <dl>
          <div>
            <dt>{T.total}</dt>
            <dd data-testid="summary-total">{formatINR(priced.grandTotal)}</dd>
          </div>
        </dl>
        <p className="price-summary__inclusive">{T.inclusive}</p>
      </div>
      <div className="price-summary__tax">
        <p className="price-summary__tax-title">{T.taxIncluded}</p>
        <dl className="price-summary__rows price-summary__rows--tax">
          <Row label={T.taxableValue} value={formatINR(priced.taxableValue)} />
          {intraState ? (
            <>
              <Row label={T.cgst} value={formatINR(priced.cgst)} />
              <Row label={T.sgst} value={formatINR(priced.sgst)} />
            </>
          ) : (
            <Row label={T.igst} value={formatINR(priced.igst)} />
          )}
        </dl>
      </div>
      {children}
    </div>
  );
}

function Row({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className={`price-summary__row ${className ?? ''}`}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
