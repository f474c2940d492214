import { Link } from 'react-router-dom';

import { PageTitle } from '../../../components/ui/page-title';
import { PATHS } from '../../../config/paths';
import { useMetaDescription } from '../../../hooks/use-meta-description';
import { POLICY_TEXTS as T } from '../texts';
import './return-policy-page.css';

export function ReturnPolicyPage() {
  useMetaDescription(T.returnPolicyLead);
  return (
    <div className="page container policy">
      <PageTitle title={T.returnPolicyHeading} />
      <header className="policy__header">
        <p className="eyebrow">Customer care</p>
        <h1>{T.returnPolicyHeading}</h1>
        <p className="policy__lead">{T.returnPolicyLead}</p>
      </header>

      <section className="policy__promise" aria-labelledby="promise-heading">
        <p className="policy__days" aria-hidden="true">
          30
          <span>days</span>
        </p>
        <div>
          <h2 id="promise-heading">{T.promiseHeading}</h2>
          <p>{T.promise}</p>
        </div>
      </section>

      <section aria-labelledby="steps-heading" className="policy__section">
        <h2 id="steps-heading">{T.stepsHeading}</h2>
        <ol className="policy__steps">
          {T.steps.map((step) => (
            <li key={step.title}>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <div className="policy__columns">
        <section aria-labelledby="eligible-heading" className="policy__section">
          <h2 id="eligible-heading">{T.eligibleHeading}</h2>
          <ul className="policy__list policy__list--yes">
            {T.eligible.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="not-eligible-heading" className="policy__section">
          <h2 id="not-eligible-heading">{T.notEligibleHeading}</h2>
          <ul className="policy__list policy__list--no">
            {T.notEligible.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
      </div>

      <section aria-labelledby="help-heading" className="policy__help">
        <h2 id="help-heading">{T.helpHeading}</h2>
        <p>{T.help}</p>
        <div className="policy__actions">
          <Link className="btn btn--primary" to={PATHS.profile}>
            {T.startReturn}
          </Link>
          <Link className="btn btn--ghost" to={PATHS.contact}>
            {T.contactUs}
          </Link>
        </div>
      </section>
    </div>
  );
}
