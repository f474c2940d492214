import { describe, expect, it } from 'vitest';
import {
  changePasswordBodySchema,
  loginBodySchema,
  loginResponseSchema,
  meResponseSchema,
  otpRequiredBodySchema,
  PHONE_SIGN_IN_MESSAGES,
  phoneStartBodySchema,
  phoneStartResponseSchema,
  phoneVerifyBodySchema,
  phoneVerifyResponseSchema,
  registerBodySchema,
  requestPasswordResetBodySchema,
  resendOtpResponseSchema,
  resetPasswordBodySchema,
  resetPasswordFormSchema,
  sendPhoneOtpBodySchema,
  signupFormSchema,
  twoStepBodySchema,
  updateMeBodySchema,
  userSchema,
  VERIFIED_QUERY_VALUES,
  VERIFY_ERROR_QUERY_VALUES,
  verifyEmailBodySchema,
  verifyEmailOtpBodySchema,
  verifyEmailQuerySchema,
  verifyEmailResponseSchema,
  verifyOtpBodySchema,
  verifyPhoneOtpBodySchema,
} from './auth';
import { makeErrorBody } from './errors';
import { AUTH_MESSAGES, FIELD_MESSAGES, PROFILE_MESSAGES } from './messages';
import { issueMessages, issuePaths } from './test-helpers';

const STRONG = 'Kokum#2025';

describe('registration', () => {
  it('accepts a name, an email and a password that meets the policy', () => {
    expect(
      registerBodySchema.parse({ name: ' Asha Rao ', email: 'Asha@Example.com', password: STRONG }),
    ).toEqual({ name: 'Asha Rao', email: 'asha@example.com', password: STRONG });
  });

  it('asks to fill in all fields when one is missing or blank', () => {
    expect(issueMessages(registerBodySchema, { email: 'a@b.in', password: STRONG })).toEqual([
      'Please fill in all fields',
    ]);
    expect(issueMessages(registerBodySchema, { name: ' ', email: '', password: '' })).toEqual([
      'Please fill in all fields',
      'Please fill in all fields',
      'Please fill in all fields',
    ]);
  });

  it('words a weak password with the policy text', () => {
    expect(
      issueMessages(registerBodySchema, { name: 'Asha', email: 'a@b.in', password: 'password' }),
    ).toEqual([AUTH_MESSAGES.passwordPolicy]);
  });

  it('refuses keys the body does not have', () => {
    expect(
      registerBodySchema.safeParse({
        name: 'Asha',
        email: 'a@b.in',
        password: STRONG,
        emailVerified: true,
      }).success,
    ).toBe(false);
  });
});

describe('the signup form', () => {
  const form = { name: 'Asha', email: 'a@b.in', password: STRONG, confirmPassword: STRONG };

  it('accepts matching passwords', () => {
    expect(signupFormSchema.safeParse(form).success).toBe(true);
  });

  it('says the passwords do not match on the confirmation field', () => {
    const result = signupFormSchema.safeParse({ ...form, confirmPassword: 'Kokum#2026' });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ message: 'Passwords do not match', path: ['confirmPassword'] }),
    ]);
  });

  it('asks to fill in all fields before comparing the passwords', () => {
    expect(issueMessages(signupFormSchema, { ...form, confirmPassword: '' })).toEqual([
      'Please fill in all fields',
    ]);
  });
});

describe('login', () => {
  it('only needs both fields filled, not a valid email format', () => {
    expect(loginBodySchema.parse({ email: ' Asha@Example.com ', password: 'x' })).toEqual({
      email: 'asha@example.com',
      password: 'x',
    });
    expect(loginBodySchema.safeParse({ email: 'not-an-email', password: 'x' }).success).toBe(true);
  });

  it('asks to fill in all fields when one is missing', () => {
    expect(issueMessages(loginBodySchema, { email: '', password: 'x' })).toEqual([
      'Please fill in all fields',
    ]);
    expect(issueMessages(loginBodySchema, { email: 'a@b.in' })).toEqual([
      'Please fill in all fields',
    ]);
  });

  it('refuses query operator objects in email and password', () => {
    expect(loginBodySchema.safeParse({ email: { $gt: '' }, password: 'x' }).success).toBe(false);
    expect(loginBodySchema.safeParse({ email: 'a@b.in', password: { $gt: '' } }).success).toBe(
      false,
    );
    expect(
      loginBodySchema.safeParse({ email: { $ne: null }, password: { $ne: null } }).success,
    ).toBe(false);
  });

  it('refuses a password longer than any account can have', () => {
    expect(issueMessages(loginBodySchema, { email: 'a@b.in', password: 'a'.repeat(73) })).toEqual([
      FIELD_MESSAGES.passwordTooLong,
    ]);
  });

  it('refuses unknown keys', () => {
    expect(loginBodySchema.safeParse({ email: 'a@b.in', password: 'x', admin: true }).success).toBe(
      false,
    );
  });
});

describe('profile update', () => {
  const valid = {
    name: 'Asha Rao',
    email: 'asha@example.com',
    phone: '9822045123',
    dob: '1994-08-15',
    gender: 'female',
  };

  it('accepts the five profile fields', () => {
    expect(updateMeBodySchema.parse(valid)).toEqual(valid);
  });

  it('refuses a client trying to set emailVerified or other server-owned keys', () => {
    const result = updateMeBodySchema.safeParse({ ...valid, emailVerified: true });
    expect(result.error?.issues.map((issue) => issue.code)).toEqual(['unrecognized_keys']);
    expect(updateMeBodySchema.safeParse({ ...valid, twoStepEnabled: false }).success).toBe(false);
  });

  it('asks to fill all fields when any is blank', () => {
    for (const field of Object.keys(valid)) {
      expect(issueMessages(updateMeBodySchema, { ...valid, [field]: '' }), field).toEqual([
        PROFILE_MESSAGES.fillAllAndVerify,
      ]);
    }
  });

  it('refuses a malformed phone, a future birth date and an unknown gender with their own texts', () => {
    expect(issueMessages(updateMeBodySchema, { ...valid, phone: '98220' })).toEqual([
      FIELD_MESSAGES.mobile,
    ]);
    expect(issueMessages(updateMeBodySchema, { ...valid, dob: '2999-01-01' })).toEqual([
      FIELD_MESSAGES.dobInPast,
    ]);
    expect(issueMessages(updateMeBodySchema, { ...valid, gender: 'robot' })).toEqual([
      FIELD_MESSAGES.gender,
    ]);
  });
});

describe('password change', () => {
  it('needs the current password and a new one that meets the policy', () => {
    expect(
      changePasswordBodySchema.safeParse({ currentPassword: 'old', newPass: STRONG }).success,
    ).toBe(true);
    expect(
      issueMessages(changePasswordBodySchema, { currentPassword: 'old', newPass: 'weak' }),
    ).toEqual([AUTH_MESSAGES.passwordPolicy]);
    expect(
      issueMessages(changePasswordBodySchema, { currentPassword: '', newPass: STRONG }),
    ).toEqual([AUTH_MESSAGES.fillAllFields]);
  });

  it('refuses a new password equal to the current one', () => {
    expect(
      issuePaths(changePasswordBodySchema, { currentPassword: STRONG, newPass: STRONG }),
    ).toEqual(['newPass']);
  });
});

describe('one-time codes', () => {
  it('says "OTP or email is missing." when either is missing or empty', () => {
    for (const body of [{}, { email: 'a@b.in' }, { otp: '123456' }, { email: '', otp: '' }]) {
      const messages = issueMessages(verifyOtpBodySchema, body);
      expect(messages.length, JSON.stringify(body)).toBeGreaterThan(0);
      expect(new Set(messages)).toEqual(new Set(['OTP or email is missing.']));
    }
  });

  it('accepts an email and a six-digit code, and refuses a malformed code', () => {
    expect(verifyOtpBodySchema.parse({ email: 'A@B.in', otp: '042917' })).toEqual({
      email: 'a@b.in',
      otp: '042917',
    });
    expect(issueMessages(verifyOtpBodySchema, { email: 'a@b.in', otp: '12a456' })).toEqual([
      FIELD_MESSAGES.otp,
    ]);
  });

  it('validates the email and phone change codes', () => {
    expect(verifyEmailOtpBodySchema.safeParse({ email: 'a@b.in', otp: '123456' }).success).toBe(
      true,
    );
    expect(verifyPhoneOtpBodySchema.safeParse({ phone: '9822045123', otp: '123456' }).success).toBe(
      true,
    );
    expect(issueMessages(sendPhoneOtpBodySchema, { phone: '12345678901' })).toEqual([
      FIELD_MESSAGES.mobile,
    ]);
  });
});

describe('email verification and password reset', () => {
  it('words a missing verification token as the verification page does', () => {
    expect(issueMessages(verifyEmailBodySchema, {})).toEqual([
      'Invalid or missing verification token.',
    ]);
    expect(verifyEmailBodySchema.parse({ token: 'abc123' })).toEqual({ token: 'abc123' });
  });

  it('lets the emailed link arrive without a token, to redirect with missing_token', () => {
    expect(verifyEmailQuerySchema.parse({})).toEqual({});
    expect(VERIFIED_QUERY_VALUES).toEqual(['true', 'already']);
    expect(VERIFY_ERROR_QUERY_VALUES).toEqual([
      'invalid_or_expired_token',
      'user_not_found',
      'missing_token',
    ]);
  });

  it('says "Email is required" for a reset request without an email', () => {
    expect(issueMessages(requestPasswordResetBodySchema, {})).toEqual(['Email is required']);
    expect(issueMessages(requestPasswordResetBodySchema, { email: '' })).toEqual([
      'Email is required',
    ]);
  });

  it('says "Missing token" when the reset has no token', () => {
    expect(issueMessages(resetPasswordBodySchema, { newPassword: STRONG })).toEqual([
      'Missing token',
    ]);
  });

  it('says "All fields are required" for an empty new password, and applies the policy', () => {
    expect(issueMessages(resetPasswordBodySchema, { token: 't', newPassword: '' })).toEqual([
      'All fields are required',
    ]);
    expect(issueMessages(resetPasswordBodySchema, { token: 't', newPassword: 'short' })).toEqual([
      AUTH_MESSAGES.passwordPolicy,
    ]);
  });

  it('checks that the reset form passwords match', () => {
    expect(
      issueMessages(resetPasswordFormSchema, {
        newPassword: STRONG,
        confirmPassword: 'Other#2025',
      }),
    ).toEqual(['Passwords do not match']);
    expect(
      issueMessages(resetPasswordFormSchema, { newPassword: STRONG, confirmPassword: '' }),
    ).toEqual(['All fields are required']);
  });
});

describe('two-step verification toggle', () => {
  it('needs the password or an emailed code', () => {
    expect(twoStepBodySchema.safeParse({ enabled: true, password: 'secret' }).success).toBe(true);
    expect(twoStepBodySchema.safeParse({ enabled: false, otp: '123456' }).success).toBe(true);
    expect(issueMessages(twoStepBodySchema, { enabled: true })).toEqual([
      AUTH_MESSAGES.twoStepProofRequired,
    ]);
  });

  it('refuses a non-boolean switch', () => {
    expect(twoStepBodySchema.safeParse({ enabled: 'yes', password: 'x' }).success).toBe(false);
  });
});

describe('account responses', () => {
  const user = {
    name: 'Asha Rao',
    email: 'asha@example.com',
    phone: '',
    phoneVerified: false,
    dob: '',
    gender: '',
    createdAt: '2025-08-14T09:30:00.000Z',
    avatar: '',
    twoStepEnabled: false,
    emailVerified: true,
    hasLoggedInBefore: false,
    loginHistory: ['2025-08-14T09:30:00.000Z Chrome on Android'],
    addresses: [{ id: 'a1', address: 'Plot 14, Ambajogai Road, Latur 413512' }],
    payments: [{ id: 'p1', payment: 'name@okaxis' }],
  };

  it('describe a new user with empty optional details', () => {
    expect(userSchema.parse(user)).toEqual(user);
    expect(meResponseSchema.parse({ data: { user } }).data.user.name).toBe('Asha Rao');
    expect(loginResponseSchema.parse({ token: 'jwt', user }).token).toBe('jwt');
  });

  it('strip fields a user answer must never carry, such as the password hash', () => {
    const parsed = userSchema.parse({ ...user, password: '$2b$10$hash', otp: '123456' });
    expect(parsed).not.toHaveProperty('password');
    expect(parsed).not.toHaveProperty('otp');
  });

  it('leave the profile lists out: each tab reads its own page (GET /orders, /invoices, ...)', () => {
    const parsed = userSchema.parse({
      ...user,
      orders: [],
      invoices: [],
      returns: [],
      tickets: [],
    });
    for (const list of ['orders', 'invoices', 'returns', 'tickets'])
      expect(parsed).not.toHaveProperty(list);
  });

  it('refuse a birth date with a time part', () => {
    expect(userSchema.safeParse({ ...user, dob: '1994-08-15T00:00:00.000Z' }).success).toBe(false);
  });

  it('carry the email a login code went to, and the seconds until another may be sent, in the 403 body', () => {
    const body = {
      ...makeErrorBody('OTP_REQUIRED'),
      email: 'asha@example.com',
      resendAfterSeconds: 30,
    };
    expect(otpRequiredBodySchema.parse(body)).toEqual(body);
    expect(otpRequiredBodySchema.safeParse({ ...body, resendAfterSeconds: -1 }).success).toBe(
      false,
    );
  });

  it('say whether a verification link verified the email or found it verified already', () => {
    expect(
      verifyEmailResponseSchema.parse({
        success: true,
        outcome: 'already',
        message: 'Email already verified. Please log in.',
      }).outcome,
    ).toBe('already');
    expect(
      verifyEmailResponseSchema.safeParse({ success: true, outcome: 'maybe', message: 'x' })
        .success,
    ).toBe(false);
  });

  it('carry the resend cooldown with a resent code', () => {
    const body = { msg: 'OTP resent to your email!', message: 'OTP resent to your email!' };
    expect(resendOtpResponseSchema.parse({ ...body, resendAfterSeconds: 30 })).toEqual({
      ...body,
      resendAfterSeconds: 30,
    });
  });
});

describe('phone sign-in', () => {
  it('takes a 10-digit Indian mobile number, trimmed', () => {
    expect(phoneStartBodySchema.parse({ phone: ' 9822045123 ' })).toEqual({ phone: '9822045123' });
    expect(phoneStartBodySchema.parse({ phone: '6000000000' })).toEqual({ phone: '6000000000' });
  });

  it('refuses numbers that are not Indian mobiles, in the screen’s words', () => {
    for (const phone of ['5822045123', '0822045123', '982204512', '98220451234', '+919822045123'])
      expect(issueMessages(phoneStartBodySchema, { phone })).toEqual([
        PHONE_SIGN_IN_MESSAGES.mobile,
      ]);
  });

  it('takes a code and, for a new account, a name; refuses unknown keys', () => {
    expect(
      phoneVerifyBodySchema.parse({ phone: '9822045123', code: '012345', name: ' Asha ' }),
    ).toEqual({ phone: '9822045123', code: '012345', name: 'Asha' });
    expect(phoneVerifyBodySchema.parse({ phone: '9822045123', code: '012345' })).toEqual({
      phone: '9822045123',
      code: '012345',
    });
    expect(issuePaths(phoneVerifyBodySchema, { phone: '9822045123', code: '12345' })).toEqual([
      'code',
    ]);
    expect(
      issuePaths(phoneVerifyBodySchema, { phone: '9822045123', code: '123456', name: '  ' }),
    ).toEqual(['name']);
    expect(
      phoneVerifyBodySchema.safeParse({ phone: '9822045123', code: '123456', email: 'a@b.in' })
        .success,
    ).toBe(false);
  });

  it('answers a start as sent with the countdown, and a verify with the session and created', () => {
    expect(phoneStartResponseSchema.parse({ sent: true, retryAfterSeconds: 30 })).toEqual({
      sent: true,
      retryAfterSeconds: 30,
    });
    expect(phoneStartResponseSchema.safeParse({ sent: false, retryAfterSeconds: 30 }).success).toBe(
      false,
    );
    expect(
      phoneVerifyResponseSchema.safeParse({ token: 't', user: {}, created: true }).success,
    ).toBe(false);
  });
});
