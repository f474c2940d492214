import { formatDeliveryDate } from '@vanya/catalog';
import type { PincodeAnswer } from '@vanya/contracts';
import type { APIRequestContext, Page } from '@playwright/test';

import { createVerifiedAccount, logIn, quietStart } from './support/accounts';
import { expect, test } from './support/fixtures';
import { settle } from './shop-helpers';

// Delivery by PIN code: "Check delivery" on a product page and in the cart (the PIN remembered
// from one to the other and across visits), and the checkout's PIN filling the city and state and
// flagging a state it contradicts. The dates come from the API's own answer, so the test holds
// on any day.

test.beforeEach(async ({ page }) => {
  await quietStart(page);
});

async function lookUp(request: APIRequestContext, pin: string): Promise<PincodeAnswer> {
  const response = await request.get(`/api/pincodes/${pin}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as PincodeAnswer;
}

const checkDelivery = (page: Page) => page.getByRole('region', { name: 'Check delivery' });

test('a shopper checks delivery on a product page, and the cart answers the same PIN', async ({
  page,
  request,
  mailbox,
  screenshot,
  allowConsoleError,
}) => {
  // The look-up answers 404 for a PIN the directory does not hold; the box says so.
  allowConsoleError(/status of 404 .*\/api\/pincodes\/999999/);
  const chandigarh = await lookUp(request, '160017');
  const expected = `Delivery by ${formatDeliveryDate(chandigarh.estimate.to)} · Cash on delivery available`;

  await test.step('a PIN the directory does not hold', async () => {
    await page.goto('/products/Bodybutter');
    const box = checkDelivery(page);
    await box.getByRole('textbox', { name: 'PIN code' }).fill('999999');
    await box.getByRole('button', { name: 'Check' }).click();
    await expect(box.getByRole('status')).toHaveText('No such PIN code');
  });

  await test.step('a PIN we deliver to, with the date and cash on delivery', async () => {
    const box = checkDelivery(page);
    await box.getByRole('textbox', { name: 'PIN code' }).fill('160017');
    await box.getByRole('textbox', { name: 'PIN code' }).press('Enter');
    await expect(box.getByRole('status')).toContainText(expected);
    // A union territory that is one district is named once.
    await expect(box.getByText('Chandigarh', { exact: true })).toBeVisible();
    await settle(page);
    await screenshot('delivery-product');
  });

  await test.step('the next visit answers the remembered PIN at once', async () => {
    await page.goto('/products/TanGoneSoap');
    const box = checkDelivery(page);
    await expect(box.getByRole('textbox', { name: 'PIN code' })).toHaveValue('160017');
    await expect(box.getByRole('status')).toContainText(expected);
  });

  const account = await createVerifiedAccount(request, mailbox, 'delivery');

  await test.step('the cart answers it too, and another PIN when asked', async () => {
    await logIn(page, account);
    await page.goto('/products/Bodybutter');
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await page.goto('/cart');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Cart' })).toBeVisible();
    const box = checkDelivery(page);
    await expect(box.getByRole('textbox', { name: 'PIN code' })).toHaveValue('160017');
    await expect(box.getByRole('status')).toContainText(expected);

    const latur = await lookUp(request, '413512');
    await box.getByRole('textbox', { name: 'PIN code' }).fill('413512');
    await box.getByRole('button', { name: 'Check' }).click();
    await expect(box.getByRole('status')).toContainText(
      `Delivery by ${formatDeliveryDate(latur.estimate.to)} · Cash on delivery available`,
    );
    await expect(box.getByRole('status')).toContainText('Latur, Maharashtra');
    await settle(page);
    await screenshot('delivery-cart');
  });
});

test('at checkout the PIN fills the city and state, and a state it contradicts holds the order', async ({
  page,
  request,
  mailbox,
  screenshot,
}) => {
  const account = await createVerifiedAccount(request, mailbox, 'pin-checkout');
  await logIn(page, account);
  await page.goto('/products/Bodybutter');
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Secure Checkout' })).toBeVisible();

  const city = page.getByRole('textbox', { name: 'City' });
  const state = page.getByRole('combobox', { name: 'State' });
  const pin = page.getByRole('textbox', { name: 'PIN code' });
  const latur = await lookUp(request, '413512');

  await test.step('the PIN fills the empty city and state', async () => {
    await expect(city).toHaveValue('');
    await page.getByRole('textbox', { name: 'Mobile number' }).fill('9876543210');
    await page.getByRole('textbox', { name: 'Complete address' }).fill('Plot 3, Ausa Road');
    await pin.fill('413512');
    await expect(city).toHaveValue('Latur');
    await expect(state).toHaveValue('Maharashtra');
    await expect(pin).toHaveAccessibleDescription(
      `Latur, Maharashtra · Delivery by ${formatDeliveryDate(latur.estimate.to)}`,
    );
  });

  await test.step('another state is flagged and the order waits', async () => {
    await state.selectOption('Karnataka');
    const conflict = 'This PIN code is in Maharashtra. Choose Maharashtra, or check the PIN code.';
    await expect(state).toHaveAccessibleDescription(conflict);
    await expect(state).toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(state).toBeFocused();
    await expect(page.getByRole('dialog', { name: 'Test payment' })).toHaveCount(0);
    await expect(page).toHaveURL(/\/checkout$/);
    await settle(page);
    await screenshot('checkout-pin-conflict');
  });

  await test.step('choosing the PIN’s state settles it', async () => {
    await state.selectOption('Maharashtra');
    await expect(state).toHaveAttribute('aria-invalid', 'false');
    await expect(page.getByText(/This PIN code is in/)).toHaveCount(0);
    await settle(page);
    await screenshot('checkout-pin-filled');
  });
});
