import { brand, TIMINGS } from '@vanya/catalog';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { SplashScreen } from './splash-screen';

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('SplashScreen', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the favicon for 500 ms, types the name at 100 ms a letter, counts to 100 in 14 ms steps, then fades out', () => {
    const onFinish = vi.fn();
    render(<SplashScreen onFinish={onFinish} />);
    const splash = screen.getByTestId('splash');
    const visibleText = (selector: string) => {
      const element = splash.querySelector<HTMLElement>(selector);
      return element && !element.hidden ? element.textContent : null;
    };
    const name = () => visibleText('.splash__name');
    const counter = () => visibleText('.splash__counter');

    expect(splash).toHaveAttribute('data-phase', 'favicon');
    expect(splash.querySelector('.splash__favicon')).toBeInTheDocument();
    advance(TIMINGS.splashFaviconMs - 1);
    expect(name()).toBeNull();
    advance(1);
    expect(splash).toHaveAttribute('data-phase', 'typing');

    advance(TIMINGS.splashTypingPerLetterMs);
    expect(name()).toBe(brand.name.slice(0, 1));
    advance(TIMINGS.splashTypingPerLetterMs * 4);
    expect(name()).toBe(brand.name.slice(0, 5));
    advance(TIMINGS.splashTypingPerLetterMs * (brand.name.length - 5));
    expect(name()).toBe(brand.name);

    advance(0);
    expect(splash).toHaveAttribute('data-phase', 'loading');
    expect(counter()).toBe('0%');
    advance(TIMINGS.splashCounterStepMs * 50);
    expect(counter()).toBe('50%');
    advance(TIMINGS.splashCounterStepMs * 50);
    expect(counter()).toBe('100%');

    advance(0);
    expect(splash).toHaveAttribute('data-phase', 'done');
    expect(onFinish).not.toHaveBeenCalled();
    advance(TIMINGS.splashFadeOutMs);
    expect(onFinish).toHaveBeenCalledTimes(1);
  });

  it('takes about 3.7 seconds in all', () => {
    const onFinish = vi.fn();
    render(<SplashScreen onFinish={onFinish} />);
    const total =
      TIMINGS.splashFaviconMs +
      TIMINGS.splashTypingPerLetterMs * brand.name.length +
      TIMINGS.splashCounterStepMs * 100 +
      TIMINGS.splashFadeOutMs;
    for (let elapsed = 0; elapsed < total - 1; elapsed += 50) advance(50);
    advance(100);
    expect(onFinish).toHaveBeenCalledTimes(1);
  });

  it('is announced once as loading the shop', () => {
    render(<SplashScreen onFinish={() => {}} />);
    expect(screen.getByRole('status', { name: `Loading ${brand.name}` })).toBeInTheDocument();
  });
});
