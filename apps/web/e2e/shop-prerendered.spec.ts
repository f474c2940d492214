import { brand, formatINR, getProduct, products } from '@vanya/catalog';
import type { ConsoleMessage } from '@playwright/test';

import { PRERENDERED_PAGES } from '../vite-plugins/prerender';
import { expect, test } from './support/fixtures';
import { skipSplash } from './shop-helpers';

// Pages as a search engine and a first visit meet them: the public pages arrive as HTML drawn by
// the app's own components, each with its own head, and the app takes that HTML over in place.

const butter = getProduct('Bodybutter')!;

test('a product page read without JavaScript carries its name, price, text and a JSON-LD Product in rupees', async ({
  request,
}) => {
  const res = await request.get('/products/Bodybutter', { headers: { Accept: 'text/html' } });
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain(`<title>${butter.name} | ${brand.name}</title>`);
  expect(html).toMatch(/<link rel="canonical" href="[^"]+\/products\/Bodybutter"/);
  expect(html).toContain(`<meta property="og:title" content="${butter.name} | ${brand.name}"`);
  const body = html.slice(html.indexOf('<div id="root"'));
  expect(body).toContain(`>${butter.name}</h1>`);
  expect(body).toContain(formatINR(butter.price));
  expect(body).toContain(butter.description);

  const ld = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1];
  expect(ld).toBeDefined();
  const product = JSON.parse(ld!) as {
    '@type': string;
    name: string;
    offers: { priceCurrency: string; price: string; availability: string };
    aggregateRating?: unknown;
  };
  expect(product['@type']).toBe('Product');
  expect(product.name).toBe(butter.name);
  expect(product.offers.priceCurrency).toBe('INR');
  expect(product.offers.price).toBe((butter.price / 100).toFixed(2));
  expect(product.offers.availability).toMatch(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/);
});

test('every page in the sitemap is served as its own HTML', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const paths = [...sitemap.matchAll(/<loc>https?:\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((m) => m[1]!);
  expect(paths.length).toBe(10 + products.length);
  for (const pagePath of paths) {
    const html = await (await request.get(pagePath, { headers: { Accept: 'text/html' } })).text();
    expect(html, pagePath).toContain('<div id="root" data-prerendered>');
    expect(html, pagePath).toMatch(/<h1[^>]*>[^<]+/);
  }
});

test('with JavaScript off, the product page shows its name and price, with no splash over them', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/products/Bodybutter');
  await expect(page.getByRole('heading', { level: 1, name: butter.name })).toBeVisible();
  await expect(page.getByText(formatINR(butter.price)).first()).toBeVisible();
  await expect(page.getByTestId('splash')).toBeHidden();
  await context.close();
});

test('the app takes over each prerendered page without redrawing it, then works as usual', async ({
  page,
}) => {
  const problems: string[] = [];
  const note = (message: ConsoleMessage) => {
    // A refused request is noted with its address below.
    if (message.text().startsWith('Failed to load resource')) return;
    if (message.type() === 'error' || /hydrat/i.test(message.text())) problems.push(message.text());
  };
  page.on('console', note);
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  await skipSplash(page);
  for (const pagePath of PRERENDERED_PAGES) {
    await page.goto(pagePath);
    // Hydrated: the router has taken the page's links over (a click would navigate in place).
    await page.waitForFunction(() => {
      const root = document.getElementById('root');
      return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
    });
    await expect(page.locator('h1').first()).toBeVisible();
    expect(await page.locator('head > title').count(), pagePath).toBe(1);
  }
  expect(problems).toEqual([]);

  // Moving on in place keeps one title, the new page's.
  await page.goto('/products');
  await page.locator(`a[href="/products/Bodybutter"]`).first().click();
  await expect(page.getByRole('heading', { level: 1, name: butter.name })).toBeVisible();
  await expect(page).toHaveTitle(`${butter.name} | ${brand.name}`);
  expect(await page.locator('head > title').count()).toBe(1);
});
