import './form.css';

/** A small turning ring; decorative, the surrounding text or label says what is happening. */
export function Spinner({ size = 18, className }: { size?: number; className?: string }) {
  return (
    <span
      className={`spinner${className ? ` ${className}` : ''}`}
      style={{ width: size, height: size }}
      aria-hidden="true"
    />
  );
}
