import { brand } from '@vanya/catalog';
import type { PincodeAnswer } from '@vanya/contracts';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';

import { AppProvider } from '../../app/provider';
import { mockApi, type MockReply } from '../../testing/mock-api';
import { CheckDelivery } from './check-delivery';
import { DELIVERY_TEXTS as T } from './delivery-texts';

const LATUR: PincodeAnswer = {
  pin: '413512',
  state: 'Maharashtra',
  district: 'Latur',
  town: 'Latur',
  serviceable: true,
  cod: true,
  codFee: 4900,
  codMaxGoods: 300000,
  estimate: { minDays: 1, maxDays: 2, from: '2026-12-02', to: '2026-12-03' },
};

const UNKNOWN: MockReply = {
  status: 404,
  data: { msg: 'No such PIN code.', message: 'No such PIN code.', code: 'UNKNOWN_PIN' },
};

/** The API with `answers` by PIN; any other PIN is unknown. */
function pincodeApi(answers: Record<string, PincodeAnswer>) {
  return mockApi(({ url }) => {
    const pin = url.replace('/pincodes/', '');
    const answer = answers[pin];
    return answer ? { status: 200, data: answer } : UNKNOWN;
  });
}

function renderCheck() {
  render(
    <AppProvider>
      <CheckDelivery />
    </AppProvider>,
  );
  return {
    pin: screen.getByRole('textbox', { name: T.pinLabel }),
    check: screen.getByRole('button', { name: T.check }),
    result: screen.getByRole('status', { name: T.heading }),
  };
}

describe('Check delivery', () => {
  it('answers a PIN with the last delivery date, cash on delivery and the place, and remembers it', async () => {
    const requests = pincodeApi({ '413512': LATUR });
    const user = userEvent.setup();
    const { pin, check, result } = renderCheck();
    expect(screen.getByRole('heading', { name: T.heading })).toBeInTheDocument();

    await user.type(pin, '413512');
    await user.click(check);

    expect(await screen.findByText('Delivery by Thu, 3 Dec')).toBeInTheDocument();
    expect(result).toHaveTextContent('Delivery by Thu, 3 Dec · Cash on delivery available');
    expect(result).toHaveTextContent('Latur, Maharashtra');
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /pincodes/413512']);
    expect(window.localStorage.getItem(brand.storageKeys.deliveryPin)).toBe('413512');
  });

  it('says when cash on delivery is not available for the PIN', async () => {
    pincodeApi({ '744101': { ...LATUR, pin: '744101', cod: false } });
    const user = userEvent.setup();
    const { pin, check, result } = renderCheck();
    await user.type(pin, '744101{Enter}');
    expect(await screen.findByText(T.codUnavailable)).toBeInTheDocument();
    expect(result).not.toHaveTextContent(T.codAvailable);
    await user.click(check);
    expect(result).toHaveTextContent('Delivery by Thu, 3 Dec · Cash on delivery is not available');
  });

  it('names a union territory that is one town once, and a town rather than its postal district', async () => {
    pincodeApi({
      '160017': {
        ...LATUR,
        pin: '160017',
        state: 'Chandigarh',
        district: 'Chandigarh',
        town: 'Chandigarh',
      },
    });
    const user = userEvent.setup();
    const { pin, result } = renderCheck();
    await user.type(pin, '160017{Enter}');
    expect(await screen.findByText('Chandigarh', { exact: true })).toBeInTheDocument();
    expect(result).not.toHaveTextContent('Chandigarh, Chandigarh');

    pincodeApi({
      '744102': {
        ...LATUR,
        pin: '744102',
        state: 'Andaman and Nicobar Islands',
        district: 'South Andamans',
        town: 'Port Blair',
      },
    });
    await user.clear(pin);
    await user.type(pin, '744102{Enter}');
    expect(await screen.findByText('Port Blair, Andaman and Nicobar Islands')).toBeInTheDocument();
    expect(result).not.toHaveTextContent('South Andamans');
  });

  it('says when we do not deliver to the PIN yet', async () => {
    pincodeApi({ '123456': { ...LATUR, pin: '123456', serviceable: false, cod: false } });
    const user = userEvent.setup();
    const { pin, result } = renderCheck();
    await user.type(pin, '123456{Enter}');
    expect(await screen.findByText('We do not deliver to 123456 yet')).toBeInTheDocument();
    expect(result).not.toHaveTextContent('Delivery by');
  });

  it('says "No such PIN code" for a PIN the directory does not hold, and does not remember it', async () => {
    pincodeApi({});
    const user = userEvent.setup();
    const { pin } = renderCheck();
    await user.type(pin, '999999{Enter}');
    expect(await screen.findByText(T.unknown)).toBeInTheDocument();
    expect(window.localStorage.getItem(brand.storageKeys.deliveryPin)).toBeNull();
  });

  it('asks for six digits before asking the shop, and keeps letters out of the field', async () => {
    const requests = pincodeApi({ '413512': LATUR });
    const user = userEvent.setup();
    const { pin, check } = renderCheck();
    await user.type(pin, '41a35');
    expect(pin).toHaveValue('4135');
    await user.click(check);
    expect(screen.getByText(T.malformed)).toBeInTheDocument();
    expect(pin).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toEqual([]);

    await user.type(pin, '12{Enter}');
    expect(await screen.findByText('Delivery by Thu, 3 Dec')).toBeInTheDocument();
    expect(screen.queryByText(T.malformed)).not.toBeInTheDocument();
    expect(pin).toHaveAttribute('aria-invalid', 'false');
  });

  it('fills in and answers the PIN remembered from the last visit', async () => {
    window.localStorage.setItem(brand.storageKeys.deliveryPin, '413512');
    const requests = pincodeApi({ '413512': LATUR });
    const { pin, result } = renderCheck();
    expect(pin).toHaveValue('413512');
    expect(await screen.findByText('Delivery by Thu, 3 Dec')).toBeInTheDocument();
    expect(result).toHaveTextContent('Cash on delivery available');
    expect(requests).toHaveLength(1);
  });

  it('takes over a page drawn ahead of time without a mismatch, then answers the remembered PIN', async () => {
    pincodeApi({ '413512': LATUR });
    const ui = (
      <AppProvider>
        <CheckDelivery />
      </AppProvider>
    );
    // Drawn as the prerender draws it: no storage there.
    const container = document.createElement('div');
    container.innerHTML = renderToString(ui);
    document.body.append(container);
    // A returning shopper's browser remembers a PIN.
    window.localStorage.setItem(brand.storageKeys.deliveryPin, '413512');
    const recoverable = vi.fn();
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(container, ui, { onRecoverableError: recoverable });
    });
    expect(await within(container).findByText('Delivery by Thu, 3 Dec')).toBeInTheDocument();
    expect(within(container).getByRole('textbox', { name: T.pinLabel })).toHaveValue('413512');
    expect(recoverable).not.toHaveBeenCalled();
    act(() => root?.unmount());
    container.remove();
  });
});
