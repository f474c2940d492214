import { RootLayout } from '../../components/layout/root-layout';
import { useCartCount } from '../../features/cart/hooks/use-cart-count';

/** Feeds feature state into the shared layout (components must not import features). */
export function RootRoute() {
  const cartCount = useCartCount();
  return <RootLayout cartCount={cartCount} />;
}
