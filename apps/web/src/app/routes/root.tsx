import { lazy, Suspense } from 'react';

import { RootLayout } from '../../components/layout/root-layout';
import { SessionWatcher } from '../../features/auth/components/session-watcher';
import { useCartCount } from '../../features/cart/hooks/use-cart-count';
import { ConsentGate } from '../../features/consent/components/consent-gate';
import { useAuthToken } from '../../hooks/use-session';

// Site-wide pieces that the first paint does not need load on their own: the support chat once
// the splash has finished, the wishlist sync (and the API client) only for a signed-in visitor.
const ChatWidget = lazy(() =>
  import('../../features/chat/components/chat-widget').then((m) => ({ default: m.ChatWidget })),
);
const WishlistSync = lazy(() =>
  import('../../features/wishlist/components/wishlist-sync').then((m) => ({
    default: m.WishlistSync,
  })),
);

/** Feeds feature state into the shared layout (components must not import features). */
export function RootRoute() {
  const cartCount = useCartCount();
  const signedIn = useAuthToken() !== null;
  return (
    <>
      <SessionWatcher />
      <RootLayout
        cartCount={cartCount}
        widgets={
          <>
            <ConsentGate />
            <Suspense fallback={null}>
              <ChatWidget />
            </Suspense>
          </>
        }
      />
      {signedIn ? (
        <Suspense fallback={null}>
          <WishlistSync />
        </Suspense>
      ) : null}
    </>
  );
}
