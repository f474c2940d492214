import { TIMINGS } from '@vanya/catalog';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { HERO_SLIDES } from '../texts';
import { HeroSlider } from './hero-slider';

function renderHero() {
  render(
    <MemoryRouter>
      <HeroSlider />
    </MemoryRouter>,
  );
}

// Hidden slides are aria-hidden, so only the showing slide's heading and link are found.
const shownTitle = () => screen.getByRole('heading', { level: 2 }).textContent;

describe('the home page’s hero', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('has five slides whose Shop Now links lead to the products they show', () => {
    renderHero();
    expect(HERO_SLIDES).toHaveLength(5);
    expect(HERO_SLIDES.map((slide) => slide.productLink)).toEqual([
      '/products',
      '/products/ScrubClub',
      '/products/TanFreeTrio',
      '/products/MagicSkinDuo',
      '/products',
    ]);
    for (const slide of HERO_SLIDES) {
      expect(slide.imgDesktop).toMatch(/desktop\.webp$/);
      expect(slide.imgMobile).toMatch(/mobile\.webp$/);
    }
    expect(screen.getByRole('link', { name: 'Shop Now' })).toHaveAttribute('href', '/products');
  });

  it('fades to the next slide every 5 s and loops', () => {
    renderHero();
    expect(shownTitle()).toBe(HERO_SLIDES[0].title);
    act(() => vi.advanceTimersByTime(TIMINGS.heroSlideMs));
    expect(shownTitle()).toBe(HERO_SLIDES[1].title);
    expect(screen.getByRole('link', { name: 'Shop Now' })).toHaveAttribute(
      'href',
      '/products/ScrubClub',
    );
    act(() => vi.advanceTimersByTime(TIMINGS.heroSlideMs * 4));
    expect(shownTitle()).toBe(HERO_SLIDES[0].title);
  });

  it('can be paused, and moved with its dots', () => {
    renderHero();
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    act(() => vi.advanceTimersByTime(TIMINGS.heroSlideMs * 2));
    expect(shownTitle()).toBe(HERO_SLIDES[0].title);
    fireEvent.click(screen.getByRole('button', { name: /^Show slide 4 of 5/ }));
    expect(shownTitle()).toBe(HERO_SLIDES[3].title);
  });
});
