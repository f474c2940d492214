import { createHash, hkdfSync } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import { PUBLISHED_SECRET_DIGESTS } from './published-secrets';

/**
 * What the API signs and hashes with. Each purpose has a key of its own, so a leaked or rotated
 * one leaves the others standing: derived from the master secret (JWT_SECRET) with HKDF-SHA256
 * under the purpose's label, unless its own variable sets it.
 */
export interface Secrets {
  session: string;
  /** Keys the HMAC under which one-time codes are stored. */
  codes: string;
  invoiceLinks: string;
  /** Signs the built-in test payments (never used in production, where Razorpay's keys sign). */
  testPayments: string;
}

/** Each purpose: the variable that sets its key on its own, and its HKDF label. */
export const SECRET_PURPOSES = {
  session: { variable: 'SESSION_SECRET', label: 'vanya/session-tokens/v1' },
  codes: { variable: 'OTP_SECRET', label: 'vanya/one-time-codes/v1' },
  invoiceLinks: { variable: 'INVOICE_LINK_SECRET', label: 'vanya/invoice-links/v1' },
  testPayments: { variable: 'TEST_PAYMENT_SECRET', label: 'vanya/test-payments/v1' },
} as const satisfies Record<keyof Secrets, { variable: string; label: string }>;

export type SecretVariable = (typeof SECRET_PURPOSES)[keyof Secrets]['variable'];

/** The master secret when none is set (development and tests only: production refuses to start). */
export const DEVELOPMENT_MASTER_SECRET = 'development-only-secret-never-used-in-production';

/**
 * Secrets anyone can read in this repository, its history or its documentation: production refuses
 * every one of them whatever its entropy (secrets.test.ts checks that every secret-like literal
 * the repository holds is refused).
 */
export const PUBLIC_SECRETS: ReadonlySet<string> = new Set([
  DEVELOPMENT_MASTER_SECRET,
  // The default docker-compose.yml shipped until the audit: sessions of any user could be forged.
  'compose-development-secret-change-me-please',
  // bench/orders-throughput.ts
  'benchmark-secret-benchmark-secret-123456',
]);

/**
 * The fingerprint under which a published value is looked up (published-secrets.ts): the first 128
 * bits of its SHA-256, in hex.
 */
export function secretDigest(value: string): string {
  return createHash('sha256').update(value.trim(), 'utf8').digest('hex').slice(0, 32);
}

/**
 * True when `value` appears in the repository: one of PUBLIC_SECRETS, or a value whose digest the
 * generated list holds. The list is compiled into the API, so a container without the repository's
 * tests refuses them all the same.
 */
export function isPublishedSecret(value: string): boolean {
  return PUBLIC_SECRETS.has(value.trim()) || PUBLISHED_SECRET_DIGESTS.has(secretDigest(value));
}

export const MIN_SECRET_LENGTH = 32;
export const MIN_SECRET_BITS = 128;

/**
 * A conservative estimate of a secret's entropy in bits: the smaller of its length times the
 * Shannon entropy of its characters and the size of its DEFLATE compression. Repeated characters,
 * a short alphabet or a repeated pattern all score low; 32 random bytes in hex score about 240.
 */
export function estimateSecretBits(secret: string): number {
  const chars = [...secret];
  if (chars.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const c of chars) counts.set(c, (counts.get(c) ?? 0) + 1);
  let perChar = 0;
  for (const n of counts.values()) {
    const p = n / chars.length;
    perChar -= p * Math.log2(p);
  }
  const compressedBits = deflateRawSync(Buffer.from(secret, 'utf8'), { level: 9 }).length * 8;
  return Math.floor(Math.min(perChar * chars.length, compressedBits));
}

/** Why `value` may not serve as a production secret, or undefined when it may. */
export function secretProblem(name: string, value: string): string | undefined {
  if (isPublishedSecret(value))
    return `${name} is a secret published in this repository: anyone could sign with it. Generate a new one (openssl rand -hex 32).`;
  if (value.length < MIN_SECRET_LENGTH)
    return `${name} must be at least ${MIN_SECRET_LENGTH} characters (openssl rand -hex 32).`;
  const bits = estimateSecretBits(value);
  if (bits < MIN_SECRET_BITS)
    return `${name} has too little entropy (about ${bits} bits, at least ${MIN_SECRET_BITS} needed): use random bytes (openssl rand -hex 32), not words or patterns.`;
  return undefined;
}

/** A 256-bit key for `label`, derived from the master secret with HKDF-SHA256 (hex). */
export function deriveKey(master: string, label: string): string {
  return Buffer.from(hkdfSync('sha256', master, 'vanya-naturals', label, 32)).toString('hex');
}

export function resolveSecrets(
  master: string,
  own: Partial<Record<SecretVariable, string | undefined>>,
): Secrets {
  const key = (purpose: keyof Secrets) => {
    const { variable, label } = SECRET_PURPOSES[purpose];
    return own[variable] ?? deriveKey(master, label);
  };
  return {
    session: key('session'),
    codes: key('codes'),
    invoiceLinks: key('invoiceLinks'),
    testPayments: key('testPayments'),
  };
}
