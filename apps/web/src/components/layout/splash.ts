// The splash of a visit's first page runs before the app's code has arrived: its markup and a small
// script that times it are written into index.html by the build (vite-plugins/splash.ts), so the
// shopper sees the favicon, the typed name and the counter from the first paint while the page
// (prerendered underneath) and its code load behind it. The app only learns when it has gone.
// This module imports nothing: the build's config loads it (vite-plugins/splash.ts).

/** Everything the script needs, as plain data. */
export type SplashPlan = {
  name: string;
  /** sessionStorage key: once a visit (tab session). */
  key: string;
  faviconMs: number;
  letterMs: number;
  counterMs: number;
  fadeMs: number;
};

/** The sessionStorage key that remembers the splash was shown in this visit. */
export const splashKey = (shortName: string) => `${shortName.toLowerCase()}_splash_shown`;

/** The plan from the brand and the shop's timings (@vanya/catalog's brand and TIMINGS). */
export function splashPlan(
  brand: { name: string; shortName: string },
  timings: {
    splashFaviconMs: number;
    splashTypingPerLetterMs: number;
    splashCounterStepMs: number;
    splashFadeOutMs: number;
  },
): SplashPlan {
  return {
    name: brand.name,
    key: splashKey(brand.shortName),
    faviconMs: timings.splashFaviconMs,
    letterMs: timings.splashTypingPerLetterMs,
    counterMs: timings.splashCounterStepMs,
    fadeMs: timings.splashFadeOutMs,
  };
}

/** From the first paint to the splash gone: favicon, typing, counting to 100, fading out. */
export function splashDuration(plan: SplashPlan): number {
  return plan.faviconMs + plan.letterMs * plan.name.length + plan.counterMs * 100 + plan.fadeMs;
}

/** Set on <html> while the splash shows; the page behind it holds its animations (root-layout.css). */
export const SPLASH_ATTRIBUTE = 'data-splash';
/** Dispatched on window when the splash has gone. */
export const SPLASH_DONE_EVENT = 'splashdone';

const FAVICON_LEAF =
  'M50 12C30 12 15 22 15 39c0 4 1 7.5 3 10.5C22 36 31 27 43 21 33 29 25 39 21 52c3.5 1.5 7 2 10 2 16 0 23-15 19-42Z';

/**
 * The splash's markup in its first step (the favicon). The typed name sits over the whole name,
 * kept invisible, so the line is as wide as the finished name from the start and typing moves
 * nothing.
 */
export function splashMarkup(name: string): string {
  return [
    `<div class="splash splash--favicon" role="status" aria-label="Loading ${name}" data-testid="splash" data-phase="favicon">`,
    '<div class="splash__inner" aria-hidden="true">',
    '<svg class="splash__favicon" viewBox="0 0 64 64" width="72" height="72">',
    `<rect width="64" height="64" rx="16" fill="#F3EDE2"/><path d="${FAVICON_LEAF}" fill="#2F4F3A"/></svg>`,
    `<div class="splash__type"><span class="splash__reserve">${name}</span>`,
    '<p class="splash__name" hidden><span></span><span class="splash__caret"></span></p></div>',
    '<p class="splash__counter" hidden></p>',
    '</div></div>',
  ].join('');
}

/**
 * Runs the splash on its markup: the favicon for `faviconMs`, the name typed a letter every
 * `letterMs`, a counter from 0 to 100 in `counterMs` steps, then a fade of `fadeMs`, after which
 * the splash is removed, the visit remembered and SPLASH_DONE_EVENT sent. On a later page of the
 * visit, or for a visitor whose system asks for reduced motion, it removes the splash at once,
 * before anything is painted: the page is there without 3.7 seconds of animation. Every step is timed from the
 * start, so a busy page cannot stretch the sequence.
 *
 * The build inlines this function's source into index.html: it must use nothing from outside its
 * own body (no imports, no module constants), and only what every browser has.
 */
export function runSplash(splash: HTMLElement, plan: SplashPlan): void {
  const html = document.documentElement;
  const reducedMotion =
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  let shown = false;
  try {
    shown = window.sessionStorage.getItem(plan.key) === '1';
  } catch {
    // No storage: the splash shows.
  }
  if (shown || reducedMotion) {
    splash.remove();
    return;
  }
  html.setAttribute('data-splash', '');
  const name = splash.querySelector<HTMLElement>('.splash__name');
  const typed = name?.firstElementChild;
  const caret = name?.lastElementChild;
  const counter = splash.querySelector<HTMLElement>('.splash__counter');
  const at = (ms: number, step: () => void) => window.setTimeout(step, ms);
  const phase = (next: string) => {
    splash.className = `splash splash--${next}`;
    splash.setAttribute('data-phase', next);
  };
  let time = plan.faviconMs;
  at(time, () => {
    phase('typing');
    if (name) name.hidden = false;
  });
  for (let letters = 1; letters <= plan.name.length; letters += 1) {
    time += plan.letterMs;
    at(time, () => {
      if (typed) typed.textContent = plan.name.slice(0, letters);
    });
  }
  at(time, () => {
    phase('loading');
    caret?.remove();
    if (counter) {
      counter.textContent = '0%';
      counter.hidden = false;
    }
  });
  for (let percent = 1; percent <= 100; percent += 1) {
    time += plan.counterMs;
    at(time, () => {
      if (counter) counter.textContent = `${percent}%`;
    });
  }
  at(time, () => phase('done'));
  at(time + plan.fadeMs, () => {
    try {
      window.sessionStorage.setItem(plan.key, '1');
    } catch {
      // Storage refused: the splash shows again on the next page.
    }
    splash.remove();
    html.removeAttribute('data-splash');
    window.dispatchEvent(new Event('splashdone'));
  });
}
