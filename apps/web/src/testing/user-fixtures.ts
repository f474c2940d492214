import type { User } from '@vanya/contracts';

/** A signed-in shopper as GET /auth/me answers: Asha, verified, every profile field filled. */
export function userFixture(overrides: Partial<User> = {}): User {
  return {
    name: 'Asha Patil',
    email: 'asha@example.com',
    phone: '9822045123',
    phoneVerified: true,
    dob: '1994-08-15',
    gender: 'female',
    createdAt: '2025-03-01T10:00:00.000Z',
    avatar: '',
    twoStepEnabled: false,
    emailVerified: true,
    hasLoggedInBefore: true,
    loginHistory: [],
    addresses: [],
    payments: [],
    ...overrides,
  };
}
