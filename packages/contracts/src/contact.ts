// The contact form.
import { z } from 'zod';
import { createEmailField, nameField, requiredTextField } from './fields';
import { CONTACT_MESSAGES, FIELD_MESSAGES } from './messages';

export const CONTACT_SUBJECTS = [
  { value: 'product-inquiry', label: 'Product Inquiry' },
  { value: 'order-status', label: 'Order Status' },
  { value: 'return', label: 'Return/Exchange' },
  { value: 'feedback', label: 'Feedback' },
  { value: 'wholesale', label: 'B2B' },
  { value: 'other', label: 'Other' },
] as const;

export type ContactSubject = (typeof CONTACT_SUBJECTS)[number]['value'];

export const CONTACT_SUBJECT_VALUES = CONTACT_SUBJECTS.map((subject) => subject.value) as [
  ContactSubject,
  ...ContactSubject[],
];

export const contactBodySchema = z
  .object({
    name: nameField,
    email: createEmailField(FIELD_MESSAGES.invalidEmail),
    subject: z.enum(CONTACT_SUBJECT_VALUES, { error: CONTACT_MESSAGES.subject }),
    message: requiredTextField(CONTACT_MESSAGES.message, 5000, CONTACT_MESSAGES.messageTooLong),
  })
  .strict();

export const contactResponseSchema = z.object({ success: z.literal(true), message: z.string() });

export type ContactBody = z.infer<typeof contactBodySchema>;
export type ContactResponse = z.infer<typeof contactResponseSchema>;
