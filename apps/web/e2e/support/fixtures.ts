/* eslint-disable no-empty-pattern -- Playwright fixtures take their dependencies as a destructured first argument, which is empty for these. */
import { readFileSync, readdirSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { test as base, expect, type Page } from '@playwright/test';

// Fixtures every browser test shares (accounts and storefront alike):
//   mailbox.waitFor(to, subject?, timeoutMs?)  the oldest matching mail not yet returned
//   smsCode(phone)                             the newest development SMS code sent to `phone`
//   screenshot(name)                           e2e/screenshots/<project>/<name>.png, full page
// plus uniqueEmail(tag), codeIn(mail) and linkIn(mail, prefix).

export type Mail = { to: string[]; subject: string; text: string; html: string };

export type Mailbox = {
  waitFor(to: string, subject?: RegExp, timeoutMs?: number): Promise<Mail>;
};

type Fixtures = {
  mailbox: Mailbox;
  smsCode: (phone: string) => Promise<string>;
  /** Internal: tells `screenshot` which page and project the running test has. */
  _screenshotTarget: void;
};

type WorkerFixtures = {
  screenshot: (name: string) => Promise<void>;
};

const SCREENSHOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');
const POLL_MS = 100;
const DEFAULT_WAIT_MS = 15_000;

function requiredEnv(name: 'E2E_BASE_URL' | 'E2E_MAIL_DIR' | 'E2E_API_LOG'): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the tests through playwright.config.ts.`);
  return value;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Per worker (workers: 1, so per run): a mail or SMS handed to one test is never handed out again.
const claimedMails = new Set<string>();
const claimedSmsLines = new Set<number>();

async function waitForMail(to: string, subject?: RegExp, timeoutMs = DEFAULT_WAIT_MS) {
  const dir = requiredEnv('E2E_MAIL_DIR');
  const address = to.toLowerCase();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const name of readdirSync(dir).sort()) {
      if (claimedMails.has(name) || !name.endsWith('.json')) continue;
      const mail = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as Mail;
      if (!mail.to.includes(address) || (subject && !subject.test(mail.subject))) continue;
      claimedMails.add(name);
      return { to: mail.to, subject: mail.subject, text: mail.text, html: mail.html };
    }
    if (Date.now() > deadline) {
      throw new Error(
        `No mail to ${to}${subject ? ` matching ${subject}` : ''} in ${timeoutMs} ms`,
      );
    }
    await sleep(POLL_MS);
  }
}

/** The API logs development SMS as JSON lines: {"to":"9876543210","msg":"development SMS: 123456 is ..."}. */
async function waitForSmsCode(phone: string, timeoutMs = DEFAULT_WAIT_MS): Promise<string> {
  const logFile = requiredEnv('E2E_API_LOG');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const lines = readFileSync(logFile, 'utf8').split('\n');
    for (let index = lines.length - 1; index >= 0; index -= 1) {
      const line = lines[index] ?? '';
      if (claimedSmsLines.has(index) || !line.includes('development SMS')) continue;
      try {
        const entry = JSON.parse(line) as { to?: string; msg?: string };
        const code = /development SMS: (\d{6})\b/.exec(entry.msg ?? '')?.[1];
        if (entry.to === phone && code) {
          claimedSmsLines.add(index);
          return code;
        }
      } catch {
        // A line still being written.
      }
    }
    if (Date.now() > deadline) throw new Error(`No development SMS to ${phone} in ${timeoutMs} ms`);
    await sleep(POLL_MS);
  }
}

// Playwright's own `screenshot` is a worker-scoped option (the on-failure capture mode), so ours
// has to be worker-scoped too and cannot take `page` directly: an automatic test fixture hands it
// the running test's page. Playwright reads a non-string value of the option as 'off'.
let screenshotTarget: { page: Page; project: string } | undefined;

export const test = base.extend<Fixtures, WorkerFixtures>({
  baseURL: async ({}, provide) => {
    await provide(requiredEnv('E2E_BASE_URL'));
  },

  mailbox: async ({}, provide) => {
    await provide({ waitFor: waitForMail });
  },

  smsCode: async ({}, provide) => {
    await provide((phone) => waitForSmsCode(phone));
  },

  _screenshotTarget: [
    async ({ page }, provide, testInfo) => {
      screenshotTarget = { page, project: testInfo.project.name };
      await provide();
      screenshotTarget = undefined;
    },
    { auto: true },
  ],

  screenshot: [
    async ({}, provide) => {
      const shoot: WorkerFixtures['screenshot'] = async (name) => {
        if (!screenshotTarget) throw new Error('screenshot() works only inside a test.');
        const { page, project } = screenshotTarget;
        const dir = path.join(SCREENSHOT_DIR, project);
        await mkdir(dir, { recursive: true });
        // From the top, as a visitor first sees it (a focused field may have scrolled the page).
        await page.evaluate(() => window.scrollTo({ top: 0, left: 0, behavior: 'instant' }));
        await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
      };
      // The typings still expect the built-in option's type for this name.
      await provide(shoot as unknown as Parameters<typeof provide>[0]);
    },
    { scope: 'worker' },
  ],
});

export { expect };

let emailCounter = 0;

/** An address no other test (or earlier run against the same database) has used. */
export function uniqueEmail(tag: string): string {
  emailCounter += 1;
  const slug = tag.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return `${slug}-${Date.now().toString(36)}-${process.pid}-${emailCounter}@example.com`;
}

/** The first 6-digit code in a mail's text. */
export function codeIn(mail: Mail): string {
  const match = /\b(\d{6})\b/.exec(mail.text);
  if (!match?.[1]) throw new Error(`No 6-digit code in mail '${mail.subject}'`);
  return match[1];
}

/** The first link in a mail's text that starts with `prefix` (a full URL or a path after the origin). */
export function linkIn(mail: Mail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`(?:https?://[^\\s/]+)?${escaped}[^\\s>"]*`).exec(mail.text);
  if (!match) throw new Error(`No link starting with ${prefix} in mail '${mail.subject}'`);
  return match[0];
}
