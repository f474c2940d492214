import { TIMINGS } from '@vanya/catalog';
import { useEffect, useRef } from 'react';

/** What counts as activity. */
export const ACTIVITY_EVENTS = [
  'mousemove',
  'mousedown',
  'keydown',
  'scroll',
  'touchstart',
] as const;

/**
 * Calls `onIdle` once `timeoutMs` pass without activity while `enabled`. Activity only records the
 * time (a mousemove is cheap); the one timer checks that time when it fires and re-arms for the
 * rest, so a sleeping laptop that wakes after the limit is logged out at once. Uses Date and
 * setTimeout, which tests (and Playwright's page.clock) can control.
 */
export function useInactivityLogout(
  enabled: boolean,
  onIdle: () => void,
  timeoutMs: number = TIMINGS.inactivityLogoutMs,
): void {
  const onIdleRef = useRef(onIdle);
  useEffect(() => {
    onIdleRef.current = onIdle;
  }, [onIdle]);

  useEffect(() => {
    if (!enabled) return;
    let lastActivity = Date.now();
    let timer = 0;

    const check = () => {
      const idleFor = Date.now() - lastActivity;
      if (idleFor >= timeoutMs) onIdleRef.current();
      else timer = window.setTimeout(check, timeoutMs - idleFor);
    };
    const onActivity = () => {
      lastActivity = Date.now();
    };

    timer = window.setTimeout(check, timeoutMs);
    const options = { capture: true, passive: true } as const;
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, options);
    return () => {
      window.clearTimeout(timer);
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, options);
    };
  }, [enabled, timeoutMs]);
}
