import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { QuantityStepper } from './quantity-stepper';

function Harness({ min, onChange }: { min: 0 | 1; onChange: (value: number) => void }) {
  const [value, setValue] = useState(2);
  return (
    <QuantityStepper
      value={value}
      min={min}
      max={20}
      label="Quantity of Body Butter"
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
    />
  );
}

const type = (value: string) =>
  fireEvent.change(screen.getByRole('spinbutton', { name: 'Quantity of Body Butter' }), {
    target: { value },
  });

describe('QuantityStepper', () => {
  it('on the product page, steps down to 1 and no further', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness min={1} onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Decrease quantity' }));
    expect(onChange).toHaveBeenLastCalledWith(1);
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(onChange).toHaveBeenLastCalledWith(2);
  });

  it('on the product page, accepts only whole numbers above 0', () => {
    const onChange = vi.fn();
    render(<Harness min={1} onChange={onChange} />);
    type('0');
    type('-3');
    type('abc');
    type('1.5');
    expect(onChange).not.toHaveBeenCalled();
    type('7');
    expect(onChange).toHaveBeenCalledWith(7);
  });

  it('in the cart, accepts a typed 0 (which removes the line) and ignores negatives and text', () => {
    const onChange = vi.fn();
    render(<Harness min={0} onChange={onChange} />);
    type('-1');
    type('x');
    expect(onChange).not.toHaveBeenCalled();
    type('0');
    expect(onChange).toHaveBeenCalledWith(0);
  });

  it('in the cart, can be stepped below 1', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness min={0} onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Decrease quantity' }));
    await user.click(screen.getByRole('button', { name: 'Decrease quantity' }));
    expect(onChange).toHaveBeenLastCalledWith(0);
  });

  it('ignores numbers above the limit of one order', () => {
    const onChange = vi.fn();
    render(<Harness min={1} onChange={onChange} />);
    type('21');
    expect(onChange).not.toHaveBeenCalled();
  });
});
