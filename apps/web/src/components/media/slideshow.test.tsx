import { SHOP_MESSAGES } from '@vanya/contracts';
import { TIMINGS } from '@vanya/catalog';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { Slideshow } from './slideshow';

const SLIDES = [
  { src: '/media/products/body-butter-1.webp', alt: 'one' },
  { src: '/media/products/body-butter-2.webp', alt: 'two' },
  { src: '/media/products/body-butter-3.webp', alt: 'three' },
];

const current = () =>
  screen.getByRole('button', { current: true, name: /^Show image/ }).getAttribute('aria-label');

describe('Slideshow', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('moves on every 3 s and loops', () => {
    render(<Slideshow slides={SLIDES} label="Pictures" sizes="100vw" />);
    expect(current()).toBe('Show image 1 of 3');
    act(() => vi.advanceTimersByTime(TIMINGS.slideshowMs));
    expect(current()).toBe('Show image 2 of 3');
    act(() => vi.advanceTimersByTime(TIMINGS.slideshowMs * 2));
    expect(current()).toBe('Show image 1 of 3');
  });

  it('goes next or back with a swipe of more than 50 px, and ignores shorter moves', () => {
    render(<Slideshow slides={SLIDES} label="Pictures" sizes="100vw" />);
    const viewport = document.querySelector('.slideshow__viewport') as HTMLElement;
    const swipe = (from: number, to: number) => {
      fireEvent.pointerDown(viewport, { pointerType: 'touch', clientX: from, clientY: 100 });
      fireEvent.pointerUp(viewport, { pointerType: 'touch', clientX: to, clientY: 100 });
    };
    swipe(200, 160);
    expect(current()).toBe('Show image 1 of 3');
    swipe(200, 140);
    expect(current()).toBe('Show image 2 of 3');
    swipe(100, 170);
    expect(current()).toBe('Show image 1 of 3');
  });

  it('says No images available when no picture can be shown', () => {
    const { rerender } = render(<Slideshow slides={[]} label="Pictures" sizes="100vw" />);
    expect(screen.getByText(SHOP_MESSAGES.noImages)).toBeInTheDocument();
    rerender(
      <Slideshow slides={[{ src: '/missing.webp', alt: 'gone' }]} label="Pictures" sizes="100vw" />,
    );
    fireEvent.error(screen.getByRole('img', { name: 'gone' }));
    expect(screen.getByText(SHOP_MESSAGES.noImages)).toBeInTheDocument();
  });
});
