import type { APIRequestContext, Browser, Page } from '@playwright/test';

import {
  apiLogIn,
  createVerifiedAccount,
  logIn,
  placePaidOrder,
  quietStart,
  type Account,
} from './support/accounts';
import { expect, test, uniqueEmail, type Mailbox } from './support/fixtures';
import { ensureOwner, openOwnerTab } from './support/owner';
import { settle } from './shop-helpers';

// The owner's day through the browser (/admin): a shopper's paid order is found, packed and shipped
// with its carrier and tracking number, and the shopper's order page says Shipped; a delivered
// order's return is approved, received and refunded; a ticket is answered and the shopper has the
// answer; a customer opening /admin is told the area is the owner's. The global setup lists
// OWNER_EMAIL in the API's OWNER_EMAILS; the first test to need the owner signs that address up.

/** The owner, logged in through the login screen, on /admin's dashboard. */
async function openOwnerArea(page: Page, request: APIRequestContext, mailbox: Mailbox) {
  await logIn(page, await ensureOwner(request, mailbox));
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Owner area' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Dashboard' })).toBeVisible();
}

/** A second browser of the same size, for the shopper, logged in as `account`. */
async function shopperPage(browser: Browser, page: Page, baseURL: string, account: Account) {
  const context = await browser.newContext({
    baseURL,
    viewport: page.viewportSize(),
    hasTouch: test.info().project.name === 'phone',
  });
  const shopper = await context.newPage();
  await quietStart(shopper);
  await logIn(shopper, account);
  return shopper;
}

/** Nothing in the owner area is wider than the screen. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect.soft(overflow, 'sideways scroll (px)').toBeLessThanOrEqual(0);
}

/** Every button, field and switch of the owner area is at least 44 px tall (a finger's width). */
async function expectTouchTargets(page: Page) {
  const small = await page
    .locator('main.admin')
    .locator('button, input:not([type=checkbox]), select, textarea, label.switch')
    .evaluateAll((elements) =>
      elements
        .filter((e) => (e as HTMLElement).offsetParent !== null)
        .filter((e) => !e.closest('.visually-hidden'))
        .map((e) => ({
          what: `${e.tagName.toLowerCase()} ${(e.textContent ?? '').trim().slice(0, 30) || e.getAttribute('aria-label') || ''}`,
          height: Math.round(e.getBoundingClientRect().height),
        }))
        .filter((e) => e.height < 44),
    );
  expect.soft(small, 'controls under 44 px').toEqual([]);
}

test.beforeEach(async ({ page }) => {
  await quietStart(page);
});

test('the owner packs and ships a paid order, the shopper sees it shipped, and a return is refunded', async ({
  page,
  browser,
  baseURL,
  request,
  mailbox,
  screenshot,
}) => {
  test.slow();
  const account = await createVerifiedAccount(request, mailbox, 'owner-day');
  const token = await apiLogIn(request, account);
  const order = await placePaidOrder(request, token, account);

  await openOwnerArea(page, request, mailbox);

  await test.step('find the order and open it', async () => {
    await openOwnerTab(page, 'Orders');
    await page.getByRole('searchbox', { name: 'Search orders' }).fill(order.orderNumber);
    await page.getByRole('search').getByRole('button', { name: 'Search orders' }).click();
    const row = page.getByRole('listitem').filter({ hasText: order.orderNumber });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Paid');
    await page.getByRole('button', { name: `Open ${order.orderNumber}` }).click();
    await expect(page.getByRole('heading', { level: 2, name: order.orderNumber })).toBeVisible();
    await expect(page.getByText('14 Ambajogai Road, Near Shivaji Chowk')).toBeVisible();
  });

  await test.step('mark it packed, then shipped with the carrier and tracking number', async () => {
    await page.getByRole('button', { name: 'Mark packed' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Order marked Packed.' }),
    ).toBeVisible();

    // The browser asks for the carrier before anything is sent.
    await page.getByRole('button', { name: 'Mark shipped' }).click();
    const carrier = page.getByRole('textbox', { name: 'Carrier' });
    expect(await carrier.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(
      true,
    );
    await carrier.fill('India Post');
    await page.getByRole('textbox', { name: 'Tracking number', exact: true }).fill('EE123456789IN');
    await page.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Order marked Shipped.' }),
    ).toBeVisible();
    await expect(page.getByText('India Post EE123456789IN')).toBeVisible();
  });

  const shopper = await shopperPage(browser, page, baseURL!, account);
  await test.step("the shopper's order page says Shipped, with the tracking number", async () => {
    await shopper.goto(`/profile/orders/${order.id}`);
    await expect(shopper.locator('.order-status')).toHaveText('Shipped');
    await expect(shopper.getByText('EE123456789IN')).toBeVisible();
  });

  await test.step('the owner marks it delivered; the shopper asks to return it', async () => {
    await page.getByRole('button', { name: 'Mark delivered' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Order marked Delivered.' }),
    ).toBeVisible();
    const asked = await request.post('/api/returns', {
      headers: { Authorization: `Bearer ${token}` },
      data: { orderId: order.id, reason: 'The jar arrived cracked', method: 'original_payment' },
    });
    expect(asked.status(), await asked.text()).toBe(201);
  });

  await test.step('the owner approves, receives and refunds the return', async () => {
    await openOwnerTab(page, 'Returns');
    const row = page.getByRole('listitem').filter({ hasText: order.orderNumber });
    await expect(row).toContainText('The jar arrived cracked');
    await expect(row).toContainText('Requested');
    await row.getByRole('button', { name: `Approve ${order.orderNumber}` }).click();
    await row.getByRole('button', { name: `Mark received ${order.orderNumber}` }).click();
    await expect(row).toContainText('Received');
    await expect(row.getByRole('textbox', { name: 'Refund amount (₹)' })).toHaveValue(
      (order.total / 100).toFixed(2),
    );
    await row.getByRole('button', { name: `Refund ${order.orderNumber}` }).click();
    await expect(row).toContainText('Refunded');
    // Nothing left to do with it but open its order.
    await expect(row.getByRole('button')).toHaveText([`Open order ${order.orderNumber}`]);
  });

  await test.step('the shopper has the refund and its credit note', async () => {
    const returns = await request.get('/api/returns', {
      headers: { Authorization: `Bearer ${token}` },
    });
    const [refunded] = (await returns.json()) as {
      status: string;
      refundedAmount?: number;
      creditNoteNumber?: string;
    }[];
    expect(refunded).toMatchObject({ status: 'refunded', refundedAmount: order.total });
    expect(refunded?.creditNoteNumber).toMatch(/^CN\//);
  });
  await screenshot('owner-returns');
  await shopper.context().close();
});

test('the owner replies to a ticket and the shopper has the reply', async ({
  page,
  request,
  mailbox,
  screenshot,
}) => {
  const account = await createVerifiedAccount(request, mailbox, 'ticket');
  const token = await apiLogIn(request, account);
  const question = `Is the body butter safe during pregnancy? (${account.email})`;
  const opened = await request.post('/api/tickets', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { message: question },
  });
  expect(opened.status(), await opened.text()).toBe(201);
  const { id } = (await opened.json()) as { id: string };

  await openOwnerArea(page, request, mailbox);
  await openOwnerTab(page, 'Tickets');
  const thread = page.getByRole('listitem').filter({ hasText: question });
  await thread
    .getByRole('textbox', { name: 'Your reply' })
    .fill('Yes: no retinoids, no essential oils.');
  await thread.getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Reply sent to the shopper.' }),
  ).toBeVisible();
  await expect(thread.getByText('Yes: no retinoids, no essential oils.')).toBeVisible();
  await screenshot('owner-tickets');

  // The profile's Support tab lists tickets without their replies, so the shopper's side is read
  // where that tab reads it from: the API, and the mail.
  const seen = await request.get(`/api/tickets/${id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(seen.status()).toBe(200);
  expect(((await seen.json()) as { replies: unknown[] }).replies).toEqual([
    expect.objectContaining({ by: 'owner', message: 'Yes: no retinoids, no essential oils.' }),
  ]);
  const mail = await mailbox.waitFor(account.email, /replied to your message/);
  expect(mail.text).toContain('Yes: no retinoids, no essential oils.');
});

test('a customer opening /admin is told the area is the owner’s', async ({
  page,
  request,
  mailbox,
  screenshot,
  allowConsoleError,
}) => {
  // The owner's API refuses a customer (403): the page says whose area it is.
  allowConsoleError(/status of 403 .*\/api\/admin\//);
  const account = await createVerifiedAccount(request, mailbox, 'customer');
  await logIn(page, account);
  await page.goto('/admin');
  await expect(page.getByText('This area is for the shop owner.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Owner area' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Section' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Dashboard' })).toHaveCount(0);
  await screenshot('owner-area-customer');
});

test('the owner area’s screens fit the screen, with touch targets of 44 px', async ({
  page,
  request,
  mailbox,
  screenshot,
}) => {
  test.slow();
  // Something on every screen: a paid order, a waitlist signup, a contact message.
  const account = await createVerifiedAccount(request, mailbox, 'screens');
  const order = await placePaidOrder(request, await apiLogIn(request, account), account);
  const joined = await request.post('/api/waitlist', {
    data: { name: 'Kavya Rao', email: uniqueEmail('waitlist') },
  });
  expect(joined.status(), await joined.text()).toBe(201);

  await openOwnerArea(page, request, mailbox);
  const look = async (name: string) => {
    await settle(page);
    await expectNoSidewaysScroll(page);
    await expectTouchTargets(page);
    await screenshot(name);
  };

  await look('owner-dashboard');

  await openOwnerTab(page, 'Notifications');
  await expect(
    page.getByRole('region', { name: 'Owner notifications' }).getByText(order.orderNumber),
  ).toBeVisible();
  await look('owner-notifications');

  await openOwnerTab(page, 'Orders');
  await expect(page.getByRole('button', { name: `Open ${order.orderNumber}` })).toBeVisible();
  await look('owner-orders');
  await page.getByRole('button', { name: `Open ${order.orderNumber}` }).click();
  await expect(page.getByRole('heading', { level: 2, name: order.orderNumber })).toBeVisible();
  await page.getByRole('button', { name: 'Mark packed' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Order marked Packed.' })).toBeVisible();
  await look('owner-order-detail');

  await openOwnerTab(page, 'Returns');
  await expect(page.getByRole('region', { name: 'Returns' })).toBeVisible();
  await look('owner-returns-list');

  await openOwnerTab(page, 'Tickets');
  await expect(page.getByRole('region', { name: 'Tickets' })).toBeVisible();
  await look('owner-tickets-list');

  await openOwnerTab(page, 'Waitlist');
  await expect(page.getByText('Kavya Rao').first()).toBeVisible();
  await look('owner-waitlist');

  await openOwnerTab(page, 'Stock');
  await expect(page.getByRole('switch', { name: 'Selling: Body Butter' })).toBeEnabled();
  await look('owner-stock');

  await openOwnerTab(page, 'GST export');
  await page.getByRole('button', { name: 'Show tables' }).click();
  await expect(page.getByRole('heading', { name: /^Invoices \(\d+\)$/ })).toBeVisible();
  await look('owner-gst');
});
