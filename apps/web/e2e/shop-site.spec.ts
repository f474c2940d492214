import { brand, TIMINGS } from '@vanya/catalog';

import { expect, test } from './support/fixtures';
import { waitOutSplash } from './support/accounts';

// Site-wide pieces (issue 6): the splash on a first visit, and the cookie banner whose choice is
// kept only once the API has logged it, with the tracking scripts only after accept or customise.

test('the first visit opens with the splash: favicon, the typed name, the counter, then the app', async ({
  page,
}) => {
  // Notes every step the splash shows, with its time on the page's clock, as it happens.
  await page.addInitScript(() => {
    const steps: { at: number; phase: string; name: string; counter: string }[] = [];
    (window as unknown as { splashSteps: typeof steps }).splashSteps = steps;
    const observer = new MutationObserver(() => {
      const splash = document.querySelector<HTMLElement>('[data-testid="splash"]');
      if (!splash) return;
      const step = {
        at: performance.now(),
        phase: splash.dataset.phase ?? '',
        name: splash.querySelector('.splash__name')?.textContent ?? '',
        counter: splash.querySelector('.splash__counter')?.textContent ?? '',
      };
      const last = steps.at(-1);
      if (
        !last ||
        last.phase !== step.phase ||
        last.name !== step.name ||
        last.counter !== step.counter
      ) {
        steps.push(step);
      }
    });
    document.addEventListener('DOMContentLoaded', () =>
      observer.observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
      }),
    );
  });
  // The page's timers run on a paused clock that the test moves on, step by step: the splash's
  // timing is checked on that clock, whatever the machine's load.
  await page.clock.install({ time: new Date('2026-01-05T10:00:00+05:30') });
  await page.clock.pauseAt(new Date('2026-01-05T10:00:01+05:30'));
  await page.goto('/');
  const splash = page.getByTestId('splash');
  await expect(splash).toHaveAttribute('data-phase', 'favicon');

  await page.clock.runFor(TIMINGS.splashFaviconMs);
  await expect(splash).toHaveAttribute('data-phase', 'typing');
  // Typing moves nothing: the name's line starts where it will end, letter after letter.
  const lineStarts = new Set<number | undefined>();
  for (let letter = 1; letter <= brand.name.length; letter += 1) {
    await page.clock.runFor(TIMINGS.splashTypingPerLetterMs);
    await expect(splash.locator('.splash__name')).toHaveText(brand.name.slice(0, letter));
    lineStarts.add((await splash.locator('.splash__name').boundingBox())?.x);
  }
  expect([...lineStarts]).toHaveLength(1);
  await expect(splash).toHaveAttribute('data-phase', 'loading');
  for (let percent = 10; percent <= 100; percent += 10) {
    await page.clock.runFor(TIMINGS.splashCounterStepMs * 10);
    await expect(splash.locator('.splash__counter')).toHaveText(`${percent}%`);
  }
  await expect(splash).toHaveAttribute('data-phase', 'done');
  await page.clock.runFor(TIMINGS.splashFadeOutMs);
  await expect(splash).toBeHidden();
  await page.clock.resume();
  await expect(page.getByRole('region', { name: 'Featured' })).toBeVisible();

  const steps = await page.evaluate(
    () =>
      (
        window as unknown as {
          splashSteps: { at: number; phase: string; name: string; counter: string }[];
        }
      ).splashSteps,
  );
  const phases = [...new Set(steps.map((step) => step.phase))];
  expect(phases).toEqual(['favicon', 'typing', 'loading', 'done']);
  const typed = steps.filter((step) => step.phase === 'typing').map((step) => step.name);
  expect(typed.at(-1)).toBe(brand.name);
  expect(typed).toContain(brand.name.slice(0, 5));
  const counted = steps
    .filter((step) => step.phase !== 'typing' && step.counter)
    .map((step) => step.counter);
  expect(counted[0]).toBe('0%');
  expect(counted.at(-1)).toBe('100%');
  // On the page's clock: 14 letters at 100 ms and 100 steps of 14 ms, 2.8 s from the first letter
  // to the end of the count.
  const typingStart = steps.find((step) => step.phase === 'typing')?.at ?? 0;
  const done = steps.find((step) => step.phase === 'done')?.at ?? 0;
  expect(done - typingStart).toBe(
    TIMINGS.splashTypingPerLetterMs * brand.name.length + TIMINGS.splashCounterStepMs * 100,
  );

  // Once per visit: the next page load goes straight to the app.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Featured' })).toBeVisible();
  await expect(page.getByTestId('splash')).toHaveCount(0);
});

test('accepting cookies logs the choice, keeps it and loads the analytics and pixel scripts', async ({
  page,
  screenshot,
}) => {
  const logged = page.waitForRequest((request) => request.url().endsWith('/api/consent'));
  await page.goto('/');
  await waitOutSplash(page);
  const banner = page.getByRole('region', { name: 'We value your privacy' });
  await expect(banner).toBeVisible();
  await screenshot('consent-banner');
  await banner.getByRole('button', { name: 'Accept All' }).click();
  expect((await logged).postDataJSON()).toEqual({
    analytics: true,
    marketing: true,
    preferences: true,
  });
  await expect(banner).toBeHidden();

  expect(await page.evaluate(() => window.localStorage.getItem('cookie_consent'))).toBe('accepted');
  expect(
    await page.evaluate(() => JSON.parse(window.localStorage.getItem('cookie_categories') ?? '[]')),
  ).toEqual(['necessary', 'analytics', 'marketing']);
  await expect(page.locator('script[src="/scripts/analytics.js"]')).toBeAttached();
  await expect(page.locator('script[src="/scripts/pixel.js"]')).toBeAttached();

  // The choice is remembered: no banner on the next visit, and the scripts load again.
  await page.goto('/products');
  await expect(page.getByRole('heading', { level: 1, name: 'Our Products' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'We value your privacy' })).toHaveCount(0);
  await expect(page.locator('script[src="/scripts/analytics.js"]')).toBeAttached();
});

test('rejecting cookies keeps only the necessary ones and loads no tracking script', async ({
  page,
}) => {
  await page.goto('/about');
  await waitOutSplash(page);
  const banner = page.getByRole('region', { name: 'We value your privacy' });
  await banner.getByRole('button', { name: 'Reject' }).click();
  await expect(banner).toBeHidden();
  expect(await page.evaluate(() => window.localStorage.getItem('cookie_consent'))).toBe('rejected');
  expect(await page.evaluate(() => window.localStorage.getItem('cookie_categories'))).toBe(
    '["necessary"]',
  );
  await expect(page.locator('script[src="/scripts/analytics.js"]')).toHaveCount(0);
  await expect(page.locator('script[src="/scripts/pixel.js"]')).toHaveCount(0);
});

test('customised cookies keep the chosen categories, necessary always on', async ({ page }) => {
  await page.goto('/contact');
  await waitOutSplash(page);
  const banner = page.getByRole('region', { name: 'We value your privacy' });
  await banner.getByRole('button', { name: 'Customise' }).click();
  await expect(banner.getByRole('switch', { name: 'Necessary' })).toBeDisabled();
  await expect(banner.getByRole('switch', { name: 'Necessary' })).toBeChecked();
  await banner.getByRole('switch', { name: 'Marketing' }).check();
  await banner.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(banner).toBeHidden();
  expect(await page.evaluate(() => window.localStorage.getItem('cookie_consent'))).toBe(
    'customized',
  );
  await expect(page.locator('script[src="/scripts/pixel.js"]')).toBeAttached();
  await expect(page.locator('script[src="/scripts/analytics.js"]')).toHaveCount(0);
});

test('when the choice cannot be logged, nothing is kept and the banner stays', async ({
  page,
  allowConsoleError,
}) => {
  // The API answers 503 (played by the test), and the banner says so in the console.
  allowConsoleError(/status of 503 .*\/api\/consent/);
  allowConsoleError(/Could not log the cookie consent/);
  await page.route('**/api/consent', (route) => route.fulfill({ status: 503, body: '{}' }));
  await page.goto('/');
  await waitOutSplash(page);
  const banner = page.getByRole('region', { name: 'We value your privacy' });
  await banner.getByRole('button', { name: 'Accept All' }).click();
  await expect(banner.getByRole('button', { name: 'Accept All' })).toBeEnabled();
  await expect(banner).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('cookie_consent'))).toBeNull();
  await expect(page.locator('script[src="/scripts/analytics.js"]')).toHaveCount(0);
});
