import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { BusyButton } from '../../../components/ui/form-parts';
import { LeafMark } from '../../../components/ui/icons';
import { PageTitle } from '../../../components/ui/page-title';
import { PATHS } from '../../../config/paths';
import { AUTH_TEXTS } from '../texts';
import './auth-card.css';

/** The card every sign-in screen sits in, beside a brand panel on wide screens. */
export function AuthCard({
  heading,
  subtitle,
  children,
  footer,
}: {
  heading: string;
  subtitle: ReactNode;
  children?: ReactNode;
  /** The line under the card's body ('Already have an account? Login'). */
  footer?: ReactNode;
}) {
  const panel = AUTH_TEXTS.brandPanel;
  return (
    <div className="page container auth-page">
      <div className="auth-shell">
        <aside className="auth-panel" aria-hidden="true">
          <div className="auth-panel__leaves" />
          <div className="auth-panel__content">
            <LeafMark size={34} className="auth-panel__mark" />
            <p className="auth-panel__eyebrow">{panel.eyebrow}</p>
            <p className="auth-panel__quote">{panel.quote}</p>
            <ul className="auth-panel__points">
              {panel.points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
          </div>
        </aside>
        <section className="auth-card" aria-labelledby="auth-card-heading">
          <PageTitle title={heading} />
          <LeafMark size={28} className="auth-card__mark" />
          <h1 className="auth-card__heading" id="auth-card-heading">
            {heading}
          </h1>
          <p className="auth-card__subtitle">{subtitle}</p>
          {children ? <div className="auth-card__body">{children}</div> : null}
          {footer ? <div className="auth-card__footer">{footer}</div> : null}
        </section>
      </div>
    </div>
  );
}

/**
 * The card's main button: disabled with a spinner and its busy label while the form submits. The
 * support chat's launcher keeps clear of it (on a phone it would sit on the button's right end).
 */
export function SubmitButton(props: { busy: boolean; label: string; busyLabel: string }) {
  return <BusyButton {...props} className="btn btn--primary btn--lg btn--block" keepClear />;
}

/** The footer line of the screens reached from the login page. */
export function BackToLogin() {
  return (
    <p>
      <Link className="text-link" to={PATHS.login}>
        {AUTH_TEXTS.backToLogin}
      </Link>
    </p>
  );
}
