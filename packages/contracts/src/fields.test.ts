import { INDIAN_STATES, PRODUCT_IDS } from '@vanya/catalog';
import { describe, expect, it } from 'vitest';
import {
  createDobField,
  createEmailField,
  createGenderField,
  createPasswordField,
  dobField,
  EMAIL_RE,
  emailField,
  GENDERS,
  gstinCheckCharacter,
  gstinField,
  isValidGstin,
  looksLikeCardNumber,
  mobileField,
  nameField,
  NOT_BLANK_PATTERN,
  objectIdField,
  optionalGstinField,
  otpField,
  passwordField,
  pinCodeField,
  productIdField,
  requiredTextField,
  stateField,
} from './fields';
import { AUTH_MESSAGES, FIELD_MESSAGES } from './messages';
import { PASSWORD_SPECIALS, passwordStrength, utf8ByteLength } from './password';
import { issueMessages } from './test-helpers';

const POLICY = AUTH_MESSAGES.passwordPolicy;

describe('emailField', () => {
  it('trims and lower-cases the address', () => {
    expect(emailField.parse('  Asha.Rao@Example.COM ')).toBe('asha.rao@example.com');
  });

  it.each(['asha', 'asha@', '@example.com', 'asha@example', 'asha rao@example.com'])(
    'refuses %j as not an email address',
    (value) => {
      expect(issueMessages(emailField, value)).toEqual([FIELD_MESSAGES.invalidEmail]);
    },
  );

  it('reads a missing or blank address as "Email is required"', () => {
    expect(issueMessages(emailField, undefined)).toEqual(['Email is required']);
    expect(issueMessages(emailField, '   ')).toEqual(['Email is required']);
  });

  it('uses the wording it is given for a missing address', () => {
    expect(issueMessages(createEmailField('Please fill in all fields'), '')).toEqual([
      'Please fill in all fields',
    ]);
  });

  it('refuses query operator objects and other non-strings', () => {
    expect(emailField.safeParse({ $gt: '' }).success).toBe(false);
    expect(emailField.safeParse(['a@b.in']).success).toBe(false);
    expect(emailField.safeParse(42).success).toBe(false);
  });

  it('refuses an address longer than 254 characters', () => {
    const long = `${'a'.repeat(250)}@example.com`;
    expect(issueMessages(emailField, long)).toContain(FIELD_MESSAGES.emailTooLong);
  });
});

describe('mobileField', () => {
  it('accepts exactly 10 digits, ignoring surrounding spaces', () => {
    expect(mobileField.parse('9822045123')).toBe('9822045123');
    expect(mobileField.parse(' 9822045123 ')).toBe('9822045123');
  });

  it.each(['982204512', '98220451234', '98220 45123', '+919822045123', '98220451a3'])(
    'refuses %j',
    (value) => {
      expect(issueMessages(mobileField, value)).toEqual(['Enter a 10-digit mobile number']);
    },
  );

  it('refuses a number that is not a string', () => {
    expect(issueMessages(mobileField, 9822045123)).toEqual(['Enter a 10-digit mobile number']);
  });
});

describe('pinCodeField', () => {
  it('accepts exactly 6 digits', () => {
    expect(pinCodeField.parse('413512')).toBe('413512');
  });

  it.each(['41351', '4135120', 'abcdef', '41351a', '413 512', ''])('refuses %j', (value) => {
    expect(issueMessages(pinCodeField, value)).toEqual(['Enter a 6-digit PIN code']);
  });
});

describe('stateField', () => {
  it('accepts each of the 36 states and union territories', () => {
    expect(INDIAN_STATES).toHaveLength(36);
    for (const state of INDIAN_STATES) expect(stateField.parse(state)).toBe(state);
  });

  it.each(['Bombay', 'maharashtra', 'Maharashtra ', '', 'Daman and Diu'])(
    'refuses %j as not a state of the list',
    (value) => {
      expect(issueMessages(stateField, value)).toEqual(['Choose a state from the list']);
    },
  );
});

describe('otpField', () => {
  it('accepts exactly six digits', () => {
    expect(otpField.parse('042917')).toBe('042917');
  });

  it.each(['12345', '1234567', '12a456', 'abcdef', '12 456'])('refuses %j', (value) => {
    expect(issueMessages(otpField, value)).toEqual(['Enter the 6-digit code']);
  });

  it('refuses a code sent as a number, which would lose leading zeros', () => {
    expect(otpField.safeParse(123456).success).toBe(false);
  });
});

describe('passwordField (the signup policy)', () => {
  it('accepts a password of exactly 8 characters with every class', () => {
    expect(passwordField.parse('Abcdef1@')).toBe('Abcdef1@');
  });

  it('refuses a 7-character password', () => {
    expect(issueMessages(passwordField, 'Abcde1@')).toEqual([POLICY]);
  });

  it.each([
    ['an uppercase letter', 'abcdef1@'],
    ['a lowercase letter', 'ABCDEF1@'],
    ['a digit', 'Abcdefg@'],
    ['a special character', 'Abcdefg1'],
  ])('refuses a password without %s', (_, value) => {
    expect(issueMessages(passwordField, value)).toEqual([POLICY]);
  });

  it.each([
    ['a space', 'Abcd ef1@'],
    ['a tilde', 'Abcdef1@~'],
    ['a hyphen', 'Abcdef1@-'],
    ['a non-ASCII letter', 'Abcdéf1@'],
  ])('refuses a password containing %s', (_, value) => {
    expect(issueMessages(passwordField, value)).toEqual([POLICY]);
  });

  it('accepts each of the allowed special characters', () => {
    expect(PASSWORD_SPECIALS).toBe('@$!%*?&#^');
    for (const special of PASSWORD_SPECIALS) {
      expect(passwordField.safeParse(`Abcdef1${special}`).success, special).toBe(true);
    }
  });

  it('accepts 72 bytes and refuses 73 rather than letting bcrypt truncate', () => {
    const base = 'Aa1@';
    expect(passwordField.safeParse(base + 'a'.repeat(68)).success).toBe(true);
    expect(issueMessages(passwordField, base + 'a'.repeat(69))).toEqual([
      'Password is too long (at most 72 bytes)',
    ]);
  });

  it('counts multibyte characters by their UTF-8 bytes, not by characters', () => {
    const password = `Aa1@${'é'.repeat(35)}`;
    expect(password).toHaveLength(39);
    expect(utf8ByteLength(password)).toBe(74);
    expect(issueMessages(passwordField, password)).toContain(FIELD_MESSAGES.passwordTooLong);
  });

  it('reads an empty password with the wording it is given', () => {
    expect(issueMessages(createPasswordField('All fields are required'), '')).toEqual([
      'All fields are required',
    ]);
  });

  it('refuses query operator objects', () => {
    expect(passwordField.safeParse({ $gt: '' }).success).toBe(false);
  });
});

describe('utf8ByteLength', () => {
  it.each([
    ['', 0],
    ['a', 1],
    ['é', 2],
    ['₹', 3],
    ['😀', 4],
    ['Aé₹😀', 10],
  ])('counts %j as %i bytes', (text, bytes) => {
    expect(utf8ByteLength(text)).toBe(bytes);
  });
});

describe('passwordStrength', () => {
  it.each([
    ['', 0, 'Weak', 'red'],
    ['a', 1, 'Weak', 'red'],
    ['abcdefgh', 2, 'Weak', 'red'],
    ['aA', 2, 'Weak', 'red'],
    ['aA1', 3, 'Medium', 'yellow'],
    ['aA1@', 4, 'Medium', 'yellow'],
    ['abcdefG1', 4, 'Medium', 'yellow'],
    ['aA1@aaaa', 5, 'Strong', 'green'],
  ] as const)('scores %j as %i (%s, %s)', (password, score, label, color) => {
    expect(passwordStrength(password)).toEqual({ score, label, color });
  });

  it('gives a point only for the specials the policy accepts', () => {
    expect(passwordStrength('Abcdefg1~').score).toBe(4);
    expect(passwordStrength('Abcdefg1^').score).toBe(5);
  });
});

describe('looksLikeCardNumber', () => {
  it.each([
    '4242 4242 4242 4242',
    '4242424242424242',
    '4242-4242-4242-4242',
    'my card 4242 4242 4242 4242 exp 12/27',
    '4242 4242 4242 4242 123',
    '378282246310005',
  ])('finds a card number in %j', (text) => {
    expect(looksLikeCardNumber(text)).toBe(true);
  });

  it.each([
    'Visa ending 4242',
    'name@okaxis',
    '9822045123@ybl',
    '4242 4242 4242 4241',
    '123456789012',
    'HDFC netbanking',
  ])('does not mistake %j for a card number', (text) => {
    expect(looksLikeCardNumber(text)).toBe(false);
  });
});

describe('GSTIN', () => {
  it('computes the mod-36 check character of known GSTINs', () => {
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    expect(gstinCheckCharacter('29AAGCB7383J1Z')).toBe('4');
  });

  it('accepts a well-formed GSTIN with the right check character', () => {
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(gstinField.parse('27AAPFU0939F1ZV')).toBe('27AAPFU0939F1ZV');
  });

  it('upper-cases and trims what the buyer typed', () => {
    expect(gstinField.parse(' 27aapfu0939f1zv ')).toBe('27AAPFU0939F1ZV');
  });

  it('refuses a GSTIN whose check character is wrong', () => {
    expect(issueMessages(gstinField, '27AAPFU0939F1ZA')).toEqual(['Enter a valid GSTIN']);
  });

  it.each([
    ['an unknown state code', '00AAPFU0939F1Z'],
    ['a malformed PAN', '271APFU0939F1Z'],
    ['no Z in the 14th place', '27AAPFU0939F1A'],
  ])('refuses a GSTIN with %s even when its check character fits', (_, first14) => {
    const gstin = first14 + gstinCheckCharacter(first14);
    expect(issueMessages(gstinField, gstin)).toEqual(['Enter a valid GSTIN']);
  });

  it('refuses a GSTIN of the wrong length', () => {
    expect(isValidGstin('27AAPFU0939F1Z')).toBe(false);
    expect(isValidGstin('27AAPFU0939F1ZVV')).toBe(false);
  });

  it('lets the optional GSTIN be absent or empty, but not invalid', () => {
    expect(optionalGstinField.parse(undefined)).toBeUndefined();
    expect(optionalGstinField.parse('')).toBe('');
    expect(optionalGstinField.parse('27aapfu0939f1zv')).toBe('27AAPFU0939F1ZV');
    expect(issueMessages(optionalGstinField, '27AAPFU0939F1ZA')).toEqual(['Enter a valid GSTIN']);
  });
});

describe('identifiers', () => {
  it('accepts a 24-hex-digit ObjectId and refuses anything else', () => {
    expect(objectIdField.safeParse('65f1a2b3c4d5e6f708192a3b').success).toBe(true);
    expect(issueMessages(objectIdField, '65f1a2b3c4d5e6f708192a3')).toEqual(['Invalid id']);
    expect(issueMessages(objectIdField, '65f1a2b3c4d5e6f708192a3z')).toEqual(['Invalid id']);
    expect(objectIdField.safeParse({ $ne: null }).success).toBe(false);
  });

  it('accepts every starter id and any slug the owner makes, and refuses other text', () => {
    for (const id of PRODUCT_IDS) expect(productIdField.parse(id)).toBe(id);
    expect(productIdField.parse('rose-oud-body-butter')).toBe('rose-oud-body-butter');
    for (const bad of ['', '-rose', 'rose scrub', 'rosé', 'a/b', 'x'.repeat(65)])
      expect(issueMessages(productIdField, bad), bad).toEqual(['Unknown product']);
    expect(issueMessages(productIdField, 2)).toEqual(['Unknown product']);
  });
});

describe('nameField', () => {
  it('trims the name', () => {
    expect(nameField.parse('  Asha Rao ')).toBe('Asha Rao');
  });

  it('refuses a blank or overlong name', () => {
    expect(issueMessages(nameField, '   ')).toEqual(['Enter your name']);
    expect(issueMessages(nameField, 'a'.repeat(101))).toEqual([FIELD_MESSAGES.nameTooLong]);
  });
});

describe('date of birth', () => {
  const isoDay = (offsetDays: number) =>
    new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

  it('accepts a real date in the past, including a leap day', () => {
    expect(dobField.parse('1994-08-15')).toBe('1994-08-15');
    expect(dobField.parse('2000-02-29')).toBe('2000-02-29');
  });

  it.each(['2023-02-29', '1994-13-01', '1994-04-31', '15/08/1994', '1994-8-15'])(
    'refuses %j as not a real YYYY-MM-DD date',
    (value) => {
      expect(issueMessages(dobField, value)).toEqual([FIELD_MESSAGES.dob]);
    },
  );

  it('refuses today, a future date and a date before 1900', () => {
    for (const value of [isoDay(0), isoDay(2), '2999-01-01', '1899-12-31']) {
      expect(issueMessages(dobField, value), value).toEqual([FIELD_MESSAGES.dobInPast]);
    }
  });

  it('reads an empty date with the wording it is given', () => {
    expect(issueMessages(createDobField('Fill it'), '')).toEqual(['Fill it']);
  });
});

describe('gender', () => {
  it('accepts the four values', () => {
    expect(GENDERS).toEqual(['male', 'female', 'other', 'prefer_not_to_say']);
    for (const gender of GENDERS) expect(createGenderField().parse(gender)).toBe(gender);
  });

  it('tells a missing gender from an unknown one', () => {
    const field = createGenderField('Fill it');
    expect(issueMessages(field, '')).toEqual(['Fill it']);
    expect(issueMessages(field, undefined)).toEqual(['Fill it']);
    expect(issueMessages(field, 'unknown')).toEqual([FIELD_MESSAGES.gender]);
  });
});

describe('the patterns the OpenAPI document states', () => {
  it('NOT_BLANK_PATTERN holds exactly the strings trim() leaves something of', () => {
    const notBlank = new RegExp(NOT_BLANK_PATTERN);
    // One assertion over every code unit (65,536 expect() calls would be slow on a busy machine).
    const disagreeing: string[] = [];
    for (let code = 0; code < 0x10000; code += 1) {
      const text = ` ${String.fromCharCode(code)} `;
      if (notBlank.test(text) !== text.trim().length > 0)
        disagreeing.push(`U+${code.toString(16)}`);
    }
    expect(disagreeing).toEqual([]);
    const field = requiredTextField('Fill it', 10, 'Too long');
    expect(field.safeParse('\u3000\ufeff').success).toBe(false);
    expect(field.safeParse('\u001c').success).toBe(true);
  });

  it('EMAIL_RE is the email check, and refuses what no mail server takes', () => {
    for (const address of ['asha@example.in', "o'neil+shop@mail.example.co.in", 'a-b_c@x-y.in'])
      expect(emailField.safeParse(address).success, address).toBe(true);
    for (const address of [
      'asha@example-.in', // a label ending in a hyphen
      'asha@-example.in',
      `asha@${'a'.repeat(64)}.in`, // a label over 63 characters
      'asha@example.i', // a one-letter top-level domain
      "asha'@example.in",
    ]) {
      expect(EMAIL_RE.test(address), address).toBe(false);
      expect(emailField.safeParse(address).success, address).toBe(false);
    }
  });

  it('states the 72-byte password limit as 72 characters, which any longer password exceeds', () => {
    expect(issueMessages(passwordField, `Aa1@${'a'.repeat(69)}`)).toEqual([
      FIELD_MESSAGES.passwordTooLong,
    ]);
    // Under 72 characters but over 72 bytes: refused all the same.
    expect(issueMessages(passwordField, `Aa1@${'é'.repeat(40)}`)).toContain(
      FIELD_MESSAGES.passwordTooLong,
    );
  });
});
