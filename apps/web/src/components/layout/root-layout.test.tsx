import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { setSession } from '../../lib/auth-storage';
import { mockApi } from '../../testing/mock-api';
import { renderRoute } from '../../testing/render-route';
import { splashSchedule } from './splash-screen';
import { splashAlreadyShown } from './splash-session';

// The first page of a visit opens behind the splash; the time it takes is driven by fake timers
// (the splash's own schedule), never waited for.
describe('the layout on the first page of a visit', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the splash over the page, then the page with its widgets, once per visit', async () => {
    vi.useFakeTimers();
    renderRoute('/about', undefined, { splash: true });
    expect(screen.getByTestId('splash')).toHaveAttribute('data-phase', 'favicon');
    expect(screen.queryByRole('region', { name: /privacy/i })).not.toBeInTheDocument();
    expect(splashAlreadyShown()).toBe(false);

    await act(() => vi.advanceTimersByTimeAsync(splashSchedule().finishAt));
    expect(screen.queryByTestId('splash')).not.toBeInTheDocument();
    expect(splashAlreadyShown()).toBe(true);

    vi.useRealTimers();
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: /privacy/i })).toBeInTheDocument();
  });

  it('goes straight to the page on any later page of the visit', async () => {
    renderRoute('/about');
    expect(screen.queryByTestId('splash')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
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
