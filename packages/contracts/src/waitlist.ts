// The community waitlist on /community ('Join the Waitlist', a form of our own).
import { z } from 'zod';
import { createEmailField, nameField } from './fields';
import { FIELD_MESSAGES } from './messages';

export const waitlistBodySchema = z
  .object({
    name: nameField,
    email: createEmailField(FIELD_MESSAGES.invalidEmail),
  })
  .strict();

/** 201 for a new signup, 200 with the same words when the address was already on the list. */
export const waitlistResponseSchema = z.object({ success: z.literal(true), message: z.string() });

export type WaitlistBody = z.infer<typeof waitlistBodySchema>;
export type WaitlistResponse = z.infer<typeof waitlistResponseSchema>;
