import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy*/waitFor wait up to 5 s (the default is 1 s): the first render of a lazily loaded route
// also transforms its modules, which takes longer than a second when CI runs every suite on two
// busy cores. Only a failing test waits the whole time.
configure({ asyncUtilTimeout: 5000 });

// jsdom does not implement scrolling; the layout scrolls to the top on every route change.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
