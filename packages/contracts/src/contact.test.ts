import { describe, expect, it } from 'vitest';
import { CONTACT_SUBJECTS, contactBodySchema, contactResponseSchema } from './contact';
import { CONTACT_MESSAGES, FIELD_MESSAGES } from './messages';
import { issueMessages } from './test-helpers';

const message = {
  name: 'Asha Rao',
  email: 'asha@example.com',
  subject: 'order-status',
  message: 'Where is my order VNY-483920?',
};

describe('the contact form', () => {
  it('offers the six subjects with their labels', () => {
    expect(CONTACT_SUBJECTS).toEqual([
      { value: 'product-inquiry', label: 'Product Inquiry' },
      { value: 'order-status', label: 'Order Status' },
      { value: 'return', label: 'Return/Exchange' },
      { value: 'feedback', label: 'Feedback' },
      { value: 'wholesale', label: 'B2B' },
      { value: 'other', label: 'Other' },
    ]);
  });

  it('accepts a complete message', () => {
    expect(contactBodySchema.parse(message)).toEqual(message);
  });

  it('requires every field', () => {
    expect(issueMessages(contactBodySchema, {})).toEqual([
      FIELD_MESSAGES.name,
      FIELD_MESSAGES.invalidEmail,
      CONTACT_MESSAGES.subject,
      CONTACT_MESSAGES.message,
    ]);
  });

  it('refuses a subject that is not one of the options, and a label in place of a value', () => {
    expect(issueMessages(contactBodySchema, { ...message, subject: 'Order Status' })).toEqual([
      CONTACT_MESSAGES.subject,
    ]);
  });

  it('refuses a bad email, a message over 5000 characters and unknown keys', () => {
    expect(issueMessages(contactBodySchema, { ...message, email: 'asha@' })).toEqual([
      FIELD_MESSAGES.invalidEmail,
    ]);
    expect(issueMessages(contactBodySchema, { ...message, message: 'x'.repeat(5001) })).toEqual([
      CONTACT_MESSAGES.messageTooLong,
    ]);
    expect(contactBodySchema.safeParse({ ...message, phone: '1' }).success).toBe(false);
  });

  it('answers success with a message', () => {
    expect(
      contactResponseSchema.parse({ success: true, message: CONTACT_MESSAGES.sent }).success,
    ).toBe(true);
    expect(contactResponseSchema.safeParse({ success: false, message: 'x' }).success).toBe(false);
  });
});
