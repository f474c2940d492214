import { lazy, Suspense, useEffect, useState } from 'react';

import { RootLayout } from '../../components/layout/root-layout';
import { SessionWatcher } from '../../features/auth/components/session-watcher';
import { useCartCount } from '../../features/cart/hooks/use-cart-count';
import { ConsentGate } from '../../features/consent/components/consent-gate';
import { useAuthToken } from '../../hooks/use-session';
import { whenIdleAfterLoad } from '../../lib/idle';

// Site-wide pieces that the first paint does not need load on their own: the support chat once
// the splash has finished and the page has loaded and gone idle, the wishlist and session syncs
// (and the API client) only for a signed-in visitor.
const ChatWidget = lazy(() =>
  import('../../features/chat/components/chat-widget').then((m) => ({ default: m.ChatWidget })),
);
const SessionSync = lazy(() =>
  import('../../features/account/components/session-sync').then((m) => ({
    default: m.SessionSync,
  })),
);
const WishlistSync = lazy(() =>
  import('../../features/wishlist/components/wishlist-sync').then((m) => ({
    default: m.WishlistSync,
  })),
);

/**
 * The support chat, fetched and mounted only once the page has loaded and the browser is idle: its
 * code and the measuring it does to keep clear of the page's buttons (on every scroll, resize and
 * change of the page) stay out of the first screen's work.
 */
function IdleChatWidget() {
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdleAfterLoad(() => setReady(true)), []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <ChatWidget />
    </Suspense>
  );
}

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
            <IdleChatWidget />
          </>
        }
      />
      {signedIn ? (
        <Suspense fallback={null}>
          <SessionSync />
          <WishlistSync />
        </Suspense>
      ) : null}
    </>
  );
}
