import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

import { prefersReducedMotion } from '../../hooks/use-reduced-motion';

/** Every route change scrolls to the top: smoothly, or at once when less motion is preferred. */
export function ScrollToTop() {
  const { pathname } = useLocation();

  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: prefersReducedMotion() ? 'instant' : 'smooth' });
  }, [pathname]);

  return null;
}
