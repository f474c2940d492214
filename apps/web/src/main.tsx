import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';

// Base styles first, so component styles that load later can refine them.
import './styles/tokens.css';
import './styles/global.css';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element to mount the app into.');

// As a transition, the first render yields to the browser every few milliseconds instead of
// holding the main thread in one long task (the splash keeps showing meanwhile).
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  );
});
