import { Component, type ErrorInfo, type ReactNode } from 'react';

import { ERROR_TEXTS } from './error-texts';
import './error-pages.css';

type Props = { children: ReactNode };
type State = { error: unknown };

/**
 * Last line of defence around the providers and the router. Route errors are caught earlier by
 * the router's errorElement; this only shows when something outside the routes breaks, so it
 * uses a plain link (no router context may exist) and reloads the app.
 */
export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error ?? new Error('Unknown error') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Unhandled application error', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <main className="error-page" id="main-content">
        <div className="error-page__card">
          <h1 className="error-page__title">{ERROR_TEXTS.unexpectedTitle}</h1>
          <p className="error-page__lead">{ERROR_TEXTS.unexpectedLead}</p>
          <div className="error-page__actions">
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => window.location.reload()}
            >
              {ERROR_TEXTS.reload}
            </button>
            <a className="btn btn--ghost" href="/">
              {ERROR_TEXTS.returnHome}
            </a>
          </div>
        </div>
      </main>
    );
  }
}
