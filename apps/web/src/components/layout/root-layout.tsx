import { Suspense } from 'react';
import { Outlet, useNavigation } from 'react-router-dom';

import { PageLoader } from '../ui/page-loader';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { ScrollProgress } from './scroll-progress';
import { ScrollToTop } from './scroll-to-top';
import './root-layout.css';

/** The frame of every page: progress bar, navbar, the routed page, footer. */
export function RootLayout({ cartCount }: { cartCount: number }) {
  const navigation = useNavigation();
  const pending = navigation.state === 'loading';

  return (
    <div className="app-shell">
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      <ScrollToTop />
      <ScrollProgress />
      <Navbar cartCount={cartCount} />
      <div className={pending ? 'route-pending is-active' : 'route-pending'} aria-hidden="true" />
      <main id="main-content" className="app-main" tabIndex={-1} aria-busy={pending}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
