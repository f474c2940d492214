import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

// Base styles first, so component styles that load later can refine them.
import './styles/tokens.css';
import './styles/global.css';
// In the entry's stylesheet: the splash is in the page's HTML from the first paint.
import './components/layout/splash.css';
import { AppProvider } from './app/provider';
import { AppRouter, loadPageModules } from './app/router';
import { pageCatalogue } from './hooks/use-catalogue';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element to mount the app into.');

// The catalogue the server rendered the page with, so the first render draws what is there.
const app = (
  <StrictMode>
    <AppProvider catalogue={pageCatalogue()}>
      <AppRouter />
    </AppProvider>
  </StrictMode>
);

// A public page arrives prerendered (scripts/prerender.mjs): the app takes over its HTML once the
// page's code has loaded, so the first render draws exactly what is there. Other pages (the cart,
// the account) start from the empty shell. As a transition, either first render yields to the
// browser every few milliseconds instead of holding the main thread in one long task.
if (container.hasAttribute('data-prerendered')) {
  void loadPageModules(window.location).then(() =>
    startTransition(() => {
      hydrateRoot(container, app);
    }),
  );
} else {
  const root = createRoot(container);
  startTransition(() => root.render(app));
}
