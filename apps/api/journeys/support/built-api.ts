// The journeys' stack: the BUILT API (apps/api/dist/index.js) started as a child process in
// production mode, exactly as it is deployed, with nothing shared with the code under test but
// HTTP. Around it: its own FerretDB (or mongod) on a throw-away folder, a real SMTP server, a
// local server speaking Razorpay's Orders and Payments API in place of Razorpay's own, one
// speaking Shiprocket's external API in place of the courier's, and an SMS gateway.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedServer } from '../../src/platform/db/embedded-server';
import type { EmbeddedServer } from '../../src/platform/db/embedded-server';
import { findRepoRoot } from '../../src/platform/paths';
import { FakeRazorpay } from '../../src/testing/fake-razorpay';
import { FakeShiprocket } from '../../src/testing/fake-shiprocket';
import { startSmsGateway } from '../../src/testing/sms-gateway';
import type { SmsGateway } from '../../src/testing/sms-gateway';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { linkIn, SmtpSink } from '../../src/testing/smtp-sink';

export interface BuiltApi {
  baseUrl: string;
  /** The web origin the API puts in its mailed links. */
  webOrigin: string;
  smtp: SmtpSink;
  razorpay: FakeRazorpay;
  keys: { keyId: string; keySecret: string; webhookSecret: string };
  /** The courier, and the token its tracking webhook carries (x-api-key). */
  shiprocket: FakeShiprocket;
  shiprocketWebhookToken: string;
  /** The SMS gateway the phone codes go through. */
  sms: SmsGateway;
  /** The API's process id (its main thread's id too, on Linux). */
  pid: number;
  /**
   * Runs one of the image's commands (`dist/cli/<name>.js`) with the API's environment, as an
   * operator does with `docker compose exec shop node dist/cli/<name>.js ...`.
   */
  command(name: string, args: string[]): Promise<{ code: number | null; output: string }>;
  /** Everything the API printed so far (shown when a journey fails). */
  output(): string;
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 60_000;
/** The shop owner's address in every journey stack (OWNER_EMAILS). */
export const OWNER_EMAIL = 'meera.owner@vanya.test';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** `env` adds to (or overrides) the production environment below. */
export async function startBuiltApi(env: Record<string, string> = {}): Promise<BuiltApi> {
  const root = findRepoRoot();
  const entry = path.join(root, 'apps/api/dist/index.js');
  if (!existsSync(entry))
    throw new Error('The API is not built (apps/api/dist/index.js is missing): run `pnpm build`.');

  const dir = mkdtempSync(path.join(os.tmpdir(), 'vanya-journeys-'));
  mkdirSync(path.join(dir, 'uploads'));
  const db: EmbeddedServer = await startEmbeddedServer({
    dataDir: path.join(dir, 'db'),
    repoRoot: root,
  });
  const smtp = await new SmtpSink().start();
  const keys = {
    keyId: `rzp_live_${randomBytes(7).toString('hex')}`,
    keySecret: randomBytes(18).toString('base64url'),
    webhookSecret: randomBytes(18).toString('base64url'),
  };
  const razorpay = await new FakeRazorpay(keys.keyId, keys.keySecret).start();
  const courier = { email: 'api-user@vanya.test', password: randomBytes(12).toString('base64url') };
  const shiprocketWebhookToken = randomBytes(18).toString('base64url');
  const shiprocket = await new FakeShiprocket(courier.email, courier.password).start();
  const sms = await startSmsGateway();
  const webOrigin = 'https://shop.vanya.test';

  let output = '';
  const port = await freePort();
  const apiEnv = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    MONGODB_URI: db.uri,
    JWT_SECRET: randomBytes(32).toString('hex'),
    WEB_ORIGIN: webOrigin,
    SERVE_WEB: 'false',
    SMTP_URL: smtp.url,
    SMS_URL: sms.url,
    SMS_API_KEY: 'journey-gateway-key',
    RAZORPAY_KEY_ID: keys.keyId,
    RAZORPAY_KEY_SECRET: keys.keySecret,
    RAZORPAY_WEBHOOK_SECRET: keys.webhookSecret,
    RAZORPAY_API_URL: razorpay.url,
    SHIPROCKET_EMAIL: courier.email,
    SHIPROCKET_PASSWORD: courier.password,
    SHIPROCKET_WEBHOOK_TOKEN: shiprocketWebhookToken,
    SHIPROCKET_API_URL: shiprocket.url,
    // The owner area's journeys sign this address up as the shop's owner.
    OWNER_EMAILS: OWNER_EMAIL,
    // Production refuses the development placeholder: a real-format Maharashtra GSTIN.
    SELLER_GSTIN: '27AAPFV1234C1ZA',
    DATA_DIR: dir,
    UPLOAD_DIR: path.join(dir, 'uploads'),
    // Cheaper hashing and roomier limits than production: the journeys sign up several shoppers
    // from one address within a minute.
    BCRYPT_COST: '4',
    RATE_LIMIT_SCALE: '100',
    LOG_LEVEL: 'warn',
    LOG_PRETTY: 'false',
    ...env,
  };
  /** Runs one of the image's commands with the API's environment, as an operator does. */
  const command = (name: string, args: string[]) =>
    new Promise<{ code: number | null; output: string }>((resolve, reject) => {
      const cli = spawn(
        process.execPath,
        [path.join(root, `apps/api/dist/cli/${name}.js`), ...args],
        {
          cwd: dir,
          env: apiEnv,
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let said = '';
      cli.stdout.on('data', (chunk: Buffer) => (said += chunk.toString()));
      cli.stderr.on('data', (chunk: Buffer) => (said += chunk.toString()));
      cli.once('error', reject);
      cli.once('close', (code) => resolve({ code, output: said }));
    });
  // The deploy step production needs before the API starts.
  const indexes = await command('indexes', []);
  if (indexes.code !== 0) throw new Error(`Building the indexes failed:\n${indexes.output}`);

  const api: ChildProcess = spawn(process.execPath, [entry], {
    cwd: dir,
    env: apiEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  api.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  api.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const stopAll = async () => {
    if (api.exitCode === null && api.signalCode === null) {
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => api.kill('SIGKILL'), 15_000);
        api.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        api.kill('SIGTERM');
      });
    }
    await razorpay.stop();
    await shiprocket.stop();
    await sms.close();
    await smtp.stop();
    await db.stop();
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    const baseUrl = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      if (api.exitCode !== null)
        throw new Error(`The built API exited with ${api.exitCode} while starting:\n${output}`);
      const health = await fetch(`${baseUrl}/api/health`).catch(() => undefined);
      if (health?.status === 200) break;
      if (Date.now() > deadline)
        throw new Error(`The built API did not start within 60 s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return {
      baseUrl,
      webOrigin,
      smtp,
      razorpay,
      keys,
      shiprocket,
      shiprocketWebhookToken,
      sms,
      pid: api.pid!,
      command,
      output: () => output,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/**
 * An answer's body is whatever came over the wire (JSON, text or bytes); the journeys assert its
 * shape, as supertest's `body` lets the integration tests do.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type WireBody = any;

export interface Answer {
  status: number;
  headers: Headers;
  body: WireBody;
}

/** An HTTP client for the built API: JSON in and out, an optional bearer token. */
export function client(baseUrl: string) {
  async function call(
    method: string,
    url: string,
    options: {
      token?: string;
      json?: unknown;
      form?: FormData;
      headers?: Record<string, string>;
    } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    let body: string | FormData | undefined;
    if (options.form) body = options.form;
    else if (options.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    const response = await fetch(new URL(url, baseUrl), { method, headers, body });
    const type = response.headers.get('content-type') ?? '';
    const parsed = type.includes('application/json')
      ? await response.json()
      : type.startsWith('text/')
        ? await response.text()
        : Buffer.from(await response.arrayBuffer());
    return { status: response.status, headers: response.headers, body: parsed as WireBody };
  }
  return {
    get: (url: string, token?: string) => call('GET', url, { token }),
    post: (url: string, json?: unknown, token?: string, headers?: Record<string, string>) =>
      call('POST', url, { json, token, headers }),
    postForm: (url: string, form: FormData, token?: string) => call('POST', url, { form, token }),
    postRaw: (url: string, raw: string, headers: Record<string, string>) =>
      fetch(new URL(url, baseUrl), { method: 'POST', headers, body: raw }),
    delete: (url: string, token?: string) => call('DELETE', url, { token }),
  };
}

export type Client = ReturnType<typeof client>;

let counter = 0;
export const PASSWORD = 'Kokum#Butter1';

/** Signs a new shopper up, follows the link the API mailed and answers the session it gives. */
export async function signUp(
  stack: BuiltApi,
  api: Client,
  name = 'Asha Kulkarni',
  address?: string,
) {
  counter += 1;
  const email =
    address ??
    `${name.split(' ')[0]!.toLowerCase()}.${Date.now().toString(36)}${counter}@example.in`;
  const registered = await api.post('/api/auth/register', { name, email, password: PASSWORD });
  if (registered.status !== 201)
    throw new Error(`register answered ${registered.status}: ${JSON.stringify(registered.body)}`);
  const mail = await stack.smtp.waitFor(email, /Confirm your email/);
  const link = linkIn(mail, `${stack.webOrigin}/verify-email?token=`);
  const verified = await api.post('/api/auth/verify-email', {
    token: new URL(link).searchParams.get('token'),
  });
  if (verified.status !== 200)
    throw new Error(`verify-email answered ${verified.status}: ${JSON.stringify(verified.body)}`);
  return { email, name, token: verified.body.token as string };
}

export interface Shopper {
  email: string;
  name: string;
  token: string;
}

export interface Journeys {
  stack: BuiltApi;
  api: Client;
  asha: Shopper;
  ravi: Shopper;
}

/**
 * Starts the built API for the file's journeys, with two signed-up shoppers (Asha and Ravi), and
 * stops it afterwards; a failed journey prints the end of the API's output. Read the fields inside
 * tests and hooks (they are filled in by beforeAll).
 */
export function useBuiltApi(): Journeys {
  const journeys = {} as Journeys;
  beforeAll(async () => {
    journeys.stack = await startBuiltApi();
    journeys.api = client(journeys.stack.baseUrl);
    journeys.asha = await signUp(journeys.stack, journeys.api, 'Asha Kulkarni');
    journeys.ravi = await signUp(journeys.stack, journeys.api, 'Ravi Shetty');
  });
  afterAll(async () => {
    await journeys.stack?.stop();
  });
  afterEach((context) => {
    if (context.task.result?.state === 'fail') console.log(journeys.stack.output().slice(-4000));
  });
  return journeys;
}

/** HMAC-SHA256 in hex, computed here rather than by the code under test. */
export const hmac = (secret: string, text: string) =>
  createHmac('sha256', secret).update(text).digest('hex');

/** What the browser sends to /payments/verify after Razorpay's dialog, signed with `secret`. */
export function verifyBody(
  orderId: string,
  providerOrderId: string,
  paymentId: string,
  secret: string,
) {
  return {
    orderId,
    razorpay_order_id: providerOrderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: hmac(secret, `${providerOrderId}|${paymentId}`),
  };
}
