import { describe, expect, it } from 'vitest';
import {
  CONSENT_CATEGORIES,
  CONSENT_STORAGE_KEYS,
  CONSENT_VALUES,
  consentBodySchema,
  consentResponseSchema,
  storedConsentCategoriesSchema,
} from './consent';

describe('cookie consent', () => {
  it('names the values, categories and storage keys', () => {
    expect(CONSENT_VALUES).toEqual(['accepted', 'rejected', 'customized']);
    expect(CONSENT_CATEGORIES).toEqual(['necessary', 'analytics', 'marketing']);
    expect(CONSENT_STORAGE_KEYS).toEqual({
      consent: 'cookie_consent',
      categories: 'cookie_categories',
    });
  });

  it('accepts the three booleans of the logging call', () => {
    const body = { analytics: true, marketing: false, preferences: true };
    expect(consentBodySchema.parse(body)).toEqual(body);
  });

  it('refuses a missing flag, a non-boolean flag and unknown keys', () => {
    expect(consentBodySchema.safeParse({ analytics: true, marketing: false }).success).toBe(false);
    expect(
      consentBodySchema.safeParse({ analytics: 'yes', marketing: false, preferences: true })
        .success,
    ).toBe(false);
    expect(
      consentBodySchema.safeParse({
        analytics: true,
        marketing: false,
        preferences: true,
        necessary: false,
      }).success,
    ).toBe(false);
  });

  it('reads stored categories back only when they are known ones', () => {
    expect(storedConsentCategoriesSchema.safeParse(['necessary', 'analytics']).success).toBe(true);
    expect(storedConsentCategoriesSchema.safeParse(['tracking']).success).toBe(false);
  });

  it('answers ok', () => {
    expect(consentResponseSchema.parse({ ok: true })).toEqual({ ok: true });
    expect(consentResponseSchema.safeParse({ ok: false }).success).toBe(false);
  });
});
