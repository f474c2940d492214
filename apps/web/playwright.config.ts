import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './scripts/chromium.mjs';

// Browser end-to-end tests: the built web app served by the real API (SERVE_WEB), its embedded
// database and a real SMTP server, all started by e2e/support/global-setup.ts. Build first
// (`pnpm build` at the repository root), then `pnpm test:e2e` here.
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/support/global-setup.ts',
  reporter: [['list'], ['json', { outputFile: '.reports/playwright.json' }]],
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  // Web-first assertions retry for up to 10 s (the default is 5 s): CI runs on two busy cores.
  expect: { timeout: 10_000 },
  forbidOnly: true,
  use: {
    // Set by the global setup; the workers inherit it.
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    // A visitor who asks for less motion: no splash on a first visit (3.7 s a test saved). The
    // tests of the splash itself ask for motion (shop-site, shop-prerendered).
    reducedMotion: 'reduce',
    // Leave `screenshot` unset: the fixture of that name (support/fixtures.ts) saves named shots.
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [
    {
      name: 'phone',
      use: { viewport: { width: 390, height: 844 }, isMobile: false, hasTouch: true },
    },
    {
      name: 'desktop',
      use: { viewport: { width: 1280, height: 800 } },
    },
  ],
});
