import { formatINR } from '@vanya/catalog';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { PATHS } from '../../config/paths';
import { orderFixture } from '../../testing/order-fixtures';
import { OrderLines } from './order-lines';

describe('OrderLines', () => {
  it('shows each line at its quantity and unit price with its amount, linking what the shop sells', () => {
    const [butter, scrub] = orderFixture([
      { productId: 'Bodybutter', quantity: 2 },
      { productId: 'ExfoliatingScrub', quantity: 1 },
    ]).lines;
    // A product the shop no longer sells keeps its line, without a link to a page that is gone.
    const retired = { ...scrub!, productId: 'WinterBalm', name: 'Winter Balm' };
    render(
      <MemoryRouter>
        <OrderLines lines={[butter!, retired]} />
      </MemoryRouter>,
    );
    const [first, second] = screen.getAllByRole('listitem');

    expect(within(first!).getByRole('link', { name: butter!.name })).toHaveAttribute(
      'href',
      PATHS.product('Bodybutter'),
    );
    expect(first).toHaveTextContent(`Qty 2 × ${formatINR(butter!.unitPrice)}`);
    expect(first).toHaveTextContent(formatINR(butter!.amount));

    expect(within(second!).queryByRole('link')).toBeNull();
    expect(second).toHaveTextContent('Winter Balm');
    expect(second).toHaveTextContent(`Qty 1 × ${formatINR(scrub!.unitPrice)}`);
    expect(second).toHaveTextContent(formatINR(scrub!.amount));
  });
});
