import { formatINR } from '@vanya/catalog';
import type { OrderLine } from '@vanya/contracts';
import { Link } from 'react-router-dom';

import { PATHS } from '../../config/paths';
import { useCatalogue } from '../../hooks/use-catalogue';
import { ResponsiveImage } from '../media/responsive-image';
import './order-lines.css';

export const ORDER_LINES_TEXTS = {
  /** 'Qty 2 × ₹499.00' under a line's name. */
  quantity: (quantity: number, unitPrice: number) => `Qty ${quantity} × ${formatINR(unitPrice)}`,
} as const;

/**
 * An order's lines as the shopper and the owner read them: the product's picture, its name
 * (linked to its page while the shop sells it), the quantity at the unit price, and the amount.
 */
export function OrderLines({ lines }: { lines: readonly OrderLine[] }) {
  const catalogue = useCatalogue();
  return (
    <ul className="order-lines">
      {lines.map((line) => {
        const product = catalogue.get(line.productId);
        return (
          <li key={line.productId} className="order-lines__item">
            <span className="order-lines__thumb">
              {product ? (
                <ResponsiveImage src={product.image} alt="" sizes="64px" width={480} height={480} />
              ) : null}
            </span>
            <span className="order-lines__name">
              {product ? (
                <Link className="text-link" to={PATHS.product(line.productId)}>
                  {line.name}
                </Link>
              ) : (
                line.name
              )}
              <span className="order-lines__meta">
                {ORDER_LINES_TEXTS.quantity(line.quantity, line.unitPrice)}
              </span>
            </span>
            <span className="order-lines__amount">{formatINR(line.amount)}</span>
          </li>
        );
      })}
    </ul>
  );
}
