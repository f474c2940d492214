import { LIMITS } from '@vanya/catalog';
import { useRef, type PointerEvent } from 'react';

type SwipeHandlers = {
  onPointerDown: (event: PointerEvent) => void;
  onPointerUp: (event: PointerEvent) => void;
  onPointerCancel: () => void;
};

/**
 * Horizontal swipes by touch or pen: a move of more than LIMITS.swipeThresholdPx (50 px) to the left
 * goes to the next item, to the right to the previous one.
 */
export function useSwipe(onNext: () => void, onPrevious: () => void): SwipeHandlers {
  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    onPointerDown: (event) => {
      if (event.pointerType === 'mouse') return;
      start.current = { x: event.clientX, y: event.clientY };
    },
    onPointerUp: (event) => {
      const from = start.current;
      start.current = null;
      if (!from) return;
      const dx = event.clientX - from.x;
      const dy = event.clientY - from.y;
      // A mostly vertical move is the page scrolling, not a swipe.
      if (Math.abs(dx) <= LIMITS.swipeThresholdPx || Math.abs(dx) < Math.abs(dy)) return;
      if (dx < 0) onNext();
      else onPrevious();
    },
    onPointerCancel: () => {
      start.current = null;
    },
  };
}
