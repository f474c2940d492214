import { formatINR } from '@vanya/catalog';

import { INCLUSIVE_OF_TAXES, savingsText } from './price-text';
import './price-tag.css';

type PriceTagProps = {
  price: number;
  mrp: number;
  /** 1: 'Save ₹450, 56.0% off' (product list); 0: '56% off' (cart suggestions). */
  percentDecimals?: 0 | 1;
  size?: 'sm' | 'md' | 'lg';
  /** Show '(Inclusive of all taxes)'. */
  taxNote?: boolean;
  /** Show the 'Save ...' line. */
  showSavings?: boolean;
  className?: string;
};

/** Price, the MRP struck through and what the shopper saves. Amounts in paise. */
export function PriceTag({
  price,
  mrp,
  percentDecimals = 1,
  size = 'md',
  taxNote = false,
  showSavings = true,
  className,
}: PriceTagProps) {
  const saving = showSavings ? savingsText(mrp, price, percentDecimals) : null;
  return (
    <div className={`price-tag price-tag--${size} ${className ?? ''}`}>
      <p className="price-tag__row">
        <span className="price-tag__price">
          <span className="visually-hidden">Price </span>
          {formatINR(price)}
        </span>
        {mrp > price ? (
          <s className="price-tag__mrp">
            <span className="visually-hidden">MRP </span>
            {formatINR(mrp)}
          </s>
        ) : null}
        {taxNote ? <span className="price-tag__tax">{INCLUSIVE_OF_TAXES}</span> : null}
      </p>
      {saving ? <p className="price-tag__save">{saving}</p> : null}
    </div>
  );
}
