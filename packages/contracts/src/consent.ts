// Cookie consent: the banner's choice, what the browser keeps,
// and the logging call whose success decides whether the choice is kept.
import { z } from 'zod';
import { CONSENT_CATEGORIES, CONSENT_VALUES } from './consent-values';

export * from './consent-values';

export const consentValueSchema = z.enum(CONSENT_VALUES);

/** What `cookie_categories` holds (as JSON); read back through this before trusting it. */
export const storedConsentCategoriesSchema = z.array(z.enum(CONSENT_CATEGORIES));

export const consentBodySchema = z
  .object({ analytics: z.boolean(), marketing: z.boolean(), preferences: z.boolean() })
  .strict();

export const consentResponseSchema = z.object({ ok: z.literal(true) });

export type ConsentBody = z.infer<typeof consentBodySchema>;
export type ConsentResponse = z.infer<typeof consentResponseSchema>;
