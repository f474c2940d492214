import { formatINR, priceCart } from '@vanya/catalog';

import { dismissToasts, quietStart } from './support/accounts';
import { expect, test } from './support/fixtures';
import { settle } from './shop-helpers';

// Cash on delivery (issue 38): a shopper signed in by phone chooses it at checkout once the PIN
// allows it, sees the fee as its own line, places the order, and confirms it with the code the SMS
// carries; the order's page then says what is due at the door.

test.beforeEach(async ({ page }) => {
  await quietStart(page);
});

test('a shopper pays on delivery: fee at checkout, the SMS code confirms the order', async ({
  page,
  request,
  smsCode,
  screenshot,
}) => {
  const phone = `9${String(Date.now()).slice(-9)}`;
  const name = 'Kavya Deshmukh';

  await test.step('sign in by phone (the account has the verified phone the code goes to)', async () => {
    const started = await request.post('/api/auth/phone/start', { data: { phone } });
    expect(started.status(), await started.text()).toBe(200);
    const verified = await request.post('/api/auth/phone/verify', {
      data: { phone, code: await smsCode(phone), name },
    });
    expect(verified.status(), await verified.text()).toBe(200);
    const { token, user } = (await verified.json()) as { token: string; user: unknown };
    await page.addInitScript(
      ([t, u]) => {
        window.localStorage.setItem('vanya_token', t);
        window.localStorage.setItem('vanya_user', u);
      },
      [token, JSON.stringify(user)] as const,
    );
  });

  await test.step('add a Body Butter and a soap, then choose cash on delivery at checkout', async () => {
    await page.goto('/products/Bodybutter');
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await page.goto('/products/TanGoneSoap');
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await page.goto('/checkout');
    const cod = page.getByRole('radio', { name: /Cash on delivery/ });
    await expect(cod).toBeDisabled();
    await expect(
      page.getByText('Enter your PIN code to see if you can pay on delivery.'),
    ).toBeVisible();

    await page.getByRole('textbox', { name: 'Email' }).fill('kavya@example.in');
    await page.getByLabel('Complete address').fill('22 Ganj Golai, Near Hanuman Mandir');
    await page.getByRole('textbox', { name: 'PIN code' }).fill('413512');
    await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('Latur');
    await expect(cod).toBeEnabled();
    await cod.check();
    const priced = priceCart(
      [
        { productId: 'Bodybutter', quantity: 1 },
        { productId: 'TanGoneSoap', quantity: 1 },
      ],
      { deliveryState: 'Maharashtra', codFee: 4900 },
    );
    await expect(page.getByTestId('summary-total')).toHaveText(formatINR(priced.grandTotal));
    await expect(page.getByText('Cash on delivery fee')).toBeVisible();
    await page.getByRole('checkbox', { name: /I agree/ }).check();
    await dismissToasts(page);
    await settle(page);
    await screenshot('checkout-cash-on-delivery');
    await page.getByRole('button', { name: 'Place order (pay on delivery)' }).click();
  });

  await test.step('a wrong code is refused; the SMS code confirms the order', async () => {
    await expect(
      page.getByRole('heading', { name: 'Confirm your cash-on-delivery order' }),
    ).toBeVisible();
    await expect(page.getByText(`${phone.slice(0, 2)}xxxxxx${phone.slice(-2)}`)).toBeVisible();
    const code = await smsCode(phone);
    const field = page.getByLabel('Code from the SMS');
    await field.fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Confirm order' }).click();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await dismissToasts(page);
    await settle(page);
    await screenshot('cash-on-delivery-code');
    await field.fill(code);
    await page.getByRole('button', { name: 'Confirm order' }).click();
    await expect(page.getByText('To pay on delivery')).toBeVisible();
    await dismissToasts(page);
    await settle(page);
    await screenshot('cash-on-delivery-confirmed');
  });

  await test.step('the order page says what is due at the door', async () => {
    await page.getByRole('link', { name: 'Track this order' }).click();
    await expect(page.getByRole('note')).toContainText('due when it arrives');
    await expect(page.getByText('Confirmed (cash on delivery)')).toBeVisible();
    await settle(page);
    await screenshot('cash-on-delivery-order');
  });
});
