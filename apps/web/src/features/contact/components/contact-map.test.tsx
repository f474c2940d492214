import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { CONTACT_TEXTS as T } from '../texts';
import { ContactMap, LIVE_MAP_TIMEOUT_MS } from './contact-map';

const drawnMap = () => screen.queryByRole('img', { name: /^Map:/ });
const liveMap = () => document.querySelector('iframe');

afterEach(() => {
  vi.useRealTimers();
});

describe('the contact map', () => {
  it('shows the drawn map and asks OpenStreetMap for nothing until the visitor wants the live one', () => {
    render(<ContactMap />);
    expect(drawnMap()).toBeInTheDocument();
    expect(liveMap()).toBeNull();
    expect(screen.getByRole('button', { name: T.showLiveMap })).toBeInTheDocument();
    expect(screen.getByText(T.liveMapNote)).toBeInTheDocument();
  });

  it('keeps the drawn map in view while the live one loads, then shows the live one', async () => {
    const user = userEvent.setup();
    render(<ContactMap />);
    await user.click(screen.getByRole('button', { name: T.showLiveMap }));

    const frame = liveMap();
    expect(frame).toHaveAttribute('src', T.embedUrl);
    expect(frame).toHaveAttribute('loading', 'lazy');
    expect(frame).toHaveAttribute('aria-hidden', 'true');
    expect(drawnMap()).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(T.loadingMap);

    fireEvent.load(frame as HTMLIFrameElement);
    expect(drawnMap()).toBeNull();
    expect(screen.getByTitle(T.liveMapTitle)).not.toHaveAttribute('aria-hidden');
    expect(screen.queryByRole('status')).toBeNull();

    await user.click(screen.getByRole('button', { name: T.showDrawnMap }));
    expect(drawnMap()).toBeInTheDocument();
    expect(liveMap()).toBeNull();
  });

  it('brings the drawn map back when the live one does not load within the time allowed', () => {
    vi.useFakeTimers();
    render(<ContactMap />);
    fireEvent.click(screen.getByRole('button', { name: T.showLiveMap }));
    act(() => vi.advanceTimersByTime(LIVE_MAP_TIMEOUT_MS - 1));
    expect(liveMap()).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(liveMap()).toBeNull();
    expect(drawnMap()).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(T.mapFailed);
    expect(screen.getByRole('button', { name: T.showLiveMap })).toBeInTheDocument();
  });
});
