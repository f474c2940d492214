import { isIP } from 'node:net';
import path from 'node:path';
import { brand, COD_DEFAULTS, GST_STATE_CODES, SHOP_SETTINGS_LIMITS } from '@vanya/catalog';
import { isValidGstin } from '@vanya/contracts';
import { z } from 'zod';
import { findRepoRoot } from '../platform/paths';
import {
  DEVELOPMENT_MASTER_SECRET,
  resolveSecrets,
  SECRET_PURPOSES,
  secretProblem,
} from './secrets';
import type { SecretVariable } from './secrets';

/** Settings that must be real in production: the API refuses to start without them. */
export const PRODUCTION_SECRETS = [
  'JWT_SECRET',
  'MONGODB_URI',
  'SMTP_URL',
  // Phone sign-in and cash on delivery send their codes by text.
  'SMS_URL',
  'RAZORPAY_KEY_ID',
  'RAZORPAY_KEY_SECRET',
  'RAZORPAY_WEBHOOK_SECRET',
  'SHIPROCKET_EMAIL',
  'SHIPROCKET_PASSWORD',
  'SHIPROCKET_WEBHOOK_TOKEN',
] as const;

const OWN_SECRET_VARIABLES = Object.values(SECRET_PURPOSES).map((p) => p.variable);

/** Proxies named by keyword (Express' trust proxy names). */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: whom X-Forwarded-For is believed from. Unset, empty, `false` or `0`: nobody (the
 * peer's own address is the client's). A number: that many proxies in front. Otherwise a
 * comma-separated list of addresses, CIDR ranges or the keywords loopback, linklocal, uniquelocal.
 */
function parseTrustProxy(raw: string | undefined): false | number | string[] {
  const value = (raw ?? '').trim();
  if (value === '' || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) throw new ConfigError(`TRUST_PROXY=${value}: at most 10 proxies in front.`);
    return hops;
  }
  if (value === 'true')
    throw new ConfigError(
      'TRUST_PROXY=true would believe X-Forwarded-For from anyone. Set the number of proxies in front (1) or their addresses.',
    );
  const entries = value.split(',').map((e) => e.trim());
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address ?? '');
    const maxBits = family === 6 ? 128 : 32;
    const validBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits);
    const valid = PROXY_NAMES.has(entry) || (family !== 0 && validBits && extra === undefined);
    if (!valid)
      throw new ConfigError(
        `TRUST_PROXY: "${entry}" is neither an IP address, a CIDR range nor one of loopback, linklocal, uniquelocal.`,
      );
  }
  return entries;
}

/**
 * A valid-format GSTIN printed on invoices outside production until the owner supplies theirs.
 * Production refuses it: every tax invoice carries the seller's GSTIN.
 */
export const PLACEHOLDER_SELLER_GSTIN = '27AAJCV4821K1ZY';

/** A GSTIN's first two digits are its state's code; ours must be the seller's state's. */
const SELLER_STATE_CODE = GST_STATE_CODES[brand.sellerState];

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const milliseconds = (min: number, fallback: number) =>
  z.coerce.number().int().min(min).default(fallback);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  MONGODB_URI: optionalText,
  JWT_SECRET: optionalText,
  SESSION_SECRET: optionalText,
  OTP_SECRET: optionalText,
  INVOICE_LINK_SECRET: optionalText,
  TEST_PAYMENT_SECRET: optionalText,
  TRUST_PROXY: z.string().optional(),
  WEB_ORIGIN: z.url().default('http://localhost:5173'),
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().default('Vanya Naturals <no-reply@vanyanaturals.in>'),
  RAZORPAY_KEY_ID: optionalText,
  RAZORPAY_KEY_SECRET: optionalText,
  RAZORPAY_WEBHOOK_SECRET: optionalText,
  UPLOAD_DIR: optionalText,
  DATA_DIR: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  LOG_PRETTY: booleanFlag.optional(),
  SERVE_WEB: booleanFlag.optional(),
  WEB_DIST_DIR: optionalText,
  WEB_SSR_DIR: optionalText,
  SITE_URL: z.url().optional(),
  JSON_BODY_LIMIT: z.string().default('100kb'),
  BCRYPT_COST: z.coerce.number().int().min(4).max(15).default(12),
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  SMS_URL: optionalText,
  SMS_API_KEY: optionalText,
  /**
   * The shop's budget of code texts (sign-in, cash on delivery, phone change): the whole shop's in
   * an hour and in a day, each number's and each number prefix's in an hour, and the prefix's
   * length in digits. Past it shoppers are told to sign in by email or pay online.
   */
  SMS_CODES_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(200),
  SMS_CODES_PER_DAY: z.coerce.number().int().min(1).max(10_000_000).default(1000),
  SMS_CODES_PER_NUMBER_PER_HOUR: z.coerce.number().int().min(1).max(100).default(5),
  SMS_CODES_PER_PREFIX_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(30),
  SMS_PREFIX_DIGITS: z.coerce.number().int().min(1).max(9).default(5),
  /** Accounts whose verified email is listed here are owners (comma-separated). */
  OWNER_EMAILS: z.string().default(''),
  /** PIN prefixes (1 to 6 digits, comma-separated) where cash on delivery is not offered. */
  COD_EXCLUDED_PIN_PREFIXES: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((prefix) => prefix.trim())
        .filter(Boolean),
    )
    .refine(
      (prefixes) => prefixes.every((prefix) => /^\d{1,6}$/.test(prefix)),
      'COD_EXCLUDED_PIN_PREFIXES: each prefix is 1 to 6 digits, separated by commas',
    ),
  /**
   * The cash-on-delivery fee in rupees, a taxed line of the order (0 allowed): the default until the
   * owner sets one in the shop settings.
   */
  COD_FEE_RUPEES: z.coerce
    .number()
    .int()
    .min(0)
    .max(SHOP_SETTINGS_LIMITS.codFeeMaxPaise / 100)
    .default(COD_DEFAULTS.feePaise / 100),
  /** The largest goods total, in rupees, for cash on delivery, until the owner sets one. */
  COD_MAX_RUPEES: z.coerce
    .number()
    .int()
    .min(1)
    .max(SHOP_SETTINGS_LIMITS.codMaxGoodsMaxPaise / 100)
    .default(COD_DEFAULTS.maxGoodsPaise / 100),
  /** The units each single product starts with when a database from before stock counts meets them. */
  STOCK_INITIAL: z.coerce.number().int().min(0).max(1_000_000).default(100),
  /** An order still unpaid after this many minutes is cancelled and its units released. */
  RESERVATION_MINUTES: z.coerce.number().int().min(1).max(10_080).default(30),
  /** How often reconciliation asks the provider about unfinished orders (5 minutes). */
  RECONCILE_INTERVAL_MS: milliseconds(100, 5 * 60 * 1000),
  /** Orders younger than this are left to the shopper's own verify and the webhook (1 minute). */
  RECONCILE_MIN_AGE_MS: milliseconds(0, 60 * 1000),
  /** A half-done step (invoice numbering, confirmation mail) older than this is taken over (2 minutes). */
  RECOVERY_STALE_MS: milliseconds(100, 2 * 60 * 1000),
  /** Testing only: another host speaking Razorpay's API. */
  RAZORPAY_API_URL: optionalText,
  /** Shiprocket's API user (Settings > API in its panel); unset: the courier's test mode. */
  SHIPROCKET_EMAIL: optionalText,
  SHIPROCKET_PASSWORD: optionalText,
  /** The security token set on the webhook in Shiprocket's panel, sent back as `x-api-key`. */
  SHIPROCKET_WEBHOOK_TOKEN: optionalText,
  SHIPROCKET_API_URL: z.url().default('https://apiv2.shiprocket.in/v1/external'),
  /** The pickup location's name exactly as it is in Shiprocket's panel. */
  SHIPROCKET_PICKUP_LOCATION: z.string().trim().min(1).default('Primary'),
  /** The parcel as booked: its weight in kg and its size in cm (length x breadth x height). */
  SHIPROCKET_PARCEL_WEIGHT_KG: z.coerce.number().positive().max(100).default(0.5),
  SHIPROCKET_PARCEL_CM: z
    .string()
    .regex(
      /^\d+(\.\d+)?x\d+(\.\d+)?x\d+(\.\d+)?$/,
      'SHIPROCKET_PARCEL_CM is length x breadth x height in cm, e.g. 20x15x10',
    )
    .default('20x15x10'),
  /** How often open shipments are asked about, in case a tracking webhook was lost (5 minutes). */
  SHIPPING_POLL_INTERVAL_MS: milliseconds(1000, 5 * 60 * 1000),
  SELLER_LEGAL_NAME: z.string().trim().min(1).default('Vanya Naturals'),
  /** The seller's GSTIN printed on invoices; empty or unset: the placeholder (never in production). */
  SELLER_GSTIN: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => v === '' || isValidGstin(v), 'SELLER_GSTIN is not a valid GSTIN')
    .refine(
      (v) => v === '' || v.startsWith(SELLER_STATE_CODE),
      `SELLER_GSTIN must be registered in ${brand.sellerState} (start with ${SELLER_STATE_CODE}), the seller's state that decides CGST + SGST against IGST`,
    )
    .transform((v) => v || undefined)
    .optional(),
});

export type Env = z.input<typeof envSchema>;

/** Every variable the API's configuration reads. */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape);

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Where the built web app is, and the address its pages name as theirs. */
function webSettings(e: z.output<typeof envSchema>, repoRoot: string) {
  const webDistDir = path.resolve(repoRoot, e.WEB_DIST_DIR ?? 'apps/web/dist');
  return {
    webDistDir,
    /** The web's server bundle (beside dist), which renders the pages for the catalogue of the moment. */
    webSsrDir: path.resolve(webDistDir, '..', e.WEB_SSR_DIR ?? '.ssr'),
    /** The pages' canonical addresses and the sitemap's: as the web build was given them. */
    siteUrl: (e.SITE_URL ?? brand.website).replace(/\/+$/, ''),
  };
}

/** Why a production WEB_ORIGIN is refused, if it is: mails link to it and CORS trusts it alone. */
function publicOriginProblem(origin: string): string | undefined {
  const url = new URL(origin);
  const local = ['localhost', '127.0.0.1', '[::1]', '0.0.0.0'].includes(url.hostname);
  if (url.protocol === 'https:' && !local) return undefined;
  return `WEB_ORIGIN=${origin} is not a public https address: production mails link to it and browsers are trusted from it alone. Set the shop's public address (https://shop.example.in).`;
}

/** What production refuses, every problem at once (an operator fixes them in one go). */
function productionProblems(e: z.output<typeof envSchema>, env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  const missing = PRODUCTION_SECRETS.filter((name) => !e[name]);
  if (missing.length > 0)
    problems.push(
      `Missing ${missing.join(', ')}.${missing.includes('SMTP_URL') ? ' Mail needs a transport in production: verification links, codes and reset links are never logged.' : ''}${missing.includes('SMS_URL') ? ' Phone codes need an SMS gateway in production: phone sign-in and cash on delivery send them, and they are never logged.' : ''}`,
    );
  if (!env.WEB_ORIGIN)
    problems.push(
      "Missing WEB_ORIGIN: set it to the shop's public address (https://shop.example.in), which every mail links to.",
    );
  else {
    const origin = publicOriginProblem(e.WEB_ORIGIN);
    if (origin) problems.push(origin);
  }
  const given = (['JWT_SECRET', ...OWN_SECRET_VARIABLES] as const).filter((name) => e[name]);
  for (const name of given) {
    const problem = secretProblem(name, e[name]!);
    if (problem) problems.push(problem);
  }
  const seen = new Map<string, string>();
  for (const name of given) {
    const other = seen.get(e[name]!);
    if (other) problems.push(`${name} is the same as ${other}: each must be a secret of its own.`);
    seen.set(e[name]!, name);
  }
  if (!e.SELLER_GSTIN || e.SELLER_GSTIN === PLACEHOLDER_SELLER_GSTIN)
    problems.push(
      `SELLER_GSTIN ${e.SELLER_GSTIN ? `is the development placeholder ${PLACEHOLDER_SELLER_GSTIN}` : 'is not set'}. Set it to the seller's own GSTIN: every tax invoice prints it.`,
    );
  return problems;
}

/** Problems of any environment: settings that only make sense together. */
function pairingProblems(e: z.output<typeof envSchema>): string[] {
  const problems: string[] = [];
  if (Boolean(e.RAZORPAY_KEY_ID) !== Boolean(e.RAZORPAY_KEY_SECRET))
    problems.push('Set both RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET, or neither (test mode).');
  if (Boolean(e.SHIPROCKET_EMAIL) !== Boolean(e.SHIPROCKET_PASSWORD))
    problems.push('Set both SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD, or neither (test mode).');
  try {
    parseTrustProxy(e.TRUST_PROXY);
  } catch (err) {
    problems.push((err as Error).message);
  }
  return problems;
}

/**
 * Reads and checks the environment once at start-up; throws one ConfigError naming every problem
 * (invalid values first, then what production or a pairing refuses).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  const isProduction = env.NODE_ENV === 'production';
  if (!parsed.success) {
    const invalid = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    // What production also lacks, so one start names everything to fix.
    const missing = isProduction ? PRODUCTION_SECRETS.filter((name) => !env[name]?.trim()) : [];
    if (missing.length > 0) invalid.push(`Missing ${missing.join(', ')}.`);
    throw new ConfigError(`Invalid configuration (see .env.example):\n  ${invalid.join('\n  ')}`);
  }
  const e = parsed.data;
  const problems = [...(isProduction ? productionProblems(e, env) : []), ...pairingProblems(e)];
  if (problems.length > 0)
    throw new ConfigError(
      `${isProduction ? 'Refusing to start in production' : 'Invalid configuration'} (see .env.example):\n  ${problems.join('\n  ')}`,
    );

  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  const secrets = resolveSecrets(
    e.JWT_SECRET ?? DEVELOPMENT_MASTER_SECRET,
    Object.fromEntries(OWN_SECRET_VARIABLES.map((name) => [name, e[name]])) as Partial<
      Record<SecretVariable, string>
    >,
  );

  const repoRoot = findRepoRoot();
  const dataDir = path.resolve(repoRoot, e.DATA_DIR ?? '.data');
  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    /** Undefined: start the embedded database (never in production). */
    mongodbUri: e.MONGODB_URI,
    /** The key that signs and checks session tokens. */
    jwtSecret: secrets.session,
    secrets,
    trustProxy,
    webOrigin: e.WEB_ORIGIN.replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    razorpay:
      e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET
        ? {
            keyId: e.RAZORPAY_KEY_ID,
            keySecret: e.RAZORPAY_KEY_SECRET,
            webhookSecret: e.RAZORPAY_WEBHOOK_SECRET ?? '',
          }
        : undefined,
    repoRoot,
    dataDir,
    uploadDir: path.resolve(repoRoot, e.UPLOAD_DIR ?? path.join(dataDir, 'uploads')),
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    /** Human-readable log lines instead of JSON. */
    logPretty: e.LOG_PRETTY ?? (e.NODE_ENV === 'development' && Boolean(process.stdout.isTTY)),
    serveWeb: e.SERVE_WEB ?? isProduction,
    ...webSettings(e, repoRoot),
    jsonBodyLimit: e.JSON_BODY_LIMIT,
    bcryptCost: e.BCRYPT_COST,
    /** Multiplies every rate limit (tests raise it where they are not testing limits). */
    rateLimitScale: e.RATE_LIMIT_SCALE,
    sms: e.SMS_URL ? { url: e.SMS_URL, apiKey: e.SMS_API_KEY } : undefined,
    /** How many code texts the shop sends (modules/sms/text-budget.ts). */
    textBudget: {
      perHour: e.SMS_CODES_PER_HOUR,
      perDay: e.SMS_CODES_PER_DAY,
      perNumberPerHour: e.SMS_CODES_PER_NUMBER_PER_HOUR,
      perPrefixPerHour: e.SMS_CODES_PER_PREFIX_PER_HOUR,
      prefixDigits: e.SMS_PREFIX_DIGITS,
    },
    razorpayApiUrl: e.RAZORPAY_API_URL,
    /** The courier aggregator's API user; undefined: test mode (never in production). */
    shiprocket:
      e.SHIPROCKET_EMAIL && e.SHIPROCKET_PASSWORD
        ? {
            email: e.SHIPROCKET_EMAIL,
            password: e.SHIPROCKET_PASSWORD,
            webhookToken: e.SHIPROCKET_WEBHOOK_TOKEN ?? '',
            apiUrl: e.SHIPROCKET_API_URL.replace(/\/$/, ''),
          }
        : undefined,
    shipping: {
      pickupLocation: e.SHIPROCKET_PICKUP_LOCATION,
      parcel: (() => {
        const [length, breadth, height] = e.SHIPROCKET_PARCEL_CM.split('x').map(Number) as [
          number,
          number,
          number,
        ];
        return { weightKg: e.SHIPROCKET_PARCEL_WEIGHT_KG, length, breadth, height };
      })(),
      pollEveryMs: e.SHIPPING_POLL_INTERVAL_MS,
    },
    /** Verified emails that make an account an owner. */
    ownerEmails: e.OWNER_EMAILS.split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
    /** PIN prefixes where cash on delivery is not offered. */
    codExcludedPinPrefixes: e.COD_EXCLUDED_PIN_PREFIXES,
    /** Cash on delivery: its fee and the largest goods total it takes, in paise. */
    cod: { feePaise: e.COD_FEE_RUPEES * 100, maxGoodsPaise: e.COD_MAX_RUPEES * 100 },
    /** Stock counts: where counting starts, and how long an unpaid order holds its units. */
    stock: { initial: e.STOCK_INITIAL, reservationMinutes: e.RESERVATION_MINUTES },
    jobs: {
      reconcileEveryMs: e.RECONCILE_INTERVAL_MS,
      reconcileMinAgeMs: e.RECONCILE_MIN_AGE_MS,
      recoveryStaleMs: e.RECOVERY_STALE_MS,
    },
    seller: { legalName: e.SELLER_LEGAL_NAME, gstin: e.SELLER_GSTIN ?? PLACEHOLDER_SELLER_GSTIN },
  };
}
