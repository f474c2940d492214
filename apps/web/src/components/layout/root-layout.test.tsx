import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { setSession } from '../../lib/auth-storage';
import { mockApi } from '../../testing/mock-api';
import { renderRoute } from '../../testing/render-route';
import { SPLASH_ATTRIBUTE, SPLASH_DONE_EVENT } from './splash';

// The splash itself runs from the page's HTML (splash.test.ts); the layout holds the shop's widgets
// back while it shows.
describe('the layout on the first page of a visit', () => {
  afterEach(() => document.documentElement.removeAttribute(SPLASH_ATTRIBUTE));

  it('shows the page under the splash, and its widgets once the splash has gone', async () => {
    document.documentElement.setAttribute(SPLASH_ATTRIBUTE, '');
    renderRoute('/about');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /privacy/i })).not.toBeInTheDocument();

    act(() => {
      document.documentElement.removeAttribute(SPLASH_ATTRIBUTE);
      window.dispatchEvent(new Event(SPLASH_DONE_EVENT));
    });
    expect(await screen.findByRole('region', { name: /privacy/i })).toBeInTheDocument();
  });

  it('goes straight to the page and its widgets on any later page of the visit', async () => {
    renderRoute('/about');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: /privacy/i })).toBeInTheDocument();
  });
});

describe('the layout of the owner area', () => {
  it('leaves out the footer and the shopper widgets', async () => {
    setSession('token-owner', { name: 'Meera Deshmukh', email: 'meera@example.in' });
    mockApi(() => ({ status: 200, data: [] }));
    const { router } = renderRoute('/admin');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Owner area' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /privacy/i })).not.toBeInTheDocument();
  });

  it('keeps them on the shop’s pages', async () => {
    renderRoute('/about');
    expect(await screen.findByRole('contentinfo')).toBeInTheDocument();
  });
});
