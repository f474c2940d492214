import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

/** A secret as an operator makes one (openssl rand -hex 32): never a literal in the repository. */
const freshSecret = () => randomBytes(32).toString('hex');

const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: freshSecret(),
  MONGODB_URI: 'mongodb://db:27017/vanya',
  SMTP_URL: 'smtp://mail.example.in:587',
  SMS_URL: 'https://sms.example.in/send',
  RAZORPAY_KEY_ID: 'rzp_live_abc',
  RAZORPAY_KEY_SECRET: 'secret',
  RAZORPAY_WEBHOOK_SECRET: 'whsec',
  SHIPROCKET_EMAIL: 'api-user@vanyanaturals.in',
  SHIPROCKET_PASSWORD: 'sr-password',
  SHIPROCKET_WEBHOOK_TOKEN: 'sr-webhook-token',
  SELLER_GSTIN: '27AAPFU0939F1ZV',
  WEB_ORIGIN: 'https://shop.vanyanaturals.in',
};

describe('loadConfig', () => {
  it('starts in development with defaults and no secrets', () => {
    const config = loadConfig({});
    expect(config.nodeEnv).toBe('development');
    expect(config.port).toBe(3000);
    expect(config.mongodbUri).toBeUndefined();
    expect(config.razorpay).toBeUndefined();
    expect(config.serveWeb).toBe(false);
    expect(config.uploadDir.endsWith('.data/uploads')).toBe(true);
  });

  it('accepts a complete production configuration and serves the web app there', () => {
    const config = loadConfig(PRODUCTION);
    expect(config.isProduction).toBe(true);
    expect(config.serveWeb).toBe(true);
    expect(config.razorpay).toEqual({
      keyId: 'rzp_live_abc',
      keySecret: 'secret',
      webhookSecret: 'whsec',
    });
  });

  it.each([
    'JWT_SECRET',
    'MONGODB_URI',
    'SMTP_URL',
    'SMS_URL',
    'RAZORPAY_KEY_ID',
    'RAZORPAY_KEY_SECRET',
    'RAZORPAY_WEBHOOK_SECRET',
    'SHIPROCKET_EMAIL',
    'SHIPROCKET_PASSWORD',
    'SHIPROCKET_WEBHOOK_TOKEN',
  ])('refuses to start in production without %s and names it', (name) => {
    const env: Record<string, string> = { ...PRODUCTION, [name]: '' };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });

  it('talks to Shiprocket with an API user, and without one (never in production) to the test courier', () => {
    expect(loadConfig({}).shiprocket).toBeUndefined();
    expect(loadConfig(PRODUCTION).shiprocket).toEqual({
      email: 'api-user@vanyanaturals.in',
      password: 'sr-password',
      webhookToken: 'sr-webhook-token',
      apiUrl: 'https://apiv2.shiprocket.in/v1/external',
    });
    expect(loadConfig({ SHIPROCKET_PARCEL_CM: '25x20x8' }).shipping.parcel).toEqual({
      weightKg: 0.5,
      length: 25,
      breadth: 20,
      height: 8,
    });
    expect(() => loadConfig({ SHIPROCKET_EMAIL: 'api-user@vanyanaturals.in' })).toThrow(
      /both SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD/,
    );
    expect(() => loadConfig({ SHIPROCKET_PARCEL_CM: '20 by 15' })).toThrow(/SHIPROCKET_PARCEL_CM/);
  });

  it('refuses to start in production without WEB_ORIGIN, so mails never link to localhost', () => {
    const { WEB_ORIGIN: _unset, ...env } = PRODUCTION;
    expect(() => loadConfig(env)).toThrow(/Missing WEB_ORIGIN/);
  });

  it('prints the placeholder GSTIN outside production and the configured one in production', () => {
    expect(loadConfig({}).seller).toEqual({
      legalName: 'Vanya Naturals',
      gstin: '27AAJCV4821K1ZY',
    });
    expect(loadConfig({ SELLER_GSTIN: '' }).seller.gstin).toBe('27AAJCV4821K1ZY');
    expect(loadConfig({ ...PRODUCTION, SELLER_GSTIN: ' 27aapfu0939f1zv ' }).seller.gstin).toBe(
      '27AAPFU0939F1ZV',
    );
  });

  it.each([
    ['unset', undefined, /SELLER_GSTIN is not set/],
    ['empty', '', /SELLER_GSTIN is not set/],
    [
      'the placeholder',
      '27AAJCV4821K1ZY',
      /SELLER_GSTIN is the development placeholder 27AAJCV4821K1ZY/,
    ],
  ])('refuses to start in production with SELLER_GSTIN %s', (_what, gstin, message) => {
    const env: Record<string, string | undefined> = { ...PRODUCTION, SELLER_GSTIN: gstin };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
    expect(() => loadConfig(env)).toThrow(/the seller's own GSTIN/);
  });

  it('refuses a GSTIN that is malformed or registered outside the seller’s state', () => {
    expect(() => loadConfig({ SELLER_GSTIN: '27AAPFU0939F1ZX' })).toThrow(
      /SELLER_GSTIN is not a valid GSTIN/,
    );
    // A valid Karnataka GSTIN: the CGST + SGST split is decided by Maharashtra.
    expect(() => loadConfig({ SELLER_GSTIN: '29AAPFU0939F1ZR' })).toThrow(
      /SELLER_GSTIN must be registered in Maharashtra \(start with 27\)/,
    );
  });

  it('refuses a short JWT secret in production', () => {
    expect(() => loadConfig({ ...PRODUCTION, JWT_SECRET: 'short' })).toThrow(
      /at least 32 characters/,
    );
  });

  it('refuses in production the secret docker-compose.yml used to default to, and every other published one', () => {
    for (const published of [
      'compose-development-secret-change-me-please',
      'development-only-secret-never-used-in-production',
    ]) {
      expect(() => loadConfig({ ...PRODUCTION, JWT_SECRET: published })).toThrow(
        /JWT_SECRET is a secret published in this repository/,
      );
    }
  });

  it.each([
    ['one character repeated', 'x'.repeat(40)],
    ['a short pattern repeated', 'abcd'.repeat(16)],
    ['a sentence in lower case', 'thisismysupersecretpasswordforjwt'],
  ])('refuses a JWT secret with too little entropy in production: %s', (_what, secret) => {
    expect(() => loadConfig({ ...PRODUCTION, JWT_SECRET: secret })).toThrow(
      /JWT_SECRET has too little entropy/,
    );
  });

  it('refuses production without a mail transport: links and codes are never logged', () => {
    expect(() => loadConfig({ ...PRODUCTION, SMTP_URL: '' })).toThrow(
      /Missing SMTP_URL[\s\S]*never logged/,
    );
    // Development keeps writing mail to the log and .data/mail with no configuration at all.
    expect(loadConfig({}).smtpUrl).toBeUndefined();
  });

  it('refuses production without an SMS gateway: phone codes are never logged', () => {
    expect(() => loadConfig({ ...PRODUCTION, SMS_URL: '' })).toThrow(
      /Missing SMS_URL[\s\S]*phone sign-in and cash on delivery/,
    );
    // Development prints texts to the log with no configuration at all.
    expect(loadConfig({}).sms).toBeUndefined();
  });

  it('signs sessions, codes, invoice links and test payments with four different keys', () => {
    const { secrets, jwtSecret } = loadConfig(PRODUCTION);
    const keys = [secrets.session, secrets.codes, secrets.invoiceLinks, secrets.testPayments];
    expect(new Set(keys).size).toBe(4);
    expect(keys).not.toContain(PRODUCTION.JWT_SECRET);
    expect(jwtSecret).toBe(secrets.session);
    // The same master secret gives the same keys (sessions survive a restart)...
    expect(loadConfig(PRODUCTION).secrets).toEqual(secrets);
    // ...and development, with nothing set, has keys too.
    expect(new Set(Object.values(loadConfig({}).secrets)).size).toBe(4);
  });

  it('rotates one key on its own: the others stay as they were', () => {
    const before = loadConfig(PRODUCTION).secrets;
    const rotated = freshSecret();
    const after = loadConfig({ ...PRODUCTION, OTP_SECRET: rotated }).secrets;
    expect(after.codes).toBe(rotated);
    expect({ ...after, codes: before.codes }).toEqual(before);
    const session = freshSecret();
    expect(loadConfig({ ...PRODUCTION, SESSION_SECRET: session }).secrets).toEqual({
      ...before,
      session,
    });
  });

  it('checks a key set on its own like the master secret, and refuses one used twice', () => {
    expect(() => loadConfig({ ...PRODUCTION, INVOICE_LINK_SECRET: 'y'.repeat(48) })).toThrow(
      /INVOICE_LINK_SECRET has too little entropy/,
    );
    expect(() => loadConfig({ ...PRODUCTION, SESSION_SECRET: PRODUCTION.JWT_SECRET })).toThrow(
      /SESSION_SECRET is the same as JWT_SECRET/,
    );
  });

  it('trusts no proxy unless TRUST_PROXY names them', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '172.30.57.0/24, 10.0.0.7' }).trustProxy).toEqual([
      '172.30.57.0/24',
      '10.0.0.7',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'loopback,::1' }).trustProxy).toEqual(['loopback', '::1']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /believe X-Forwarded-For from anyone/,
    );
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.local' })).toThrow(
      /"proxy.local" is neither an IP address/,
    );
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/"10.0.0.0\/33"/);
  });

  it('refuses half a Razorpay key pair', () => {
    expect(() => loadConfig({ RAZORPAY_KEY_ID: 'rzp_test_x' })).toThrow(
      /both RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET/,
    );
  });

  it('names every problem of a production start in one message', () => {
    const env = {
      ...PRODUCTION,
      SMTP_URL: '',
      SMS_URL: '',
      RAZORPAY_KEY_SECRET: '',
      SELLER_GSTIN: '',
      WEB_ORIGIN: 'http://localhost:5173',
    };
    let message = '';
    try {
      loadConfig(env);
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/^Refusing to start in production/);
    for (const name of ['SMTP_URL', 'SMS_URL', 'RAZORPAY_KEY_SECRET', 'SELLER_GSTIN', 'WEB_ORIGIN'])
      expect(message).toContain(name);
    // An invalid value is named beside what production lacks.
    expect(() => loadConfig({ ...env, PORT: 'eighty' })).toThrow(
      /PORT[\s\S]*Missing SMTP_URL, SMS_URL/,
    );
  });

  it.each([
    'http://localhost:5173',
    'https://localhost',
    'http://shop.vanyanaturals.in',
    'https://127.0.0.1:3000',
  ])('refuses a WEB_ORIGIN in production that is not a public https address: %s', (origin) => {
    expect(() => loadConfig({ ...PRODUCTION, WEB_ORIGIN: origin })).toThrow(
      /is not a public https address/,
    );
    expect(loadConfig({ WEB_ORIGIN: origin }).webOrigin).toBe(origin.replace(/\/$/, ''));
  });

  it('names every invalid value', () => {
    expect(() => loadConfig({ PORT: 'eighty', WEB_ORIGIN: 'nowhere' })).toThrow(
      /PORT[\s\S]*WEB_ORIGIN/,
    );
  });
});
