import type { ReactNode } from 'react';

import { PageTitle } from '../../../components/ui/page-title';
import './auth-card.css';

/** The centred card every sign-in screen sits in. */
export function AuthCard({
  heading,
  subtitle,
  children,
}: {
  heading: string;
  subtitle: string;
  children?: ReactNode;
}) {
  return (
    <div className="page container auth-page">
      <section className="auth-card" aria-labelledby="auth-card-heading">
        <PageTitle title={heading} />
        <h1 className="auth-card__heading" id="auth-card-heading">
          {heading}
        </h1>
        <p className="auth-card__subtitle">{subtitle}</p>
        {children ? <div className="auth-card__body">{children}</div> : null}
      </section>
    </div>
  );
}
