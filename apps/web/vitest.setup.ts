import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy*/waitFor wait up to 15 s (the default is 1 s): on two cores shared with other jobs a
// render can take seconds. This bounds how long a failing test waits, it measures nothing: only a
// failing test waits the whole time. (testing/render-route.tsx loads the route modules beforehand.)
configure({ asyncUtilTimeout: 15_000 });

// The few suites of build scripts run in Node (`// @vitest-environment node`): no window there.
const inBrowser = typeof window !== 'undefined';

// jsdom does not implement scrolling; the layout scrolls to the top on every route change.
if (inBrowser) window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

afterEach(() => {
  if (!inBrowser) return;
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
