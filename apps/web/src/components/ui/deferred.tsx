import { startTransition, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
};

// Sections waiting to render, in page order; one renders per idle moment, so each is a small
// piece of work of its own rather than one long task.
const queue: (() => void)[] = [];
let scheduled = false;

function whenIdle(callback: () => void) {
  const idleWindow = window as IdleWindow;
  if (idleWindow.requestIdleCallback) idleWindow.requestIdleCallback(callback, { timeout: 1200 });
  else window.setTimeout(callback, 200);
}

function runNext() {
  scheduled = false;
  const next = queue.shift();
  next?.();
  if (queue.length > 0) schedule();
}

function schedule() {
  if (scheduled) return;
  scheduled = true;
  whenIdle(runNext);
}

/**
 * Renders content below the first screen a moment later: in its turn when the browser is idle
 * after the first paint, or at once when the visitor scrolls near it. The first screen appears
 * sooner. Where the browser cannot tell (no IntersectionObserver), it renders at once. A section
 * whose code is still loading keeps its place (same height), so nothing below it jumps.
 */
export function Deferred({ children, minHeight }: { children: ReactNode; minHeight: string }) {
  // A prerendered page holds the place too (src/entry-server.tsx), as the browser's first render does.
  const [shown, setShown] = useState(
    () => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined',
  );
  const placeholder = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (shown) return;
    // As a transition, the section renders in slices that yield to the browser between them,
    // instead of in one long task.
    const show = () => startTransition(() => setShown(true));
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) show();
      },
      { rootMargin: '600px 0px' },
    );
    if (placeholder.current) observer.observe(placeholder.current);
    queue.push(show);
    schedule();
    return () => {
      observer.disconnect();
      const index = queue.indexOf(show);
      if (index >= 0) queue.splice(index, 1);
    };
  }, [shown]);

  const holder = <div ref={placeholder} style={{ minHeight }} aria-hidden="true" />;
  if (!shown) return holder;
  return <Suspense fallback={holder}>{children}</Suspense>;
}
