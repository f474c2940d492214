import { useEffect, useState, type RefObject } from 'react';

import { KEEP_CLEAR_ATTRIBUTE } from '../../../lib/keep-clear';
import { KEEP_CLEAR_GAP, keepClearLift } from '../keep-clear-lift';

const px = (value: string) => Number.parseFloat(value) || 0;

/**
 * How far (px) the chat moves up to keep clear of what the page marked (lib/keep-clear): the cookie
 * banner, a page's primary action. Measured again, once a frame at most, as the page scrolls or
 * resizes and as marked things come, go or finish animating. Open or closed alike, so the launcher
 * never jumps away from the finger that pressed it.
 */
export function useKeepClearLift(
  chat: RefObject<HTMLElement | null>,
  launcher: RefObject<HTMLElement | null>,
): number {
  const [lift, setLift] = useState(0);

  useEffect(() => {
    const container = chat.current;
    const button = launcher.current;
    if (!container || !button) return;
    let frame = 0;

    const measure = () => {
      frame = 0;
      const marked = document.querySelectorAll(`[${KEEP_CLEAR_ATTRIBUTE}]`);
      // Nothing to keep clear of: no lift, and no need to ask the browser for a layout.
      if (marked.length === 0) {
        setLift(0);
        return;
      }
      // Where the launcher rests unlifted (the lift is a transform: right and bottom stay put).
      const style = getComputedStyle(container);
      const right = document.documentElement.clientWidth - px(style.right);
      const bottom = window.innerHeight - px(style.bottom);
      const base = {
        left: right - button.offsetWidth,
        right,
        top: bottom - button.offsetHeight,
        bottom,
      };
      const obstacles = [...marked].map((element) => element.getBoundingClientRect());
      const header = px(
        getComputedStyle(document.documentElement).getPropertyValue('--header-height'),
      );
      setLift(keepClearLift(base, obstacles, { minTop: header + KEEP_CLEAR_GAP }));
    };
    const schedule = () => {
      if (!frame) frame = window.requestAnimationFrame(measure);
    };

    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    document.addEventListener('animationend', schedule, true);
    document.addEventListener('transitionend', schedule, true);
    const mutations = new MutationObserver(schedule);
    mutations.observe(document.body, { childList: true, subtree: true });
    return () => {
      if (frame) window.cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      document.removeEventListener('animationend', schedule, true);
      document.removeEventListener('transitionend', schedule, true);
      mutations.disconnect();
    };
  }, [chat, launcher]);

  return lift;
}
