import { useEffect, useState, type FocusEvent } from 'react';

import { useReducedMotion } from '../../hooks/use-reduced-motion';

/**
 * Calls `advance` every `intervalMs` while `running`. Visitors who ask for less motion get no
 * automatic movement at all; everyone can pause it (WCAG 2.2.2).
 */
export function useAutoplay(advance: () => void, intervalMs: number, running: boolean) {
  const reducedMotion = useReducedMotion();
  const active = running && !reducedMotion;
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(advance, intervalMs);
    return () => window.clearInterval(timer);
  }, [active, advance, intervalMs]);
  return active;
}

/** Pause state of an auto-advancing element: paused by the visitor, or while hovered or focused. */
export function usePauseState() {
  const [pausedByUser, setPausedByUser] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  return {
    pausedByUser,
    togglePaused: () => setPausedByUser((paused) => !paused),
    paused: pausedByUser || hovered || focused,
    hoverProps: {
      onMouseEnter: () => setHovered(true),
      onMouseLeave: () => setHovered(false),
      onFocus: () => setFocused(true),
      onBlur: (event: FocusEvent) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      },
    },
  };
}
