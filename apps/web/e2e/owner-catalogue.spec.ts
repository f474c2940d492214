import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { formatINR, getProduct } from '@vanya/catalog';

import { createVerifiedAccount, logIn, quietStart } from './support/accounts';
import { expect, test, type Mailbox } from './support/fixtures';
import { ensureOwner, OWNER, openOwnerTab } from './support/owner';
import { expectCartCount } from './shop-helpers';

// The owner's catalogue through the browser: the owner changes a product's name and price in
// /admin's Products tab, starts a sale and hides the product; a visitor without JavaScript reads
// the new page (name, price, JSON-LD) as the API renders it, a shopper's open cart follows the
// price, and the hidden product's page answers 404 and leaves the list and the sitemap. The test
// puts the product back as it was, whatever happens, for the suites after it.

const ID = 'ScrubClub';
const STARTER = getProduct(ID)!;
const RENAMED = 'The Scrub Club (Diwali)';
const NEW_PRICE = 37_900;
const SALE_PRICE = 34_900;

/** India's wall clock a few minutes from now, as a datetime-local field takes it. */
function indiaClock(offsetMinutes: number): string {
  return new Date(Date.now() + (330 + offsetMinutes) * 60_000).toISOString().slice(0, 16);
}

/** The product as it started, through the API as the owner (the clean-up, not the journey). */
async function restore(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', {
    data: { email: OWNER.email, password: OWNER.password },
  });
  const { token } = (await login.json()) as { token: string };
  const put = await request.put(`/api/admin/products/${ID}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      name: STARTER.name,
      description: STARTER.description,
      longdescription: STARTER.longdescription,
      category: STARTER.category,
      size: STARTER.size,
      ingredients: [...STARTER.ingredients],
      benefits: [...STARTER.benefits],
      howToUseDescription: [...STARTER.howToUseDescription],
      howToUseVideo: STARTER.howToUseVideo,
      images: [...STARTER.images],
      hsn: STARTER.hsn,
      gstRate: STARTER.gstRate,
      contents: STARTER.contents.map((c) => ({ ...c })),
      relatedProductIds: [...STARTER.relatedProductIds],
      featured: STARTER.featured,
      isNew: STARTER.isNew,
      price: STARTER.price,
      mrp: STARTER.mrp,
      sale: null,
      status: 'published',
    },
  });
  expect(put.status(), await put.text()).toBe(200);
}

/** The page as a visitor without JavaScript gets it: the HTML the API rendered. */
async function withoutScript(browser: Browser, baseURL: string, path: string) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto(path);
  return { page, status: response?.status(), close: () => context.close() };
}

async function openProducts(page: Page, request: APIRequestContext, mailbox: Mailbox) {
  await logIn(page, await ensureOwner(request, mailbox));
  await page.goto('/admin');
  await openOwnerTab(page, 'Products');
  return page.getByRole('region', { name: 'Products' });
}

test.beforeEach(async ({ page }) => {
  await quietStart(page);
});

test('the owner renames and reprices a product, starts a sale and hides it; the shop follows without a build', async ({
  page,
  browser,
  baseURL,
  request,
  mailbox,
  screenshot,
  allowConsoleError,
}) => {
  test.slow();
  // The hidden product's page is asked for on purpose: the browser logs its 404.
  allowConsoleError(/status of 404 \(Not Found\) \(http:\/\/[^)]*\/products\/ScrubClub\)/);
  try {
    // A shopper puts the product in the cart at its price of now.
    const shopperContext = await browser.newContext({ baseURL, viewport: page.viewportSize() });
    const shopper = await shopperContext.newPage();
    await quietStart(shopper);
    await logIn(shopper, await createVerifiedAccount(request, mailbox));
    await shopper.goto(`/products/${ID}`);
    await shopper.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expectCartCount(shopper, 1);

    const products = await openProducts(page, request, mailbox);
    const row = products.getByRole('listitem').filter({ hasText: STARTER.name });
    await expect(row).toContainText(`${formatINR(STARTER.price)} · MRP ${formatINR(STARTER.mrp)}`);
    await screenshot('owner-products');
    await row.getByRole('button', { name: `Edit ${STARTER.name}` }).click();
    const form = page.getByRole('form', { name: `Edit ${STARTER.name}` });
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill(RENAMED);
    await form
      .getByRole('textbox', { name: 'Price (₹)', exact: true })
      .fill(String(NEW_PRICE / 100));
    await screenshot('owner-product-form');
    await form.getByRole('button', { name: 'Save product' }).click();
    await expect(page.getByRole('status').filter({ hasText: `${RENAMED} saved.` })).toBeVisible();
    const renamedRow = products.getByRole('listitem').filter({ hasText: RENAMED });
    await expect(renamedRow).toContainText(`${formatINR(NEW_PRICE)} · MRP`);

    // Without JavaScript: the page the API renders names and prices the product anew.
    const plain = await withoutScript(browser, baseURL!, `/products/${ID}`);
    expect(plain.status).toBe(200);
    await expect(plain.page.getByRole('heading', { level: 1, name: RENAMED })).toBeVisible();
    await expect(plain.page.getByText(formatINR(NEW_PRICE)).first()).toBeVisible();
    const ld = JSON.parse(
      (await plain.page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    ) as { name: string; offers: { price: string } };
    expect(ld).toMatchObject({ name: RENAMED, offers: { price: (NEW_PRICE / 100).toFixed(2) } });
    await plain.close();

    // The shopper's cart, opened again, prices the line at the new price.
    await shopper.goto('/cart');
    await expect(shopper.getByText(RENAMED).first()).toBeVisible();
    await expect(shopper.getByText(formatINR(NEW_PRICE)).first()).toBeVisible();

    // A sale from this minute for an hour: the page shows the sale price beside the MRP.
    await renamedRow.getByRole('button', { name: `Edit ${RENAMED}` }).click();
    const again = page.getByRole('form', { name: `Edit ${RENAMED}` });
    await again.getByRole('textbox', { name: 'Sale price (₹)' }).fill(String(SALE_PRICE / 100));
    await again.getByLabel('Sale starts (India time)').fill(indiaClock(-1));
    await again.getByLabel('Sale ends (India time)').fill(indiaClock(60));
    await again.getByRole('button', { name: 'Save product' }).click();
    await expect(renamedRow).toContainText('On sale now');
    await shopper.goto(`/products/${ID}`);
    await expect(shopper.getByText(formatINR(SALE_PRICE)).first()).toBeVisible();
    await expect(shopper.getByText(formatINR(STARTER.mrp)).first()).toBeVisible();
    await shopper.goto('/cart');
    await expect(shopper.getByText(formatINR(SALE_PRICE)).first()).toBeVisible();

    // Hidden: its page answers 404 and it leaves the list and the sitemap.
    await renamedRow.getByRole('button', { name: `Edit ${RENAMED}` }).click();
    const last = page.getByRole('form', { name: `Edit ${RENAMED}` });
    await last.getByRole('combobox', { name: 'Status' }).selectOption('Hidden');
    await last.getByRole('button', { name: 'Save product' }).click();
    await expect(renamedRow.getByText('Hidden', { exact: true })).toBeVisible();
    const gone = await withoutScript(browser, baseURL!, `/products/${ID}`);
    expect(gone.status).toBe(404);
    await gone.close();
    const sitemap = await request.get('/sitemap.xml');
    expect(await sitemap.text()).not.toContain(`/products/${ID}`);
    await shopper.goto('/products');
    await expect(shopper.getByRole('list', { name: 'Our Products' })).toBeVisible();
    await expect(shopper.getByText(RENAMED)).toHaveCount(0);
    await shopperContext.close();
  } finally {
    await restore(request);
  }
});
