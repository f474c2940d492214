import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// Base styles first, so component styles that load later can refine them.
import './styles/tokens.css';
import './styles/global.css';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element to mount the app into.');

createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);
