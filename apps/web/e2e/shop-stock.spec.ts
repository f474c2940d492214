import type { APIRequestContext, Page } from '@playwright/test';
import { getProduct } from '@vanya/catalog';

import { apiLogIn, logIn, logOut, quietStart } from './support/accounts';
import { expect, test, uniqueEmail } from './support/fixtures';
import { ensureOwner, OWNER_EMAIL, openOwnerTab } from './support/owner';
import { settle } from './shop-helpers';

// Stock counts through the browser, at phone and desktop width: the owner receives a batch of
// Exfoliating Scrub on the stock page and sees it in the counts and the ledger; a shopper then
// reads "Only 3 left" on the product's card and page; at 0 the page says Out of stock and takes an
// email for "Notify me", which is mailed once when the owner receives units again.

const SCRUB = getProduct('ExfoliatingScrub')!;

/** The owner's API, for setting up what the test is not about. */
function ownerApi(request: APIRequestContext, token: string) {
  const headers = { Authorization: `Bearer ${token}` };
  return {
    async available(): Promise<number> {
      const res = await request.get('/api/admin/stock', { headers });
      expect(res.status()).toBe(200);
      const body = (await res.json()) as { items: { productId: string; available: number }[] };
      return body.items.find((i) => i.productId === SCRUB.id)!.available;
    },
    async adjust(by: number, reason: string) {
      const res = await request.post(`/api/admin/stock/${SCRUB.id}`, {
        headers,
        data: { adjust: by, reason },
      });
      expect(res.status(), await res.text()).toBe(200);
    },
  };
}

/** Nothing is wider than the screen. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect.soft(overflow, 'sideways scroll (px)').toBeLessThanOrEqual(0);
}

/** A visitor: nobody signed in (logged out on the page), nothing the owner's pages left cached. */
async function asVisitor(page: Page) {
  await logOut(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
}

let owner: ReturnType<typeof ownerApi> | undefined;

test.beforeEach(async ({ page }) => {
  await quietStart(page);
});

// Whatever happened, the scrub is left in good supply for the other specs.
test.afterEach(async () => {
  // The test's own API context: it is gone once the test is over, so it is used once here.
  const api = owner;
  owner = undefined;
  if (!api) return;
  const left = await api.available();
  if (left < 50) await api.adjust(60 - left, 'Back to normal after the browser test');
});

test('the owner receives a batch on the stock page; a shopper sees how few are left, then asks to be told when it is back', async ({
  page,
  request,
  mailbox,
  screenshot,
}) => {
  test.slow();
  const account = await ensureOwner(request, mailbox);
  owner = ownerApi(request, await apiLogIn(request, account));
  // One scrub on the shelf to start from.
  await owner.adjust(1 - (await owner.available()), 'Counted the shelf');

  await test.step('the owner receives two scrubs and sees the counts and the ledger', async () => {
    await logIn(page, account);
    await page.goto('/admin');
    await openOwnerTab(page, 'Stock');
    const card = page.getByRole('article', { name: SCRUB.name });
    await expect(card.getByText('Available', { exact: true }).locator('xpath=..')).toContainText(
      '1',
    );
    await expect(card.getByText('Low', { exact: true })).toBeVisible();

    const form = card.getByRole('form', { name: `Receive or take off: ${SCRUB.name}` });
    await expect(form.getByRole('combobox', { name: 'What happened' })).toHaveValue('receive');
    await form.getByRole('textbox', { name: 'Units' }).fill('2');
    await form.getByRole('textbox', { name: 'Reason' }).fill('Batch 15 from the workshop');
    await form.getByRole('button', { name: `Record: ${SCRUB.name}` }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `${SCRUB.name}: 2 received.` }),
    ).toBeVisible();
    await expect(card.getByText('Available', { exact: true }).locator('xpath=..')).toContainText(
      '3',
    );

    await card.getByRole('button', { name: `Ledger: ${SCRUB.name}` }).click();
    const ledger = page.getByRole('region', { name: `Ledger of ${SCRUB.name}` });
    await expect(ledger.getByRole('listitem').first()).toContainText(
      'Received · Batch 15 from the workshop',
    );
    await expect(ledger.getByRole('listitem').first()).toContainText('+2 on hand');
    await expect(ledger.getByRole('listitem').first()).toContainText(OWNER_EMAIL);
    await expectNoSidewaysScroll(page);
    await settle(page);
    await screenshot('owner-stock-batch');

    // Three left is below the level of 10: the dashboard says so, and its line leads back here.
    await openOwnerTab(page, 'Dashboard');
    const low = page.getByRole('list', { name: 'Low stock' });
    await expect(low.getByRole('button', { name: `${SCRUB.name}: 3 left` })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await settle(page);
    await screenshot('owner-dashboard-low-stock');
    await low.getByRole('button', { name: `${SCRUB.name}: 3 left` }).click();
    await expect(page.getByRole('article', { name: SCRUB.name })).toBeVisible();
  });

  await test.step('a shopper reads "Only 3 left" on the card and the product page', async () => {
    await asVisitor(page);
    await page.goto('/products');
    const cardButton = page.getByRole('button', { name: `Add to Cart: ${SCRUB.name}` });
    await expect(cardButton).toBeEnabled();
    await expect(page.getByRole('article').filter({ has: cardButton })).toContainText(
      'Only 3 left',
    );
    await page.goto(`/products/${SCRUB.id}`);
    await expect(page.getByRole('heading', { level: 1, name: SCRUB.name })).toBeVisible();
    await expect(page.getByText('Only 3 left', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Buy Now' })).toBeEnabled();
    await expectNoSidewaysScroll(page);
    await settle(page);
    await screenshot('product-only-left');
  });

  const email = uniqueEmail('notify');
  await test.step('at 0 the page says Out of stock and takes an email for "Notify me"', async () => {
    await owner!.adjust(-3, 'Sold at the Latur market');
    await asVisitor(page);
    await page.goto(`/products/${SCRUB.id}`);
    await expect(page.getByText('Out of stock.', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Buy Now' })).toBeDisabled();
    const form = page.getByRole('form', { name: `Notify me: ${SCRUB.name}` });
    await form.getByRole('textbox', { name: 'Email me once when it is back' }).fill(email);
    await expectNoSidewaysScroll(page);
    await settle(page);
    await screenshot('product-out-of-stock');
    await form.getByRole('button', { name: 'Notify me' }).click();
    await expect(
      page.getByText("We'll email you once, as soon as it is back in stock."),
    ).toBeVisible();
    await settle(page);
    await screenshot('product-notify-saved');
  });

  await test.step('the next batch mails the shopper once', async () => {
    await owner!.adjust(40, 'Batch 16 from the workshop');
    const mail = await mailbox.waitFor(email, /back in stock/);
    expect(mail.subject).toBe(`${SCRUB.name} is back in stock`);
    expect(mail.text).toContain(`/products/${SCRUB.id}`);
    await owner!.adjust(5, 'Another box');
    await expect(mailbox.waitFor(email, /back in stock/, 3_000)).rejects.toThrow(/No mail/);
  });
});

test('the owner’s "stop selling" switch shows the server’s state at once and after a reload', async ({
  page,
  request,
  mailbox,
}) => {
  const account = await ensureOwner(request, mailbox);
  await logIn(page, account);
  await page.goto('/admin?tab=stock');
  const selling = page.getByRole('switch', { name: `Selling: ${SCRUB.name}` });
  await expect(selling).toBeChecked();

  await selling.click();
  await expect(selling).not.toBeChecked();
  // A reload reads the switch from the server: off, as the shop now sells it.
  await page.reload();
  await expect(page.getByRole('switch', { name: `Selling: ${SCRUB.name}` })).not.toBeChecked();
  const product = await request.get(`/api/products/${SCRUB.id}`);
  expect((await product.json()).inStock).toBe(false);

  await page.getByRole('switch', { name: `Selling: ${SCRUB.name}` }).click();
  await page.reload();
  await expect(page.getByRole('switch', { name: `Selling: ${SCRUB.name}` })).toBeChecked();
});
