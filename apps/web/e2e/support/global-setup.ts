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
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

import { OWNER_EMAIL } from './owner';

// Starts everything the browser tests talk to: a real SMTP server that keeps each mail as a JSON
// file, and the built API (which serves the built web app and starts its own embedded database).
// Workers read E2E_BASE_URL, E2E_MAIL_DIR and E2E_API_LOG from the environment. The function it
// returns is the global teardown.

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
          await writeFile(path.join(mailDir, name), JSON.stringify(mail, null, 2));
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
  ] as const) {
    if (!existsSync(file)) {
      throw new Error(`${hint} is not built (${file} is missing): run \`pnpm build\` at the root.`);
    }
  }

  const tempDir = mkdtempSync(path.join(tmpdir(), 'vanya-e2e-'));
  const mailDir = path.join(tempDir, 'mail');
  const dataDir = path.join(tempDir, 'data');
  const apiLog = path.join(tempDir, 'api.log');
  const webDir = path.join(tempDir, 'web');
  mkdirSync(mailDir);
  mkdirSync(dataDir);
  // The API serves a copy of the built web app, so a rebuild while the tests run changes nothing.
  cpSync(WEB_DIST, webDir, { recursive: true });

  const smtp = await startSmtp(mailDir);
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
      SMS_URL: '',
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
    // E2E_KEEP_TEMP=1 keeps the mails, the API log and the database for a look after a failure.
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
  process.env.E2E_API_LOG = apiLog;
  return teardown;
}
