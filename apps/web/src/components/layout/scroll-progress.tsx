import { useEffect, useState } from 'react';

import './scroll-progress.css';

function percentScrolled(): number {
  const { scrollHeight, clientHeight } = document.documentElement;
  const scrollable = scrollHeight - clientHeight;
  if (scrollable <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((window.scrollY / scrollable) * 100)));
}

/** Thin bar across the top of the window showing how far the page has been scrolled. */
export function ScrollProgress() {
  const [percent, setPercent] = useState(0);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setPercent(percentScrolled()));
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);

  return (
    <div
      className="scroll-progress"
      role="progressbar"
      aria-label="Page scrolled"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <div className="scroll-progress__bar" style={{ transform: `scaleX(${percent / 100})` }} />
    </div>
  );
}
