import { Suspense, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router-dom';

import { PageLoader } from '../ui/page-loader';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { ScrollProgress } from './scroll-progress';
import { ScrollToTop } from './scroll-to-top';
import { useSplashShowing } from './use-splash-showing';
import '../../styles/shop.css';
import './root-layout.css';

type RootLayoutProps = {
  cartCount: number;
  /** Site-wide widgets (cookie banner, support chat), shown once the splash has gone. */
  widgets?: ReactNode;
};

/**
 * The frame of every page (the visit's splash runs outside it, see splash.ts): progress bar, navbar, the routed page, footer, widgets. The
 * owner area is a workplace: no footer and no shopper widgets (the support chat) there.
 */
export function RootLayout({ cartCount, widgets }: RootLayoutProps) {
  const navigation = useNavigation();
  const ownerArea = /^\/admin(\/|$)/.test(useLocation().pathname);
  const pending = navigation.state === 'loading';
  const splashShowing = useSplashShowing();

  return (
    <>
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
        {ownerArea ? null : <Footer />}
      </div>
      {splashShowing || ownerArea ? null : widgets}
    </>
  );
}
