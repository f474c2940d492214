import { Suspense, useCallback, useState, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router-dom';

import { PageLoader } from '../ui/page-loader';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { ScrollProgress } from './scroll-progress';
import { ScrollToTop } from './scroll-to-top';
import { SplashScreen } from './splash-screen';
import { markSplashShown, splashAlreadyShown } from './splash-session';
import '../../styles/shop.css';
import './root-layout.css';

type RootLayoutProps = {
  cartCount: number;
  /** Site-wide widgets (cookie banner, support chat), shown once the splash has finished. */
  widgets?: ReactNode;
};

/**
 * The frame of every page: splash, progress bar, navbar, the routed page, footer, widgets. The
 * owner area is a workplace: no footer and no shopper widgets (the support chat) there.
 */
export function RootLayout({ cartCount, widgets }: RootLayoutProps) {
  const navigation = useNavigation();
  const ownerArea = /^\/admin(\/|$)/.test(useLocation().pathname);
  const pending = navigation.state === 'loading';
  // The page renders under the splash from the start, so it is ready the moment the splash fades.
  const [splashVisible, setSplashVisible] = useState(() => !splashAlreadyShown());
  const finishSplash = useCallback(() => {
    markSplashShown();
    setSplashVisible(false);
  }, []);

  return (
    <>
      {splashVisible ? <SplashScreen onFinish={finishSplash} /> : null}
      <div className={splashVisible ? 'app-shell is-behind-splash' : 'app-shell'}>
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
      {splashVisible || ownerArea ? null : widgets}
    </>
  );
}
