import { spawn, type ChildProcess } from 'node:child_process';
import {
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

import { OWNER_EMAIL } from './owner';

// Starts everything the browser tests talk to: a real SMTP server and a local SMS gateway (speaking
// the gateway's protocol: a JSON POST of {to, text, channel} to SMS_URL) that keep each mail and
// text as a JSON file, and the built API (which serves the built web app and starts its own
// embedded database). Workers read E2E_BASE_URL, E2E_MAIL_DIR and E2E_SMS_DIR from the
// environment. The function it returns is the global teardown.

const HERE = path.dirname(fileURLToPath(import.meta.url));
const WEB_DIR = path.resolve(HERE, '../..');
const REPO_ROOT = path.resolve(WEB_DIR, '../..');
const API_ENTRY = path.join(REPO_ROOT, 'apps/api/dist/index.js');
const WEB_DIST = path.join(WEB_DIR, 'dist');
const HEALTH_TIMEOUT_MS = 90_000;

/** What each received mail is stored as (one JSON file per mail in E2E_MAIL_DIR). */
export type StoredMail = {
  to: string[];
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
};

/** What each text the gateway received is stored as (one JSON file per text in E2E_SMS_DIR). */
export type StoredText = { to: string; text: string; channel: string; receivedAt: string };

/**
 * Writes a received mail or text as `dir/name` whole: under a temporary name first, then renamed,
 * so a test reading the folder never meets a file half written.
 */
async function keep(dir: string, name: string, value: unknown): Promise<void> {
  const file = path.join(dir, name);
  await writeFile(`${file}.part`, JSON.stringify(value, null, 2));
  await rename(`${file}.part`, file);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function startSmtp(mailDir: string): Promise<{ server: SMTPServer; port: number }> {
  let sequence = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (parsed) => {
          const to = (Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : []).flatMap(
            (group) => group.value.map((address) => (address.address ?? '').toLowerCase()),
          );
          const mail: StoredMail = {
            to,
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            receivedAt: new Date().toISOString(),
          };
          sequence += 1;
          // Names sort in arrival order; the fixture returns the oldest unread match first.
          const name = `${Date.now()}-${String(sequence).padStart(6, '0')}.json`;
          await keep(mailDir, name, mail);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve, reject) => {
    server.on('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return { server, port };
}

/** The SMS gateway: answers every POST as a gateway does and keeps each text, in arrival order. */
async function startSmsGateway(smsDir: string): Promise<{ server: Server; url: string }> {
  let sequence = 0;
  const server = createHttpServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      let text: StoredText;
      try {
        const body = JSON.parse(raw) as Partial<StoredText>;
        text = {
          to: String(body.to ?? ''),
          text: String(body.text ?? ''),
          channel: String(body.channel ?? ''),
          receivedAt: new Date().toISOString(),
        };
      } catch {
        res.writeHead(400, { 'Content-Type': 'application/json' }).end('{"error":"not JSON"}');
        return;
      }
      sequence += 1;
      const name = `${Date.now()}-${String(sequence).padStart(6, '0')}.json`;
      keep(smsDir, name, text).then(
        () => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"status":"queued"}'),
        () => res.writeHead(500).end(),
      );
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve, reject) => {
    server.on('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return { server, url: `http://127.0.0.1:${port}/send` };
}

function tail(file: string, lines = 40): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

async function waitForHealth(baseUrl: string, api: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (api.exitCode !== null) {
      throw new Error(`The API exited with code ${api.exitCode} while starting:\n${tail(logFile)}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `The API did not answer GET /api/health with 200 within ${HEALTH_TIMEOUT_MS / 1000} s:\n${tail(logFile)}`,
  );
}

function stopProcess(child: ChildProcess, timeoutMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    // SIGTERM lets the API close its server and stop its embedded database.
    child.kill('SIGTERM');
  });
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  for (const [file, hint] of [
    [API_ENTRY, 'the API'],
    [path.join(WEB_DIST, 'index.html'), 'the web app'],
    [path.join(WEB_DIR, '.ssr', 'entry-server.js'), "the web app's server bundle"],
  ] as const) {
    if (!existsSync(file)) {
      throw new Error(`${hint} is not built (${file} is missing): run \`pnpm build\` at the root.`);
    }
  }

  const tempDir = mkdtempSync(path.join(tmpdir(), 'vanya-e2e-'));
  const mailDir = path.join(tempDir, 'mail');
  const smsDir = path.join(tempDir, 'sms');
  const dataDir = path.join(tempDir, 'data');
  const apiLog = path.join(tempDir, 'api.log');
  const webDir = path.join(tempDir, 'web');
  mkdirSync(mailDir);
  mkdirSync(smsDir);
  mkdirSync(dataDir);
  // The API serves a copy of the built web app, so a rebuild while the tests run changes nothing;
  // its server bundle beside it, with which the API renders the pages for its catalogue.
  cpSync(WEB_DIST, webDir, { recursive: true });
  cpSync(path.join(WEB_DIR, '.ssr'), path.join(tempDir, '.ssr'), { recursive: true });

  const smtp = await startSmtp(mailDir);
  const sms = await startSmsGateway(smsDir);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;

  const logFd = openSync(apiLog, 'a');
  const api = spawn(process.execPath, [API_ENTRY], {
    cwd: REPO_ROOT,
    stdio: ['ignore', logFd, logFd],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      SERVE_WEB: 'true',
      WEB_DIST_DIR: webDir,
      WEB_ORIGIN: baseUrl,
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      BCRYPT_COST: '4',
      RATE_LIMIT_SCALE: '100',
      LOG_PRETTY: 'false',
      LOG_LEVEL: 'info',
      // Empty counts as unset for the API and keeps a developer's .env from pointing the tests at
      // another database, upload folder or payment account.
      MONGODB_URI: '',
      UPLOAD_DIR: '',
      RAZORPAY_KEY_ID: '',
      RAZORPAY_KEY_SECRET: '',
      RAZORPAY_WEBHOOK_SECRET: '',
      SMS_URL: sms.url,
      SMS_API_KEY: '',
      // The owner area's browser tests sign this address up and run the shop with it.
      OWNER_EMAILS: OWNER_EMAIL,
      // Every spec orders from one database for the whole run, and unpaid orders hold their units
      // for 30 minutes: enough stock that only the stock spec ever sees it run short.
      STOCK_INITIAL: '1000',
    },
  });
  closeSync(logFd);

  const teardown = async () => {
    await stopProcess(api);
    await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
    sms.server.closeAllConnections();
    await new Promise<void>((resolve) => sms.server.close(() => resolve()));
    // E2E_KEEP_TEMP=1 keeps the mails, the texts, the API log and the database for a look after a failure.
    if (process.env.E2E_KEEP_TEMP) console.log(`E2E files kept in ${tempDir}`);
    else rmSync(tempDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, api, apiLog);
  } catch (error) {
    await teardown();
    throw error;
  }

  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_SMS_DIR = smsDir;
  return teardown;
}
