import type { ReactNode } from 'react';

import './form.css';

type NoticeTone = 'success' | 'info' | 'error';

/** A message block inside a form or card (verification outcome, a form-level error). */
export function Notice({
  tone,
  children,
  className,
}: {
  tone: NoticeTone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={`notice notice--${tone}${className ? ` ${className}` : ''}`}
      role={tone === 'error' ? 'alert' : 'status'}
    >
      <span className="notice__icon" aria-hidden="true">
        {tone === 'success' ? '✓' : tone === 'error' ? '!' : 'i'}
      </span>
      <div className="notice__body">{children}</div>
    </div>
  );
}
