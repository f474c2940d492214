import { brand, TIMINGS } from '@vanya/catalog';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { runSplash, splashDuration, splashMarkup, splashPlan } from './splash';
import { SPLASH_SHOWN_KEY } from './splash-session';

// The splash as index.html runs it: its markup, then runSplash on it, on a clock the test moves.
const plan = splashPlan(brand, TIMINGS);

function mount(): HTMLElement {
  document.body.innerHTML = `${splashMarkup(brand.name)}<div id="root"></div>`;
  return document.querySelector<HTMLElement>('[data-testid="splash"]')!;
}

const visibleText = (splash: HTMLElement, selector: string) => {
  const element = splash.querySelector<HTMLElement>(selector);
  return element && !element.hidden ? element.textContent : null;
};

describe('the splash of a visit’s first page', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.sessionStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    document.documentElement.removeAttribute('data-splash');
  });

  it('shows the favicon for 500 ms, types the name at 100 ms a letter, counts to 100 in 14 ms steps, then fades out and goes', () => {
    const splash = mount();
    const done = vi.fn();
    window.addEventListener('splashdone', done);
    runSplash(splash, plan);
    expect(document.documentElement).toHaveAttribute('data-splash');
    expect(splash).toHaveAttribute('data-phase', 'favicon');
    expect(splash).toHaveAccessibleName(`Loading ${brand.name}`);

    vi.advanceTimersByTime(TIMINGS.splashFaviconMs - 1);
    expect(visibleText(splash, '.splash__name')).toBeNull();
    vi.advanceTimersByTime(1);
    expect(splash).toHaveAttribute('data-phase', 'typing');
    vi.advanceTimersByTime(TIMINGS.splashTypingPerLetterMs * 5);
    expect(visibleText(splash, '.splash__name')).toBe(brand.name.slice(0, 5));
    vi.advanceTimersByTime(TIMINGS.splashTypingPerLetterMs * (brand.name.length - 5));
    expect(visibleText(splash, '.splash__name')).toBe(brand.name);

    expect(splash).toHaveAttribute('data-phase', 'loading');
    expect(visibleText(splash, '.splash__counter')).toBe('0%');
    vi.advanceTimersByTime(TIMINGS.splashCounterStepMs * 50);
    expect(visibleText(splash, '.splash__counter')).toBe('50%');
    vi.advanceTimersByTime(TIMINGS.splashCounterStepMs * 50);
    expect(visibleText(splash, '.splash__counter')).toBe('100%');
    expect(splash).toHaveAttribute('data-phase', 'done');

    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(TIMINGS.splashFadeOutMs);
    expect(done).toHaveBeenCalledTimes(1);
    expect(splash.isConnected).toBe(false);
    expect(document.documentElement).not.toHaveAttribute('data-splash');
    expect(window.sessionStorage.getItem(SPLASH_SHOWN_KEY)).toBe('1');
    window.removeEventListener('splashdone', done);
  });

  it('takes about 3.7 seconds in all', () => {
    expect(splashDuration(plan)).toBe(
      TIMINGS.splashFaviconMs +
        TIMINGS.splashTypingPerLetterMs * brand.name.length +
        TIMINGS.splashCounterStepMs * 100 +
        TIMINGS.splashFadeOutMs,
    );
    const splash = mount();
    runSplash(splash, plan);
    vi.advanceTimersByTime(splashDuration(plan) - 1);
    expect(splash.isConnected).toBe(true);
    vi.advanceTimersByTime(1);
    expect(splash.isConnected).toBe(false);
  });

  it('is gone at once on a later page of the visit', () => {
    window.sessionStorage.setItem(SPLASH_SHOWN_KEY, '1');
    const splash = mount();
    runSplash(splash, plan);
    expect(splash.isConnected).toBe(false);
    expect(document.documentElement).not.toHaveAttribute('data-splash');
  });

  it('is gone at once for a visitor who asks for reduced motion', () => {
    const matchMedia = vi.fn((query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)',
    }));
    vi.stubGlobal('matchMedia', matchMedia);
    try {
      const splash = mount();
      runSplash(splash, plan);
      expect(splash.isConnected).toBe(false);
      expect(document.documentElement).not.toHaveAttribute('data-splash');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('runs from its own source alone, as the page inlines it', () => {
    const splash = mount();
    // What vite-plugins/splash.ts writes into the page: the function's text, called at once.
    new Function('splash', 'plan', `(${runSplash.toString()})(splash, plan);`)(splash, plan);
    vi.advanceTimersByTime(splashDuration(plan));
    expect(splash.isConnected).toBe(false);
  });
});
