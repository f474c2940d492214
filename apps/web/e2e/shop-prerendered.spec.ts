import { brand, formatINR, getProduct, products } from '@vanya/catalog';
import type { Page } from '@playwright/test';

import { DELIVERY_TEXTS } from '../src/components/delivery/delivery-texts';
import { CONSENT_TEXTS } from '../src/features/consent/texts';
import { prerenderedPaths } from '../src/app/site-files';
import { createVerifiedAccount, logIn, waitOutSplash } from './support/accounts';
import { expect, test } from './support/fixtures';
import { expectCartCount } from './shop-helpers';

// Pages as a search engine and a visitor meet them: the public pages arrive as HTML drawn by the
// app's own components, each with its own head, and the app takes that HTML over in place, for a
// first visitor and for one who comes back with what they left in the browser.

const butter = getProduct('Bodybutter')!;
// The test API sells the catalogue of the code.
const PRERENDERED_PAGES = prerenderedPaths(products);

// The returning visitor's walk meets the splash, as a visitor who has not asked for less motion.
test.use({ reducedMotion: 'no-preference' });

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

/** Visits every prerendered page and waits each time until the app has taken its HTML over. */
async function walkPrerenderedPages(page: Page): Promise<void> {
  for (const pagePath of PRERENDERED_PAGES) {
    await page.goto(pagePath);
    await waitOutSplash(page);
    // Hydrated: the router has taken the page's links over (a click would navigate in place).
    await page.waitForFunction(() => {
      const root = document.getElementById('root');
      return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
    });
    await expect(page.locator('h1').first()).toBeVisible();
    expect(await page.locator('head > title').count(), pagePath).toBe(1);
    // The page's requests (what it draws after taking over) have settled.
    await page.waitForLoadState('networkidle');
  }
}

// Every page of these walks is watched by the fixture: a hydration mismatch (React's #418, which
// makes it throw the prerendered HTML away and draw the page again), or any other error, fails.
test('every prerendered page is taken over in place, for a first visitor and for one who comes back with a PIN, a cart, a session and a cookie choice', async ({
  page,
  request,
  mailbox,
}) => {
  test.slow();

  await test.step('a first visit', async () => {
    await walkPrerenderedPages(page);
  });

  const account = await createVerifiedAccount(request, mailbox, 'returning');
  await test.step('the visitor chooses cookies, checks a PIN, fills the cart and signs in', async () => {
    await page.goto('/products/Bodybutter');
    const banner = page.getByRole('region', { name: CONSENT_TEXTS.heading });
    await banner.getByRole('button', { name: CONSENT_TEXTS.acceptAll }).click();
    await expect(banner).toHaveCount(0);
    const check = page.getByRole('region', { name: DELIVERY_TEXTS.heading });
    await check.getByRole('textbox', { name: DELIVERY_TEXTS.pinLabel }).fill('413512');
    await check.getByRole('button', { name: DELIVERY_TEXTS.check }).click();
    await expect(check.getByText(/^Delivery by /)).toBeVisible();
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expectCartCount(page, 1);
    await logIn(page, account);
  });

  await test.step('the same visit, page after page', async () => {
    await walkPrerenderedPages(page);
  });

  await test.step('a later visit in a new tab: the splash again, then every page', async () => {
    const later = await page.context().newPage();
    await walkPrerenderedPages(later);
    // What the visitor left is drawn once the app has the page: the PIN's answer, the cart.
    await later.goto('/products/TanGoneSoap');
    const check = later.getByRole('region', { name: DELIVERY_TEXTS.heading });
    await expect(check.getByRole('textbox', { name: DELIVERY_TEXTS.pinLabel })).toHaveValue(
      '413512',
    );
    await expect(check.getByText(/^Delivery by /)).toBeVisible();
    await expectCartCount(later, 1);
    await later.close();
  });

  // Moving on in place keeps one title, the new page's.
  await page.goto('/products');
  await page.locator(`a[href="/products/Bodybutter"]`).first().click();
  await expect(page.getByRole('heading', { level: 1, name: butter.name })).toBeVisible();
  await expect(page).toHaveTitle(`${butter.name} | ${brand.name}`);
  expect(await page.locator('head > title').count()).toBe(1);
});
