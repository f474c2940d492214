import { CONSENT_STORAGE_KEYS } from '@vanya/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { mockApi } from '../../../testing/mock-api';
import { TRACKING_SCRIPTS } from '../tracking-scripts';
import { ConsentGate } from './consent-gate';

function renderGate() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ConsentGate />
    </QueryClientProvider>,
  );
}

const storedConsent = () => window.localStorage.getItem(CONSENT_STORAGE_KEYS.consent);
const storedCategories = () =>
  JSON.parse(window.localStorage.getItem(CONSENT_STORAGE_KEYS.categories) ?? 'null');
const script = (src: string) => document.head.querySelector(`script[src="${src}"]`);

afterEach(() => {
  document.head.querySelectorAll('script').forEach((element) => element.remove());
});

describe('cookie consent', () => {
  it('stores "accepted" with every category only after the API logged it, then loads the scripts', async () => {
    const user = userEvent.setup();
    let answer: (value: { status: number; data: unknown }) => void = () => {};
    const requests = mockApi(() => new Promise((resolve) => (answer = resolve)));
    renderGate();

    await user.click(await screen.findByRole('button', { name: 'Accept All' }));
    expect(requests).toMatchObject([
      {
        method: 'POST',
        url: '/consent',
        body: { analytics: true, marketing: true, preferences: true },
      },
    ]);
    // Nothing is kept while the call is on its way.
    expect(storedConsent()).toBeNull();
    expect(script(TRACKING_SCRIPTS.analytics)).toBeNull();

    answer({ status: 200, data: { ok: true } });
    await waitFor(() => expect(storedConsent()).toBe('accepted'));
    expect(storedCategories()).toEqual(['necessary', 'analytics', 'marketing']);
    expect(screen.queryByRole('button', { name: 'Accept All' })).not.toBeInTheDocument();
    expect(script(TRACKING_SCRIPTS.analytics)).not.toBeNull();
    expect(script(TRACKING_SCRIPTS.marketing)).not.toBeNull();
  });

  it('stores "rejected" with only the necessary category and loads no script', async () => {
    const user = userEvent.setup();
    const requests = mockApi(() => ({ status: 200, data: { ok: true } }));
    renderGate();

    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(storedConsent()).toBe('rejected'));
    expect(storedCategories()).toEqual(['necessary']);
    expect(requests[0]?.body).toEqual({ analytics: false, marketing: false, preferences: false });
    expect(script(TRACKING_SCRIPTS.analytics)).toBeNull();
    expect(script(TRACKING_SCRIPTS.marketing)).toBeNull();
  });

  it('lets the visitor choose categories, with necessary always on', async () => {
    const user = userEvent.setup();
    const requests = mockApi(() => ({ status: 200, data: { ok: true } }));
    renderGate();

    await user.click(await screen.findByRole('button', { name: 'Customise' }));
    const necessary = screen.getByRole('switch', { name: 'Necessary' });
    expect(necessary).toBeChecked();
    expect(necessary).toBeDisabled();
    await user.click(screen.getByRole('switch', { name: 'Analytics' }));
    await user.click(screen.getByRole('button', { name: 'Save Preferences' }));

    await waitFor(() => expect(storedConsent()).toBe('customized'));
    expect(storedCategories()).toEqual(['necessary', 'analytics']);
    expect(requests[0]?.body).toEqual({ analytics: true, marketing: false, preferences: true });
    expect(script(TRACKING_SCRIPTS.analytics)).not.toBeNull();
    expect(script(TRACKING_SCRIPTS.marketing)).toBeNull();
  });

  it('keeps the banner and stores nothing when the API cannot log the choice', async () => {
    const user = userEvent.setup();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi(() => ({ status: 500, data: { msg: 'down', message: 'down', code: 'INTERNAL' } }));
    renderGate();

    await user.click(await screen.findByRole('button', { name: 'Accept All' }));
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(storedConsent()).toBeNull();
    expect(screen.getByRole('button', { name: 'Accept All' })).toBeEnabled();
    expect(script(TRACKING_SCRIPTS.analytics)).toBeNull();
  });

  it('shows no banner to a visitor who has chosen, and loads what they allowed', () => {
    window.localStorage.setItem(CONSENT_STORAGE_KEYS.consent, 'customized');
    window.localStorage.setItem(CONSENT_STORAGE_KEYS.categories, '["necessary","marketing"]');
    renderGate();
    expect(screen.queryByRole('button', { name: 'Accept All' })).not.toBeInTheDocument();
    expect(script(TRACKING_SCRIPTS.marketing)).not.toBeNull();
    expect(script(TRACKING_SCRIPTS.analytics)).toBeNull();
  });
});
