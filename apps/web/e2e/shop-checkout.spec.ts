import { brand, formatINR, priceCart } from '@vanya/catalog';
import { SHOP_MESSAGES, WISHLIST_MESSAGES } from '@vanya/contracts';

import { DELIVERY_TEXTS } from '../src/components/delivery/delivery-texts';
import {
  apiLogIn,
  createVerifiedAccount,
  logIn,
  quietStart,
  storedToken,
} from './support/accounts';
import { expect, test } from './support/fixtures';
import { expectCartCount, isPhone, settle } from './shop-helpers';

// Buying (issue 6): a guest fills a cart, signs in through the login redirect and keeps it, checks
// out with the labelled test payment dialog, sees the confirmation (also after a reload) and the
// order is in the API, paid. Plus the empty cart and wishlist, and the wishlist's sync.

test.beforeEach(async ({ page }) => {
  await quietStart(page);
});

test('a guest fills a cart, signs in through the redirect, keeps the cart and pays in the test dialog', async ({
  page,
  request,
  mailbox,
  screenshot,
}) => {
  await test.step('add to the cart as a guest, after checking delivery to a PIN', async () => {
    await page.goto('/products/Bodybutter');
    const check = page.getByRole('region', { name: DELIVERY_TEXTS.heading });
    await check.getByRole('textbox', { name: DELIVERY_TEXTS.pinLabel }).fill('560038');
    await check.getByRole('button', { name: DELIVERY_TEXTS.check }).click();
    await expect(check.getByText(/^Delivery by /)).toBeVisible();
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expect(page.getByText(SHOP_MESSAGES.itemAdded)).toBeVisible();
    await expectCartCount(page, 2);

    await page.goto('/products/TanGoneSoap');
    await page.getByRole('button', { name: 'Buy Now' }).click();
    // The cart needs a login: the guard sends the guest there, remembering the cart page.
    await expect(page).toHaveURL(/\/login\?redirect=%2Fcart$/);
    await expectCartCount(page, 3);
  });

  const account = await createVerifiedAccount(request, mailbox, 'buyer');

  await test.step('log in and come back to the same cart', async () => {
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your Cart' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Items (3)' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Body Butter' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Tan.Gone.Soap' })).toBeVisible();
    const priced = priceCart([
      { productId: 'Bodybutter', quantity: 2 },
      { productId: 'TanGoneSoap', quantity: 1 },
    ]);
    await expect(page.getByTestId('summary-total')).toHaveText(formatINR(priced.grandTotal));
    await expect(page.getByText('Inclusive of all taxes', { exact: true })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'You May Also Like' }).getByRole('article'),
    ).toHaveCount(3);
    await settle(page);
    await screenshot('cart');
  });

  await test.step('change a quantity by typing', async () => {
    await page.getByRole('spinbutton', { name: 'Quantity of Tan.Gone.Soap' }).fill('3');
    await expect(page.getByRole('heading', { name: 'Items (5)' })).toBeVisible();
    await expectCartCount(page, 5);
  });

  const priced = priceCart(
    [
      { productId: 'Bodybutter', quantity: 2 },
      { productId: 'TanGoneSoap', quantity: 3 },
    ],
    { deliveryState: 'Karnataka' },
  );

  await test.step('fill in the delivery details: the PIN first, the city and state follow it', async () => {
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Secure Checkout' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Asha');
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(account.email);
    const pin = page.getByRole('textbox', { name: 'PIN code' });
    const city = page.getByRole('textbox', { name: 'City' });
    const state = page.getByRole('combobox', { name: 'State' });
    // The PIN checked on the product page, and the town and state it is in.
    await expect(pin).toHaveValue('560038');
    await expect(city).toHaveValue('Bengaluru');
    await expect(state).toHaveValue('Karnataka');
    // The PIN comes before the city and state it fills, in reading order: above them on a phone,
    // beside the city and above the state on a wide screen.
    const place = async (field: typeof pin) => {
      const box = await field.boundingBox();
      return { y: Math.round(box?.y ?? 0), x: Math.round(box?.x ?? 0) };
    };
    const before = (a: { y: number; x: number }, b: { y: number; x: number }) =>
      a.y < b.y || (a.y === b.y && a.x < b.x);
    expect(before(await place(pin), await place(city))).toBe(true);
    expect(before(await place(pin), await place(state))).toBe(true);
    if (isPhone(test.info())) expect((await place(pin)).y).toBeLessThan((await place(city)).y);

    // Another PIN fills them again, the town and not the postal district.
    await pin.fill('744102');
    await expect(city).toHaveValue('Port Blair');
    await expect(state).toHaveValue('Andaman and Nicobar Islands');
    await settle(page);
    await screenshot('checkout-pin-changed');
    await pin.fill('560038');
    await expect(city).toHaveValue('Bengaluru');
    await expect(state).toHaveValue('Karnataka');

    await page.getByRole('textbox', { name: 'Mobile number' }).fill('9876543210');
    await page.getByRole('textbox', { name: 'Complete address' }).fill('12 MG Road, Indiranagar');
    const summary = page.getByRole('complementary', { name: 'Order Summary' });
    await expect(summary.getByText('IGST')).toBeVisible();
    await expect(summary.getByTestId('summary-total')).toHaveText(formatINR(priced.grandTotal));
    // No pre-orders are taken: no agreement is asked for.
    await expect(page.getByRole('checkbox', { name: /I agree to the terms/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Continue to Payment' })).toHaveAttribute(
      'aria-disabled',
      'false',
    );
    await settle(page);
    await screenshot('checkout');
  });

  await test.step('pay in the labelled test dialog', async () => {
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Test payment' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('TEST MODE')).toBeVisible();
    await expect(dialog.getByText(/^VNY-\d{6}$/)).toBeVisible();
    // As Razorpay's dialog would from the same options: the shop's name and 'Order Payment'.
    await expect(dialog.getByText(brand.name, { exact: true })).toBeVisible();
    await expect(dialog.getByText('Order Payment', { exact: true })).toBeVisible();
    await screenshot('checkout-test-payment');
    await dialog.getByRole('button', { name: `Pay ${formatINR(priced.grandTotal)}` }).click();

    await expect(page.getByText(SHOP_MESSAGES.paymentSuccessTitle)).toBeVisible();
    await expect(page.getByText(/^Payment ID: pay_/)).toBeVisible();
    await expect(page).toHaveURL(/\/order-confirmation\?order=[0-9a-f]{24}$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Thank You For Your Order!' }),
    ).toBeVisible();
    await expect(
      page.getByText(/^Your order VNY-\d{6} has been successfully placed\.$/),
    ).toBeVisible();
    await expect(page.getByText('Total Paid')).toBeVisible();
    await expect(
      page.getByText(formatINR(priced.grandTotal), { exact: true }).first(),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: "What's Next?" })).toBeVisible();
    await expectCartCount(page, 0);
    await settle(page);
    await screenshot('order-confirmation');
  });

  const orderId = new URL(page.url()).searchParams.get('order') ?? '';
  const orderNumber = (await page.getByText(/has been successfully placed/).textContent())?.match(
    /VNY-\d{6}/,
  )?.[0];

  await test.step('a reload shows the order again, read from the API', async () => {
    await page.reload();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Thank You For Your Order!' }),
    ).toBeVisible();
    await expect(
      page.getByText(`Your order ${orderNumber} has been successfully placed.`),
    ).toBeVisible();
    await expect(page.getByText('Payment ID')).toBeVisible();
  });

  await test.step('the order is in the API, paid, at the catalogue’s prices', async () => {
    const token = await storedToken(page);
    const response = await request.get(`/api/orders/${orderId}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status()).toBe(200);
    const order = await response.json();
    expect(order).toMatchObject({
      _id: orderId,
      orderNumber,
      status: 'paid',
      state: 'Karnataka',
      supply: 'inter-state',
      totals: { grandTotal: priced.grandTotal, igst: priced.igst, cgst: 0 },
    });
    expect(order.paymentId).toMatch(/^pay_/);
    expect(
      order.lines.map((line: { productId: string; quantity: number }) => [
        line.productId,
        line.quantity,
      ]),
    ).toEqual([
      ['Bodybutter', 2],
      ['TanGoneSoap', 3],
    ]);
  });
});

test('closing the payment dialog ends the wait and keeps the cart', async ({
  page,
  request,
  mailbox,
}) => {
  const account = await createVerifiedAccount(request, mailbox, 'dismiss');
  await logIn(page, account);
  await page.goto('/products/Hamper');
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await page.getByRole('textbox', { name: 'Mobile number' }).fill('9822045123');
  await page.getByRole('textbox', { name: 'PIN code' }).fill('413512');
  await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('Latur');
  await page.getByRole('textbox', { name: 'Complete address' }).fill('Plot 3, Ausa Road');
  await expect(
    page.getByRole('complementary', { name: 'Order Summary' }).getByText('CGST'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();

  const dialog = page.getByRole('dialog', { name: 'Test payment' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Continue to Payment' })).toBeEnabled();
  await expect(page).toHaveURL(/\/checkout$/);
  await expectCartCount(page, 1);

  // Paying now after all gets the same order, not a second one.
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page
    .getByRole('dialog', { name: 'Test payment' })
    .getByRole('button', { name: /^Pay / })
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Thank You For Your Order!' }),
  ).toBeVisible();
  const token = await apiLogIn(request, account);
  const orders = await (
    await request.get('/api/orders', { headers: { Authorization: `Bearer ${token}` } })
  ).json();
  expect(orders).toHaveLength(1);
});

test('the empty cart, the empty wishlist, and a checkout without a cart', async ({
  page,
  request,
  mailbox,
  screenshot,
}) => {
  const account = await createVerifiedAccount(request, mailbox, 'empty');
  await logIn(page, account);

  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await expect(
    page.getByText("Looks like you haven't added any products to your cart yet."),
  ).toBeVisible();
  // The order summary stays beside (or, on a phone, below) the message, its checkout disabled.
  const summary = page.getByRole('complementary', { name: 'Order Summary' });
  await expect(summary).toBeVisible();
  await expect(summary.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled();
  const continueLinks = page.getByRole('link', { name: 'Continue Shopping' });
  await expect(continueLinks).toHaveCount(2);
  for (const link of await continueLinks.all()) {
    await expect(link).toHaveAttribute('href', '/products');
  }
  await settle(page);
  await screenshot('cart-empty');

  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/cart$/);

  await page.goto('/wishlist');
  await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse Products' })).toHaveAttribute(
    'href',
    '/products',
  );
  await screenshot('wishlist-empty');

  await page.goto('/order-confirmation');
  await expect(page.getByRole('heading', { level: 1, name: 'No order to show' })).toBeVisible();
});

test('hearts clicked as a guest join the account’s wishlist, which the server keeps', async ({
  page,
  request,
  mailbox,
  screenshot,
}) => {
  const account = await createVerifiedAccount(request, mailbox, 'wishlist');
  await page.goto('/products');
  await page.getByRole('button', { name: 'Save Luxe Hamper to wishlist' }).click();
  await expect(page.getByText(WISHLIST_MESSAGES.added)).toBeVisible();
  await page.getByRole('button', { name: 'Save Exfoliating Scrub to wishlist' }).click();
  await expect(
    page.getByRole('button', { name: 'Save Exfoliating Scrub to wishlist' }),
  ).toHaveAttribute('aria-pressed', 'true');

  await logIn(page, account, '/login?redirect=%2Fwishlist');
  await expect(page).toHaveURL(/\/wishlist$/);
  await expect(page.getByText('2 items')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Luxe Hamper' })).toBeVisible();
  await settle(page);
  await screenshot('wishlist');

  const token = await apiLogIn(request, account);
  const serverList = async () =>
    (await request.get('/api/wishlist', { headers: { Authorization: `Bearer ${token}` } })).json();
  await expect.poll(serverList).toEqual(['Luxehamper', 'ExfoliatingScrub']);

  await page.getByRole('button', { name: 'Move to Cart: Luxe Hamper' }).click();
  await expect(page.getByText(WISHLIST_MESSAGES.movedToCart)).toBeVisible();
  await expectCartCount(page, 1);
  await page.getByRole('button', { name: 'Remove Exfoliating Scrub' }).click();
  await expect(page.getByText(WISHLIST_MESSAGES.removed)).toBeVisible();
  await expect.poll(serverList).toEqual([]);
  await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
});
