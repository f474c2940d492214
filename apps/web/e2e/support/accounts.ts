import type { APIRequestContext, Page } from '@playwright/test';
import { formatAmountForOrder, priceCart } from '@vanya/catalog';

import { CONSENT_TEXTS } from '../../src/features/consent/texts';
import { expect, linkIn, uniqueEmail, type Mailbox } from './fixtures';

// Account helpers for any browser test that needs a shopper: a verified account made through the
// real API and mailbox, logging in through the login screen, and a quiet start (the splash over,
// the cookie banner answered, as a shopper would) for tests that are not about those.

export type Account = { name: string; email: string; password: string };

export const PASSWORD = 'Kokum@Butter24';

/**
 * Opens a visit as a shopper does, for tests that are not about it: the home page, its splash to
 * the end, and the cookie banner answered with "Reject". Later pages of the visit (this tab) show
 * neither.
 */
export async function quietStart(page: Page): Promise<void> {
  await page.goto('/');
  await answerCookieBanner(page);
}

/**
 * Waits for the visit's splash (shown on its first page, for a few seconds) to end, as a shopper
 * does; on a later page it is gone at once.
 */
export async function waitOutSplash(page: Page): Promise<void> {
  await expect(page.getByTestId('splash')).toHaveCount(0);
}

/** Waits out the visit's splash, then answers the cookie banner with "Reject". */
export async function answerCookieBanner(page: Page): Promise<void> {
  await waitOutSplash(page);
  const banner = page.getByRole('region', { name: CONSENT_TEXTS.heading });
  await banner.getByRole('button', { name: CONSENT_TEXTS.reject }).click();
  await expect(banner).toHaveCount(0);
}

/** Registers through the API and verifies the email with the mailed link's token. */
export async function createVerifiedAccount(
  request: APIRequestContext,
  mailbox: Mailbox,
  tag = 'shopper',
  name = 'Asha Patil',
): Promise<Account> {
  const account = { name, email: uniqueEmail(tag), password: PASSWORD };
  const registered = await request.post('/api/auth/register', { data: account });
  expect(registered.status(), await registered.text()).toBe(201);
  const mail = await mailbox.waitFor(account.email, /Confirm your email/);
  const token = new URL(linkIn(mail, '/verify-email')).searchParams.get('token');
  const verified = await request.post('/api/auth/verify-email', { data: { token } });
  expect(verified.status(), await verified.text()).toBe(200);
  return account;
}

/** Logs in through the login screen and waits until the session is stored. */
export async function logIn(
  page: Page,
  account: Pick<Account, 'email' | 'password'>,
  path = '/login',
) {
  await page.goto(path);
  // By role: the login's tab panel is labelled 'Email and password' too.
  await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText(/^Welcome back, /)).toBeVisible();
}

/**
 * Logs out as a shopper does (My Account, Settings, Logout, confirmed), so nobody is signed in
 * afterwards; when nobody was, My Account has sent the visitor to the login page already.
 */
export async function logOut(page: Page): Promise<void> {
  await page.goto('/profile?tab=settings');
  const logout = page.getByRole('button', { name: 'Logout' });
  const login = page.getByRole('button', { name: 'Login' });
  await expect(logout.or(login)).toBeVisible();
  if (await login.isVisible()) return;
  page.once('dialog', (dialog) => void dialog.accept());
  await logout.click();
  await expect(page).toHaveURL(/\/login$/);
}

/** The session token the app stored, or null. */
export function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('vanya_token'));
}

/** Closes every toast, so a screenshot shows the page rather than the notifications over it. */
export async function dismissToasts(page: Page): Promise<void> {
  const close = page.getByRole('button', { name: 'Dismiss notification' });
  for (let open = await close.count(); open > 0; open = await close.count()) {
    await close.first().click();
  }
}

/** Logs in through the API and answers the session token (for API calls a test makes itself). */
export async function apiLogIn(
  request: APIRequestContext,
  account: Pick<Account, 'email' | 'password'>,
): Promise<string> {
  const response = await request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/**
 * Places an order (one Body Butter unless `items` says otherwise) through the API and pays it in the built-in test mode (no
 * payment keys in the test environment), so it is paid and has its GST invoice.
 */
export async function placePaidOrder(
  request: APIRequestContext,
  token: string,
  account: Pick<Account, 'name' | 'email'>,
  items: { productId: string; quantity: number }[] = [{ productId: 'Bodybutter', quantity: 1 }],
): Promise<{ id: string; orderNumber: string; total: number }> {
  const headers = { Authorization: `Bearer ${token}` };
  const { grandTotal } = priceCart(items, { deliveryState: 'Maharashtra' });
  const [firstName = 'Asha', lastName = 'Patil'] = account.name.split(' ');
  const created = await request.post('/api/orders', {
    headers,
    data: {
      data: {
        firstName,
        lastName,
        email: account.email,
        phone: '9822045123',
        address: '14 Ambajogai Road, Near Shivaji Chowk',
        city: 'Latur',
        state: 'Maharashtra',
        pinCode: '413512',
        country: 'IN',
        paymentMethod: 'upi',
        cart_summary: 'ignored by the server',
        total_amount: formatAmountForOrder(grandTotal),
        items,
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { order, payment } = (await created.json()) as {
    order: { _id: string; orderNumber: string };
    payment: { providerOrderId: string };
  };
  const paid = await request.post('/api/payments/test/complete', {
    headers,
    data: { orderId: order._id, providerOrderId: payment.providerOrderId, outcome: 'success' },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const proof = (await paid.json()) as Record<string, string>;
  const verified = await request.post('/api/payments/verify', {
    headers,
    data: {
      orderId: order._id,
      razorpay_order_id: proof.razorpay_order_id,
      razorpay_payment_id: proof.razorpay_payment_id,
      razorpay_signature: proof.razorpay_signature,
    },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  return { id: order._id, orderNumber: order.orderNumber, total: grandTotal };
}
