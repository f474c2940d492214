import { brand } from '@vanya/catalog';
import type { ComponentType } from 'react';
import { Link } from 'react-router-dom';

import { PATHS } from '../../config/paths';
import { FacebookIcon, InstagramIcon, LeafMark, XIcon, YoutubeIcon } from '../ui/icons';
import './footer.css';

const QUICK_LINKS = [
  { to: PATHS.home, label: 'Home' },
  { to: PATHS.products, label: 'Products' },
  { to: PATHS.about, label: 'About Us' },
  { to: PATHS.contact, label: 'Contact' },
] as const;

const SOCIAL_LINKS: { href: string; label: string; Icon: ComponentType<{ size?: number }> }[] = [
  { href: brand.social.facebook, label: 'Facebook', Icon: FacebookIcon },
  { href: brand.social.instagram, label: 'Instagram', Icon: InstagramIcon },
  { href: brand.social.x, label: 'X (formerly Twitter)', Icon: XIcon },
  { href: brand.social.youtube, label: 'YouTube', Icon: YoutubeIcon },
];

export function copyrightLine(year: number): string {
  return `© ${year} ${brand.name}. All rights reserved.`;
}

export function Footer() {
  const { address } = brand;
  const year = new Date().getFullYear();

  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section className="site-footer__about" aria-labelledby="footer-brand">
          <p className="site-footer__brand" id="footer-brand">
            <LeafMark size={24} />
            <span>{brand.name}</span>
          </p>
          <p className="site-footer__description">{brand.description}</p>
          <ul className="site-footer__social" aria-label="Follow us">
            {SOCIAL_LINKS.map(({ href, label, Icon }) => (
              <li key={label}>
                <a
                  className="social-link"
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${brand.name} on ${label} (opens in a new tab)`}
                >
                  <Icon size={20} />
                </a>
              </li>
            ))}
          </ul>
        </section>

        <nav className="site-footer__links" aria-labelledby="footer-quick-links">
          <h2 className="site-footer__heading" id="footer-quick-links">
            Quick Links
          </h2>
          <ul>
            {QUICK_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>

        <section className="site-footer__contact" aria-labelledby="footer-contact">
          <h2 className="site-footer__heading" id="footer-contact">
            Get in Touch
          </h2>
          <address>
            {address.line1}
            <br />
            {address.line2}
            <br />
            {address.city}, {address.state} {address.pinCode}
            <br />
            {address.country}
          </address>
          <p>
            <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a>
            <br />
            <a href={`tel:${brand.phone.replace(/\s+/g, '')}`}>{brand.phone}</a>
          </p>
          <ul className="site-footer__policies" aria-label="Policies">
            <li>
              <Link to={PATHS.returnPolicy}>30-day return policy</Link>
            </li>
            <li>
              <Link to={PATHS.shippingPolicy}>Shipping Policy</Link>
            </li>
            <li>
              <Link to={PATHS.cancellationRefund}>Cancellation &amp; Refund</Link>
            </li>
            <li>
              <Link to={PATHS.terms}>Terms and Conditions</Link>
            </li>
            <li>
              <Link to={PATHS.privacy}>Privacy Policy</Link>
            </li>
          </ul>
        </section>
      </div>

      <div className="site-footer__bottom">
        <div className="container">
          <p>{copyrightLine(year)}</p>
        </div>
      </div>
    </footer>
  );
}
