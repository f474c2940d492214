import { brand, TIMINGS } from '@vanya/catalog';
import { useEffect, useRef, useState } from 'react';

import './splash-screen.css';

const FAVICON_LEAF =
  'M50 12C30 12 15 22 15 39c0 4 1 7.5 3 10.5C22 36 31 27 43 21 33 29 25 39 21 52c3.5 1.5 7 2 10 2 16 0 23-15 19-42Z';

export type SplashPhase = 'favicon' | 'typing' | 'loading' | 'done';

type SplashState = { phase: SplashPhase; letters: number; percent: number };

/**
 * Every state of the splash and when it starts, in ms from the start:
 * the favicon for 500 ms, the brand name typed at 100 ms a letter, a counter from 0 to 100 in
 * 14 ms steps, then about 400 ms of fading out, after which `finishAt` is reached.
 */
export function splashSchedule(name: string = brand.name): {
  steps: { at: number; state: SplashState }[];
  finishAt: number;
} {
  const steps: { at: number; state: SplashState }[] = [];
  let at = TIMINGS.splashFaviconMs;
  steps.push({ at, state: { phase: 'typing', letters: 0, percent: 0 } });
  for (let letters = 1; letters <= name.length; letters += 1) {
    at += TIMINGS.splashTypingPerLetterMs;
    steps.push({ at, state: { phase: 'typing', letters, percent: 0 } });
  }
  steps.push({ at, state: { phase: 'loading', letters: name.length, percent: 0 } });
  for (let percent = 1; percent <= 100; percent += 1) {
    at += TIMINGS.splashCounterStepMs;
    steps.push({ at, state: { phase: 'loading', letters: name.length, percent } });
  }
  steps.push({ at, state: { phase: 'done', letters: name.length, percent: 100 } });
  return { steps, finishAt: at + TIMINGS.splashFadeOutMs };
}

/**
 * Runs the splash sequence over the app and calls `onFinish` when it has faded out. The letters and
 * the counter are written straight into their elements: some 120 small updates in two seconds
 * should not each re-render anything.
 */
export function SplashScreen({ onFinish }: { onFinish: () => void }) {
  const [phase, setPhase] = useState<SplashPhase>('favicon');
  const name = useRef<HTMLSpanElement>(null);
  const counter = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    // Every step is timed from the start, so slow renders cannot stretch the sequence.
    const { steps, finishAt } = splashSchedule();
    let shownPhase: SplashPhase = 'favicon';
    const show = (state: SplashState) => {
      if (state.phase !== shownPhase) {
        shownPhase = state.phase;
        setPhase(state.phase);
      }
      if (name.current) name.current.textContent = brand.name.slice(0, state.letters);
      if (counter.current) counter.current.textContent = `${state.percent}%`;
    };
    const timers = steps.map(({ at, state }) => window.setTimeout(() => show(state), at));
    timers.push(window.setTimeout(onFinish, finishAt));
    return () => timers.forEach((timer) => window.clearTimeout(timer));
  }, [onFinish]);

  return (
    <div
      className={`splash splash--${phase}`}
      role="status"
      aria-label={`Loading ${brand.name}`}
      data-testid="splash"
      data-phase={phase}
    >
      <div className="splash__inner" aria-hidden="true">
        {/* The favicon's drawing (public/favicon.svg), inline so that it shows without a request. */}
        <svg className="splash__favicon" viewBox="0 0 64 64" width="72" height="72">
          <rect width="64" height="64" rx="16" fill="#F3EDE2" />
          <path d={FAVICON_LEAF} fill="#2F4F3A" />
        </svg>
        {/* The typed name sits over the whole name, kept invisible: the line is as wide as the
            finished name from the start, so typing moves nothing on the screen. */}
        <div className="splash__type">
          <span className="splash__reserve">{brand.name}</span>
          <p className="splash__name" hidden={phase === 'favicon'}>
            <span ref={name} />
            {phase === 'typing' ? <span className="splash__caret" /> : null}
          </p>
        </div>
        <p
          ref={counter}
          className="splash__counter"
          hidden={phase === 'favicon' || phase === 'typing'}
        />
      </div>
    </div>
  );
}
