import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES, WAITLIST_MESSAGES } from './messages';
import { issueMessages } from './test-helpers';
import { waitlistBodySchema, waitlistResponseSchema } from './waitlist';

describe('the waitlist form', () => {
  it('accepts a name and an email, trimmed and the email lower-cased', () => {
    expect(
      waitlistBodySchema.parse({ name: '  Meera Joshi ', email: ' Meera@Example.IN ' }),
    ).toEqual({ name: 'Meera Joshi', email: 'meera@example.in' });
  });

  it('requires both, in the words the form shows', () => {
    expect(issueMessages(waitlistBodySchema, {})).toEqual([
      FIELD_MESSAGES.name,
      FIELD_MESSAGES.invalidEmail,
    ]);
    expect(issueMessages(waitlistBodySchema, { name: '   ', email: 'meera@' })).toEqual([
      FIELD_MESSAGES.name,
      FIELD_MESSAGES.invalidEmail,
    ]);
  });

  it('refuses fields it does not know', () => {
    expect(
      waitlistBodySchema.safeParse({ name: 'Meera', email: 'meera@example.in', city: 'Pune' })
        .success,
    ).toBe(false);
  });

  it('answers success with the one friendly message', () => {
    expect(
      waitlistResponseSchema.parse({ success: true, message: WAITLIST_MESSAGES.joined }),
    ).toEqual({
      success: true,
      message: "You're on the waitlist! We've sent a confirmation to your email.",
    });
  });
});
