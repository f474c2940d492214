import { describe, expect, it } from 'vitest';

import { INDIA, canSaveProfile, type ProfileValues } from './profile-rules';

const saved: ProfileValues = {
  name: 'Asha Patil',
  email: 'asha@example.com',
  phone: '9822045123',
  dob: '1994-08-15',
  gender: 'female',
};
const none = { emailVerified: false, phoneVerified: false };

describe('when Save Changes is enabled', () => {
  it('is enabled for complete, unchanged details', () => {
    expect(canSaveProfile(saved, saved, INDIA, none)).toBe(true);
    expect(canSaveProfile({ ...saved, name: 'Asha P.' }, saved, INDIA, none)).toBe(true);
  });

  it('needs every field filled', () => {
    for (const field of ['name', 'email', 'phone', 'dob', 'gender'] as const) {
      expect(canSaveProfile({ ...saved, [field]: ' ' }, saved, INDIA, none), field).toBe(false);
    }
  });

  it('needs a changed email verified first (case and spaces are no change)', () => {
    const changed = { ...saved, email: 'asha.patil@example.com' };
    expect(canSaveProfile(changed, saved, INDIA, none)).toBe(false);
    expect(canSaveProfile(changed, saved, INDIA, { ...none, emailVerified: true })).toBe(true);
    expect(canSaveProfile({ ...saved, email: ' ASHA@example.com' }, saved, INDIA, none)).toBe(true);
  });

  it('needs a changed phone verified first', () => {
    const changed = { ...saved, phone: '9876543210' };
    expect(canSaveProfile(changed, saved, INDIA, none)).toBe(false);
    expect(canSaveProfile(changed, saved, INDIA, { ...none, phoneVerified: true })).toBe(true);
  });

  it('treats another country than India as a phone change to verify', () => {
    expect(canSaveProfile(saved, saved, 'US', none)).toBe(false);
  });
});
