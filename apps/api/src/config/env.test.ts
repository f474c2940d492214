import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'x'.repeat(40),
  MONGODB_URI: 'mongodb://db:27017/vanya',
  RAZORPAY_KEY_ID: 'rzp_live_abc',
  RAZORPAY_KEY_SECRET: 'secret',
  RAZORPAY_WEBHOOK_SECRET: 'whsec',
  SELLER_GSTIN: '27AAPFU0939F1ZV',
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
    'RAZORPAY_KEY_ID',
    'RAZORPAY_KEY_SECRET',
    'RAZORPAY_WEBHOOK_SECRET',
  ])('refuses to start in production without %s and names it', (name) => {
    const env: Record<string, string> = { ...PRODUCTION, [name]: '' };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
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

  it('refuses half a Razorpay key pair', () => {
    expect(() => loadConfig({ RAZORPAY_KEY_ID: 'rzp_test_x' })).toThrow(
      /both RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET/,
    );
  });

  it('names every invalid value', () => {
    expect(() => loadConfig({ PORT: 'eighty', WEB_ORIGIN: 'nowhere' })).toThrow(
      /PORT[\s\S]*WEB_ORIGIN/,
    );
  });
});
