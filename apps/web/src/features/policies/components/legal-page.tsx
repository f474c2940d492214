import { Link } from 'react-router-dom';

import { PageTitle } from '../../../components/ui/page-title';
import { PATHS } from '../../../config/paths';
import { useMetaDescription } from '../../../hooks/use-meta-description';
import { useShopSettings } from '../../../hooks/use-shop-settings';
import { LEGAL_TEXTS as T, legalTexts, type PolicyDocument } from '../legal-texts';
import './return-policy-page.css';
import './legal-page.css';

const RELATED = [
  { to: PATHS.terms, label: T.terms.heading },
  { to: PATHS.privacy, label: T.privacy.heading },
  { to: PATHS.shippingPolicy, label: T.shipping.heading },
  { to: PATHS.cancellationRefund, label: T.cancellation.heading },
  { to: PATHS.returnPolicy, label: 'Return Policy' },
];

type PolicyName = 'terms' | 'privacy' | 'shipping' | 'cancellation';

/**
 * One legal page: heading, lead, numbered sections, and the other policies; its figures with the
 * owner's free-shipping threshold (the catalogue's until the settings arrive).
 */
function LegalPage({ name, path }: { name: PolicyName; path: string }) {
  const { freeShippingThresholdPaise } = useShopSettings();
  const document: PolicyDocument = legalTexts(freeShippingThresholdPaise)[name];
  useMetaDescription(document.lead);
  return (
    <div className="page container policy legal">
      <PageTitle title={document.heading} />
      <header className="policy__header">
        <p className="eyebrow">Customer care</p>
        <h1>{document.heading}</h1>
        <p className="policy__lead">{document.lead}</p>
        <p className="legal__updated">{T.updated}</p>
      </header>
      <div className="legal__layout">
        <article className="legal__body">
          {document.sections.map((section, index) => (
            <section
              key={section.heading}
              className="legal__section"
              aria-labelledby={`legal-${index}`}
            >
              <h2 id={`legal-${index}`}>
                <span className="legal__number" aria-hidden="true">
                  {index + 1}.
                </span>{' '}
                {section.heading}
              </h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
              {section.list ? (
                <ul className="legal__list">
                  {section.list.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ) : null}
            </section>
          ))}
        </article>
        <aside className="legal__aside">
          <nav aria-labelledby="legal-related">
            <h2 id="legal-related" className="legal__aside-heading">
              {T.related}
            </h2>
            <ul>
              {RELATED.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} aria-current={link.to === path ? 'page' : undefined}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="legal__help">
            <p className="legal__aside-heading">{T.questions}</p>
            <Link className="btn btn--ghost" to={PATHS.contact}>
              {T.contactUs}
            </Link>
          </div>
        </aside>
      </div>
    </div>
  );
}

export function TermsPage() {
  return <LegalPage name="terms" path={PATHS.terms} />;
}
export function PrivacyPage() {
  return <LegalPage name="privacy" path={PATHS.privacy} />;
}
export function ShippingPolicyPage() {
  return <LegalPage name="shipping" path={PATHS.shippingPolicy} />;
}
export function CancellationRefundPage() {
  return <LegalPage name="cancellation" path={PATHS.cancellationRefund} />;
}
