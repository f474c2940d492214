import type { StoredConsent } from './consent-storage';

// Analytics and the marketing pixel load only after the visitor accepted or customised consent,
// and only the categories they allowed. Both are placeholders served by
// the shop itself (the content security policy allows no third-party scripts) until the owner
// chooses providers.
export const TRACKING_SCRIPTS = {
  analytics: '/scripts/analytics.js',
  marketing: '/scripts/pixel.js',
} as const;

function inject(src: string): void {
  if (document.querySelector(`script[src="${src}"]`)) return;
  const script = document.createElement('script');
  script.src = src;
  script.async = true;
  document.head.append(script);
}

export function loadTrackingScripts(consent: StoredConsent | null): void {
  if (!consent || consent.value === 'rejected') return;
  if (consent.categories.includes('analytics')) inject(TRACKING_SCRIPTS.analytics);
  if (consent.categories.includes('marketing')) inject(TRACKING_SCRIPTS.marketing);
}
