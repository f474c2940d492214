import { useToggleWishlist, useWishlist } from '../../hooks/use-wishlist';
import './wishlist-button.css';

/** The heart that keeps a product on the wishlist: red and filled when it is there. */
export function WishlistButton({
  productId,
  productName,
  className,
}: {
  productId: string;
  productName: string;
  className?: string;
}) {
  const { ids } = useWishlist();
  const toggle = useToggleWishlist();
  const active = ids.includes(productId);
  return (
    <button
      type="button"
      className={`wishlist-button ${active ? 'is-active' : ''} ${className ?? ''}`}
      aria-pressed={active}
      aria-label={`Save ${productName} to wishlist`}
      title={active ? 'Remove from wishlist' : 'Add to wishlist'}
      onClick={() => toggle(productId)}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path
          d="M12 20.5s-7.5-4.6-9.2-9.4C1.6 7.6 3.9 4.5 7.2 4.5c2 0 3.6 1.1 4.8 2.8 1.2-1.7 2.8-2.8 4.8-2.8 3.3 0 5.6 3.1 4.4 6.6-1.7 4.8-9.2 9.4-9.2 9.4Z"
          fill={active ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.7"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
