import {
  CONSENT_CATEGORIES,
  CONSENT_STORAGE_KEYS,
  CONSENT_VALUES,
  type ConsentBody,
  type ConsentCategory,
  type ConsentValue,
} from '@vanya/contracts';

// The visitor's cookie choice: 'accepted', 'rejected' or
// 'customized', with the categories it allows. Written only after the API has logged it.

export type StoredConsent = { value: ConsentValue; categories: ConsentCategory[] };

const isConsentValue = (value: unknown): value is ConsentValue =>
  (CONSENT_VALUES as readonly unknown[]).includes(value);

const isCategory = (value: unknown): value is ConsentCategory =>
  (CONSENT_CATEGORIES as readonly unknown[]).includes(value);

/** The stored choice, or null when there is none (or it is not one the banner could have made). */
export function readConsent(): StoredConsent | null {
  try {
    const value = window.localStorage.getItem(CONSENT_STORAGE_KEYS.consent);
    if (!isConsentValue(value)) return null;
    const raw = window.localStorage.getItem(CONSENT_STORAGE_KEYS.categories);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    const categories = Array.isArray(parsed) ? parsed.filter(isCategory) : [];
    return { value, categories: withNecessary(categories) };
  } catch {
    return null;
  }
}

export function writeConsent(consent: StoredConsent): void {
  try {
    window.localStorage.setItem(CONSENT_STORAGE_KEYS.consent, consent.value);
    window.localStorage.setItem(
      CONSENT_STORAGE_KEYS.categories,
      JSON.stringify(withNecessary(consent.categories)),
    );
  } catch {
    // Storage refused: the banner will ask again next time.
  }
}

/** 'necessary' is always on. */
function withNecessary(categories: readonly ConsentCategory[]): ConsentCategory[] {
  return ['necessary', ...categories.filter((category) => category !== 'necessary')];
}

/** What each choice stores and what the consent call carries. */
export function consentFor(
  value: ConsentValue,
  chosen: { analytics: boolean; marketing: boolean } = { analytics: false, marketing: false },
): { stored: StoredConsent; body: ConsentBody } {
  const analytics = value === 'accepted' || (value === 'customized' && chosen.analytics);
  const marketing = value === 'accepted' || (value === 'customized' && chosen.marketing);
  const categories: ConsentCategory[] = ['necessary'];
  if (analytics) categories.push('analytics');
  if (marketing) categories.push('marketing');
  return {
    stored: { value, categories },
    // 'preferences' (remembering choices such as this one beyond the strictly necessary) goes
    // with any choice other than a plain rejection.
    body: { analytics, marketing, preferences: value !== 'rejected' },
  };
}
