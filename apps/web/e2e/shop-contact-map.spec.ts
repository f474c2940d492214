import type { Route } from '@playwright/test';

import { quietStart } from './support/accounts';
import { expect, test } from './support/fixtures';
import { settle } from './shop-helpers';

// The map on /contact: the drawn map with its links is what a visitor sees first (and all these
// tests' browser could see of the internet); OpenStreetMap's embedded map loads when asked for and
// replaces it once its frame has loaded, and a map that does not load gives the drawn one back.

const EMBED = 'https://www.openstreetmap.org/export/embed.html**';
const LIVE_TITLE = /^Interactive map: /;

test.beforeEach(async ({ page }) => {
  await quietStart(page);
});

test('the drawn map and its links show first, and nothing is asked of OpenStreetMap', async ({
  page,
  screenshot,
}) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('openstreetmap.org')) asked.push(request.url());
  });
  await page.goto('/contact');
  const map = page.getByRole('region', { name: 'Find us' });
  await map.scrollIntoViewIfNeeded();
  await expect(map.getByRole('img', { name: /^Map: Vanya Naturals/ })).toBeVisible();
  await expect(map.getByRole('link', { name: /Open in OpenStreetMap/ })).toHaveAttribute(
    'href',
    /^https:\/\/www\.openstreetmap\.org\/\?mlat=18\.396&mlon=76\.579/,
  );
  await expect(map.getByRole('link', { name: /Get directions/ })).toBeVisible();
  await expect(map.getByRole('button', { name: 'Show interactive map' })).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(0);
  expect(asked).toEqual([]);
  await settle(page);
  await screenshot('contact-map-drawn');
});

test('asked for, OpenStreetMap’s map replaces the drawn one once its frame has loaded', async ({
  page,
  screenshot,
}) => {
  // Stands in for OpenStreetMap (the test browser has no internet); the shop's CSP must let it in.
  await page.route(EMBED, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>OpenStreetMap Embedded</title><body style="margin:0;background:#aad3df;font:16px sans-serif;display:grid;place-items:center;height:100vh"><p>OpenStreetMap (test page)</p></body>',
    }),
  );
  await page.goto('/contact');
  const map = page.getByRole('region', { name: 'Find us' });
  await map.getByRole('button', { name: 'Show interactive map' }).click();

  const frame = page.getByTitle(LIVE_TITLE);
  await expect(frame).toBeVisible();
  await expect(frame).toHaveAttribute('loading', 'lazy');
  await expect(frame).toHaveAttribute(
    'src',
    /^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?bbox=76\.5690%2C18\.3890%2C76\.5890%2C18\.4030&layer=mapnik&marker=18\.396%2C76\.579$/,
  );
  await expect(page.frameLocator('iframe').getByText('OpenStreetMap (test page)')).toBeVisible();
  await expect(map.getByRole('img', { name: /^Map:/ })).toHaveCount(0);
  const box = await frame.boundingBox();
  expect(box?.height).toBeGreaterThan(150);
  // The links stay, and the drawn map is one click away.
  await expect(map.getByRole('link', { name: /Open in OpenStreetMap/ })).toBeVisible();
  await settle(page);
  await screenshot('contact-map-live');
  await map.getByRole('button', { name: 'Show the simple map' }).click();
  await expect(map.getByRole('img', { name: /^Map:/ })).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(0);
});

test('a map that does not load leaves the drawn one in view, then says so and keeps it', async ({
  page,
  screenshot,
}) => {
  // OpenStreetMap never answers; the page's clock is ours, so the 15 s wait takes no time.
  let pending: Route | undefined;
  await page.route(EMBED, (route) => {
    pending = route;
  });
  await page.clock.install();
  await page.goto('/contact');
  const map = page.getByRole('region', { name: 'Find us' });
  await map.getByRole('button', { name: 'Show interactive map' }).click();
  await expect(map.getByRole('status')).toHaveText('Loading the map…');
  await expect(map.getByRole('img', { name: /^Map:/ })).toBeVisible();
  await expect(page.getByTitle(LIVE_TITLE)).toHaveCSS('opacity', '0');

  await page.clock.fastForward(15_000);
  await expect(map.getByRole('status')).toHaveText(
    'The interactive map could not be loaded. The links below open it in a new tab.',
  );
  await expect(page.locator('iframe')).toHaveCount(0);
  await expect(map.getByRole('img', { name: /^Map:/ })).toBeVisible();
  await expect(map.getByRole('button', { name: 'Show interactive map' })).toBeVisible();
  await screenshot('contact-map-failed');
  await pending?.abort().catch(() => undefined);
});
