/* eslint-disable no-empty-pattern -- Playwright fixtures take their dependencies as a destructured first argument, which is empty for these. */
import { readFileSync, readdirSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';

// Fixtures every browser test shares (accounts and storefront alike):
//   mailbox.waitFor(to, subject?, timeoutMs?)  the oldest matching mail not yet returned
//   smsCode(phone)                             the newest code texted to `phone` not yet returned
//   screenshot(name)                           e2e/screenshots/<project>/<name>.png, full page
//   allowConsoleError(pattern)                 lets this test's pages log an error it expects
// plus uniqueEmail(tag), codeIn(mail) and linkIn(mail, prefix). Every test fails when one of its
// pages (in any browser context) throws an uncaught error or logs a console error it did not allow.

export type Mail = { to: string[]; subject: string; text: string; html: string };

export type Mailbox = {
  waitFor(to: string, subject?: RegExp, timeoutMs?: number): Promise<Mail>;
};

type Fixtures = {
  mailbox: Mailbox;
  smsCode: (phone: string) => Promise<string>;
  allowConsoleError: (pattern: RegExp) => void;
  /** Internal: what this test's pages reported, and the errors it allowed. */
  _pageProblems: { seen: string[]; allowed: RegExp[] };
  /** Internal: fails the test on a page error or console error it did not allow. */
  _failOnPageProblems: void;
  /** Internal: tells `screenshot` which page and project the running test has. */
  _screenshotTarget: void;
};

type WorkerFixtures = {
  screenshot: (name: string) => Promise<void>;
};

const SCREENSHOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');
const POLL_MS = 100;
const DEFAULT_WAIT_MS = 15_000;

function requiredEnv(name: 'E2E_BASE_URL' | 'E2E_MAIL_DIR' | 'E2E_SMS_DIR'): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the tests through playwright.config.ts.`);
  return value;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Per worker (workers: 1, so per run): a mail or text handed to one test is never handed out again.
const claimed = new Set<string>();

/**
 * Waits for a JSON file of `dir` (one per mail or text, named in arrival order) that `pick` turns
 * into a value, not handed out before: the oldest such file, or the newest.
 */
async function waitForFile<T>(
  dir: string,
  pick: (stored: unknown) => T | undefined,
  { newest, timeoutMs, what }: { newest: boolean; timeoutMs: number; what: string },
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .sort();
    if (newest) names.reverse();
    for (const name of names) {
      const file = path.join(dir, name);
      if (claimed.has(file)) continue;
      const value = pick(JSON.parse(readFileSync(file, 'utf8')));
      if (value === undefined) continue;
      claimed.add(file);
      return value;
    }
    if (Date.now() > deadline) throw new Error(`No ${what} in ${timeoutMs} ms`);
    await sleep(POLL_MS);
  }
}

function waitForMail(to: string, subject?: RegExp, timeoutMs = DEFAULT_WAIT_MS) {
  const address = to.toLowerCase();
  return waitForFile(
    requiredEnv('E2E_MAIL_DIR'),
    (stored) => {
      const mail = stored as Mail;
      if (!mail.to.includes(address) || (subject && !subject.test(mail.subject))) return undefined;
      return { to: mail.to, subject: mail.subject, text: mail.text, html: mail.html };
    },
    { newest: false, timeoutMs, what: `mail to ${to}${subject ? ` matching ${subject}` : ''}` },
  );
}

/**
 * The code of the newest text to `phone` that starts with one ("123456 is your ... code"), as the
 * SMS gateway received it (to +91 and the 10 digits).
 */
function waitForSmsCode(phone: string, timeoutMs = DEFAULT_WAIT_MS): Promise<string> {
  return waitForFile(
    requiredEnv('E2E_SMS_DIR'),
    (stored) => {
      const text = stored as { to: string; text: string };
      if (text.to !== `+91${phone}`) return undefined;
      return /^(\d{6})\b/.exec(text.text)?.[1];
    },
    { newest: true, timeoutMs, what: `SMS code to ${phone}` },
  );
}

/** Notes what `page` throws uncaught and logs as a console error. */
function watchPage(page: Page, seen: string[]): void {
  page.on('pageerror', (error) => seen.push(`uncaught ${error.name}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const { url } = message.location();
    seen.push(`console error: ${message.text()}${url ? ` (${url})` : ''}`);
  });
}

function watchContext(context: BrowserContext, seen: string[]): void {
  for (const page of context.pages()) watchPage(page, seen);
  context.on('page', (page) => watchPage(page, seen));
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

  _pageProblems: async ({}, provide) => {
    await provide({ seen: [], allowed: [] });
  },

  allowConsoleError: async ({ _pageProblems }, provide) => {
    await provide((pattern) => _pageProblems.allowed.push(pattern));
  },

  // Every page of the test, in its own context and in any other it opens, is watched from its
  // first script on; the test fails afterwards on anything it did not allow.
  _failOnPageProblems: [
    async ({ context, browser, _pageProblems }, provide) => {
      const { seen, allowed } = _pageProblems;
      watchContext(context, seen);
      const onContext = (other: BrowserContext) => watchContext(other, seen);
      browser.on('context', onContext);
      await provide();
      browser.off('context', onContext);
      const unexpected = seen.filter(
        (problem) => !allowed.some((pattern) => pattern.test(problem)),
      );
      if (unexpected.length > 0) {
        throw new Error(`The pages reported errors:\n  ${unexpected.join('\n  ')}`);
      }
    },
    { auto: true },
  ],

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
