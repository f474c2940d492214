import { formatINR } from '@vanya/catalog';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { createOrderResponseFixture } from '../../../testing/order-fixtures';
import { TEST_PAYMENT_TEXTS as T } from '../texts';
import { TestPaymentDialog } from './test-payment-dialog';

function renderDialog(created = createOrderResponseFixture()) {
  render(
    <TestPaymentDialog
      created={created}
      onSuccess={vi.fn()}
      onFailure={vi.fn()}
      onDismiss={vi.fn()}
    />,
  );
  return screen.getByRole('dialog', { name: T.title });
}

describe('the test payment dialog', () => {
  it('shows the shop’s name and the description Razorpay’s dialog shows, from the same options', () => {
    const created = createOrderResponseFixture();
    const dialog = renderDialog({
      ...created,
      payment: { ...created.payment, name: 'Vanya Naturals Latur' },
    });
    expect(within(dialog).getByText('Vanya Naturals Latur')).toBeInTheDocument();
    expect(within(dialog).getByText('Order Payment')).toBeInTheDocument();
  });

  it('is labelled as the test mode and says what is being paid, by whom', () => {
    const created = createOrderResponseFixture();
    const dialog = renderDialog(created);
    expect(within(dialog).getByText(T.badge)).toBeInTheDocument();
    expect(within(dialog).getByText(created.order.orderNumber)).toBeInTheDocument();
    expect(
      within(dialog).getByRole('button', { name: T.pay(formatINR(created.payment.amount)) }),
    ).toHaveFocus();
    expect(within(dialog).getByText(created.payment.prefill.name)).toBeInTheDocument();
  });
});
