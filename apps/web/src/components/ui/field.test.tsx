import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Controller, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';

import { Field } from './field';

const PIN_HINT = 'Six digits, as on your address';
const PIN_ERROR = 'Enter a 6-digit PIN code';
const STATE_ERROR = 'Choose your state';

/** A form as the shop writes them: one field registered, one through a Controller. */
function AddressForm() {
  const { register, control, handleSubmit, formState } = useForm({
    defaultValues: { pin: '', state: '' },
  });
  return (
    <form noValidate onSubmit={handleSubmit(() => undefined)}>
      <Field label="PIN code" hint={PIN_HINT} error={formState.errors.pin}>
        {(control) => (
          <input
            {...control}
            {...register('pin', { pattern: { value: /^\d{6}$/, message: PIN_ERROR } })}
            className="input"
          />
        )}
      </Field>
      <Controller
        control={control}
        name="state"
        rules={{ required: STATE_ERROR }}
        render={({ field, fieldState }) => (
          <Field label="State" optional="(as on the map)" error={fieldState.error} alert>
            {(control) => (
              <select {...control} {...field} className="select">
                <option value="">Choose</option>
                <option value="Goa">Goa</option>
              </select>
            )}
          </Field>
        )}
      />
      <button type="submit">Save</button>
    </form>
  );
}

describe('Field', () => {
  it('names its control by the label and describes it by the hint, then by the error too', async () => {
    const user = userEvent.setup();
    render(<AddressForm />);
    const pin = screen.getByRole('textbox', { name: 'PIN code' });
    expect(pin).toHaveAccessibleDescription(PIN_HINT);
    expect(pin).toHaveAttribute('aria-invalid', 'false');

    await user.type(pin, '4132');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(PIN_ERROR)).toBeVisible();
    expect(pin).toHaveAttribute('aria-invalid', 'true');
    expect(pin).toHaveAccessibleDescription(`${PIN_HINT} ${PIN_ERROR}`);

    await user.clear(pin);
    await user.type(pin, '413512');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('alert');
    expect(screen.queryByText(PIN_ERROR)).toBeNull();
    expect(pin).toHaveAttribute('aria-invalid', 'false');
    expect(pin).toHaveAccessibleDescription(PIN_HINT);
  });

  it('wires a Controller’s field the same way, announcing the error it was asked to', async () => {
    const user = userEvent.setup();
    render(<AddressForm />);
    const state = screen.getByRole('combobox', { name: 'State (as on the map)' });
    expect(state).not.toHaveAttribute('aria-describedby');

    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(STATE_ERROR);
    expect(state).toHaveAttribute('aria-invalid', 'true');
    expect(state).toHaveAccessibleDescription(STATE_ERROR);

    await user.selectOptions(state, 'Goa');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(state).toHaveAttribute('aria-invalid', 'false');
  });

  it('marks a control invalid without a line of its own when the form says why elsewhere', () => {
    render(
      <Field label="Email" invalid aside={<a href="/help">Help</a>}>
        {(control) => <input {...control} className="input" />}
      </Field>,
    );
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).not.toHaveAttribute('aria-describedby');
    expect(screen.getByRole('link', { name: 'Help' })).toBeVisible();
  });
});
