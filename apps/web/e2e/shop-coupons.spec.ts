import type { Page } from '@playwright/test';
import { couponDiscountFor, formatAmountForOrder, formatINR, priceCart } from '@vanya/catalog';
import { COUPON_MESSAGES } from '@vanya/contracts';

import {
  apiLogIn,
  createVerifiedAccount,
  logIn,
  logOut,
  quietStart,
  type Account,
} from './support/accounts';
import { expect, test } from './support/fixtures';
import { ensureOwner, OWNER, openOwnerTab } from './support/owner';
import { settle } from './shop-helpers';

// Coupons through the browser, at phone and desktop width: the owner creates a 10% coupon in the
// owner area; a shopper applies it in the cart, sees the discount, carries it to the checkout,
// pays in the test dialog and finds the discount on the confirmation and the order's page; the
// owner then sees the use. A code that does not exist says so in plain words.

const ITEMS = [
  { productId: 'Bodybutter', quantity: 2 },
  { productId: 'TanGoneSoap', quantity: 1 },
];

async function openCoupons(page: Page) {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Owner area' })).toBeVisible();
  await openOwnerTab(page, 'Coupons');
  await expect(page.getByRole('region', { name: 'Coupons' })).toBeVisible();
}

/** Nothing is wider than the screen. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect.soft(overflow, 'sideways scroll (px)').toBeLessThanOrEqual(0);
}

/** Logs whoever is signed in out, through the screens, and `account` in. */
async function switchTo(page: Page, account: Account) {
  await logOut(page);
  await logIn(page, account);
}

async function fillCart(page: Page) {
  await page.goto('/products/Bodybutter');
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await page.goto('/products/TanGoneSoap');
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Items (3)' })).toBeVisible();
}

/** A code of this run and project: the database lives for the whole run. */
const codeFor = (tag: string) =>
  `${tag}${test.info().project.name === 'phone' ? 'P' : 'D'}${Date.now().toString(36)}`
    .toUpperCase()
    .slice(0, 20);

test.beforeEach(async ({ page }) => {
  await quietStart(page);
});

test('the owner creates a 10% coupon; a shopper applies it in the cart, pays less at checkout and sees the discount on the order', async ({
  page,
  request,
  mailbox,
  screenshot,
}) => {
  test.slow();
  const code = codeFor('TEN');
  const goods = priceCart(ITEMS).itemsTotal;
  const discount = couponDiscountFor({ kind: 'percent', value: 10 }, goods);
  const priced = priceCart(ITEMS, { deliveryState: 'Karnataka', couponDiscount: discount });
  const discountText = `−${formatINR(discount)}`;

  await logIn(page, await ensureOwner(request, mailbox));

  await test.step('the owner creates the coupon in the owner area', async () => {
    await openCoupons(page);
    await page.getByRole('button', { name: 'New coupon' }).click();
    const form = page.getByRole('form', { name: 'New coupon' });
    await form.getByRole('textbox', { name: 'Code' }).fill(code.toLowerCase());
    await expect(form.getByRole('textbox', { name: 'Code' })).toHaveValue(code);
    await form.getByRole('textbox', { name: 'Percent (1 to 90)' }).fill('10');
    await form.getByRole('textbox', { name: 'Up to (₹)' }).fill('300');
    await form.getByRole('textbox', { name: 'Minimum order (₹)' }).fill('500');
    await form.getByRole('textbox', { name: 'Uses in all' }).fill('5');
    await expectNoSidewaysScroll(page);
    await settle(page);
    await screenshot('owner-coupon-form');
    await form.getByRole('button', { name: 'Save coupon' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Coupon ${code} saved.` }),
    ).toBeVisible();
    const row = page.getByRole('listitem').filter({ hasText: code });
    await expect(row).toContainText('10% off, up to ₹300');
    await expect(row).toContainText('Min. order ₹500');
    await expect(row).toContainText('0 / 5 used');
    await expect(row).toContainText('Active');
    await expectNoSidewaysScroll(page);
    await settle(page);
    await screenshot('owner-coupons');
  });

  const account = await createVerifiedAccount(request, mailbox, 'coupon');
  // One browser for both, as the fixture screenshots this page: the shopper, then the owner again.
  await switchTo(page, account);
  const shopper = page;

  await test.step('the shopper applies it in the cart and sees the discount', async () => {
    await fillCart(shopper);
    const summary = shopper.getByRole('complementary', { name: 'Order Summary' });
    await summary.getByRole('textbox', { name: 'Have a coupon?' }).fill(code.toLowerCase());
    await summary.getByRole('button', { name: 'Apply' }).click();
    await expect(summary.getByText(`Coupon ${code}`, { exact: true })).toBeVisible();
    await expect(summary.getByText(discountText, { exact: true })).toBeVisible();
    await expect(summary.getByText(`${code} applied: ${formatINR(discount)} off`)).toBeVisible();
    await expect(summary.getByTestId('summary-total')).toHaveText(
      formatINR(priceCart(ITEMS, { couponDiscount: discount }).grandTotal),
    );
    await expectNoSidewaysScroll(shopper);
    await settle(shopper);
    await screenshot('cart-coupon');
  });

  await test.step('the checkout keeps it, and the order is paid at the discounted total', async () => {
    await shopper.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(shopper.getByRole('heading', { level: 1, name: 'Secure Checkout' })).toBeVisible();
    await shopper.getByRole('textbox', { name: 'Mobile number' }).fill('9876543210');
    await shopper
      .getByRole('textbox', { name: 'Complete address' })
      .fill('12 MG Road, Indiranagar');
    await shopper.getByRole('textbox', { name: 'City' }).fill('Bengaluru');
    await shopper.getByRole('combobox', { name: 'State' }).selectOption('Karnataka');
    await shopper.getByRole('textbox', { name: 'PIN code' }).fill('560038');
    const summary = shopper.getByRole('complementary', { name: 'Order Summary' });
    await expect(summary.getByText(`Coupon ${code}`, { exact: true })).toBeVisible();
    await expect(summary.getByText(discountText, { exact: true })).toBeVisible();
    await expect(summary.getByTestId('summary-total')).toHaveText(formatINR(priced.grandTotal));
    await settle(shopper);
    await screenshot('checkout-coupon');

    await shopper.getByRole('button', { name: 'Continue to Payment' }).click();
    const dialog = shopper.getByRole('dialog', { name: 'Test payment' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: `Pay ${formatINR(priced.grandTotal)}` }).click();
    await expect(shopper).toHaveURL(/\/order-confirmation\?order=[0-9a-f]{24}$/);
    await expect(shopper.getByText('Total Paid')).toBeVisible();
    await expect(
      shopper.getByText(formatINR(priced.grandTotal), { exact: true }).first(),
    ).toBeVisible();
    await expect(shopper.getByText(`Coupon ${code}`, { exact: true })).toBeVisible();
    await expect(shopper.getByText(discountText, { exact: true })).toBeVisible();
    await settle(shopper);
    await screenshot('order-confirmation-coupon');
  });

  const orderId = new URL(shopper.url()).searchParams.get('order') ?? '';

  await test.step("the order's page shows the coupon line", async () => {
    await shopper.goto(`/profile/orders/${orderId}`);
    const summary = shopper.getByRole('region', { name: 'Payment summary' });
    await expect(summary.getByText(`Coupon ${code}`, { exact: true })).toBeVisible();
    await expect(summary.getByText(discountText, { exact: true })).toBeVisible();
    await expect(summary.getByText(formatINR(priced.grandTotal), { exact: true })).toBeVisible();
    await settle(shopper);
    await screenshot('order-page-coupon');
    // The cart was emptied and the coupon forgotten with it.
    expect(await shopper.evaluate(() => sessionStorage.getItem('vanya_cart_coupon'))).toBeNull();
  });

  await test.step('the owner sees the use', async () => {
    await switchTo(page, OWNER);
    await openCoupons(page);
    const row = page.getByRole('listitem').filter({ hasText: code }).first();
    await expect(row).toContainText('1 / 5 used');
    await row.getByRole('button', { name: `Uses ${code}` }).click();
    const uses = page.getByRole('region', { name: `Uses ${code}` });
    await expect(uses).toContainText('Paid');
    await expect(uses).toContainText(discountText);
    await expect(uses).toContainText(/VNY-\d{6}/);
    await expectNoSidewaysScroll(page);
    await settle(page);
    await screenshot('owner-coupon-uses');
  });
});

test('a code that does not exist, or a malformed one, says why in plain words', async ({
  page,
  request,
  mailbox,
  screenshot,
  allowConsoleError,
}) => {
  // The check answers 404 for a code it does not know and 400 for a malformed one; the field says so.
  allowConsoleError(/status of (404|400) .*\/api\/coupons\/check/);
  const account = await createVerifiedAccount(request, mailbox, 'coupon-wrong');
  await logIn(page, account);
  await fillCart(page);
  const summary = page.getByRole('complementary', { name: 'Order Summary' });
  await summary.getByRole('textbox', { name: 'Have a coupon?' }).fill('NOSUCHCODE');
  await summary.getByRole('button', { name: 'Apply' }).click();
  await expect(summary.getByRole('alert')).toHaveText(COUPON_MESSAGES.unknown);
  await expect(summary.getByText(/^Coupon /)).toHaveCount(0);
  await expect(summary.getByTestId('summary-total')).toHaveText(
    formatINR(priceCart(ITEMS).grandTotal),
  );
  await settle(page);
  await screenshot('cart-coupon-wrong');

  await summary.getByRole('textbox', { name: 'Have a coupon?' }).fill('AB');
  await summary.getByRole('button', { name: 'Apply' }).click();
  await expect(summary.getByRole('alert')).toHaveText(
    'A coupon code is 4 to 20 letters and digits',
  );
});

test('each refusal says why and what to do: expired with its last day, not started with its first, a minimum with what to add, used up', async ({
  page,
  request,
  mailbox,
  screenshot,
  allowConsoleError,
}) => {
  test.slow();
  // The check answers 409 with the reason; the field shows it.
  allowConsoleError(/status of 409 .*\/api\/coupons\/check/);
  const owner = {
    Authorization: `Bearer ${await apiLogIn(request, await ensureOwner(request, mailbox))}`,
  };
  const make = async (code: string, rules: object) => {
    const made = await request.post('/api/admin/coupons', {
      headers: owner,
      data: { code, kind: 'percent', value: 10, ...rules },
    });
    expect(made.status(), await made.text()).toBe(201);
  };
  // Its last day 31 January 2026 and its first 10 January 2099, in India.
  const endsAt = '2026-01-31T18:30:00.000Z';
  const startsAt = '2099-01-09T18:30:00.000Z';
  const ended = codeFor('ENDED');
  const later = codeFor('LATER');
  const big = codeFor('BIG');
  const once = codeFor('ONCE');
  await make(ended, { startsAt: '2026-01-01T00:00:00.000Z', endsAt });
  await make(later, { startsAt });
  await make(big, { minOrder: 500000 });
  await make(once, { usageLimit: 1 });

  await test.step('another shopper’s order takes the only use of one coupon', async () => {
    const other = await createVerifiedAccount(request, mailbox, 'coupon-first');
    const items = [{ productId: 'Bodybutter', quantity: 1 }];
    const goods = priceCart(items).itemsTotal;
    const couponDiscount = couponDiscountFor({ kind: 'percent', value: 10 }, goods);
    const { grandTotal } = priceCart(items, { deliveryState: 'Maharashtra', couponDiscount });
    const placed = await request.post('/api/orders', {
      headers: { Authorization: `Bearer ${await apiLogIn(request, other)}` },
      data: {
        data: {
          firstName: 'Ravi',
          lastName: 'Shetty',
          email: other.email,
          phone: '9822045123',
          address: '14 Ambajogai Road',
          city: 'Latur',
          state: 'Maharashtra',
          pinCode: '413512',
          country: 'IN',
          paymentMethod: 'upi',
          couponCode: once,
          cart_summary: 'ignored by the server',
          total_amount: formatAmountForOrder(grandTotal),
          items,
        },
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
  });

  const account = await createVerifiedAccount(request, mailbox, 'coupon-refusals');
  await logIn(page, account);
  await fillCart(page);
  const goods = priceCart(ITEMS).itemsTotal;
  const summary = page.getByRole('complementary', { name: 'Order Summary' });
  const refusals: [string, string, string][] = [
    [ended, COUPON_MESSAGES.expired(new Date(endsAt)), 'cart-coupon-expired'],
    [later, COUPON_MESSAGES.notStarted(new Date(startsAt)), 'cart-coupon-not-started'],
    [big, COUPON_MESSAGES.minOrder(500000, 500000 - goods), 'cart-coupon-minimum'],
    [once, COUPON_MESSAGES.usedUp, 'cart-coupon-used-up'],
  ];
  for (const [code, said, shot] of refusals) {
    await test.step(said, async () => {
      await summary.getByRole('textbox', { name: 'Have a coupon?' }).fill(code);
      await summary.getByRole('button', { name: 'Apply' }).click();
      await expect(summary.getByRole('alert')).toHaveText(said);
      await expect(summary.getByText(/^Coupon /)).toHaveCount(0);
      await settle(page);
      await screenshot(shot);
    });
  }
  expect(refusals.map(([, said]) => said).slice(0, 3)).toEqual([
    'This coupon expired: its last day was 31 Jan 2026. Try another code, or order without one.',
    'This coupon can be used from 10 Jan 2099. Apply it again then, or order without it.',
    `This coupon needs an order of at least ₹5,000.00. Add ${formatINR(500000 - goods)} more to use it.`,
  ]);
});
