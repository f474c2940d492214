import {
  apiLogIn,
  createVerifiedAccount,
  dismissToasts,
  logIn,
  placePaidOrder,
  quietStart,
} from './support/accounts';
import { expect, test } from './support/fixtures';

// The shopper's order page (/profile/orders/:id) at phone and desktop width: the timeline of a
// paid order, then cancelling it, which refunds it and says so.

test('the order page shows the timeline of a paid order and cancels it with a refund', async ({
  page,
  request,
  mailbox,
  screenshot,
}) => {
  const account = await createVerifiedAccount(request, mailbox, 'order-page', 'Kavya Joshi');
  const order = await placePaidOrder(request, await apiLogIn(request, account), account);
  await quietStart(page);
  await logIn(page, account);
  await page.goto(`/profile/orders/${order.id}`);

  await expect(page.getByRole('heading', { name: new RegExp(order.orderNumber) })).toBeVisible();
  const timeline = page.getByRole('region', { name: 'Where your order is' });
  await expect(timeline.getByText('Order placed')).toBeVisible();
  await expect(timeline.getByText('Payment received')).toBeVisible();
  await expect(page.getByText('CGST')).toBeVisible();
  // MRP less the discount is what was paid.
  await expect(page.getByText('Items at MRP (incl. GST)')).toBeVisible();
  await dismissToasts(page);
  await screenshot('order-page-paid');

  await page.getByRole('button', { name: 'Cancel order' }).click();
  await page.getByRole('button', { name: 'Yes, cancel order' }).click();
  const notice = page.getByRole('status').filter({ hasText: 'This order was cancelled.' });
  await expect(notice).toContainText('on its way back to your original payment method');
  await expect(timeline.getByText('Cancelled')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await dismissToasts(page);
  await screenshot('order-page-cancelled');
  const mail = await mailbox.waitFor(
    account.email,
    new RegExp(`${order.orderNumber} is cancelled`),
  );
  expect(mail.text).toContain('on its way back');
});
