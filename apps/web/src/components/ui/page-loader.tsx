import { LeafMark } from './icons';
import './page-loader.css';

/** Calm placeholder while a page's code or data loads. */
export function PageLoader({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="page-loader" role="status">
      <LeafMark className="page-loader__leaf" size={40} />
      <span className="page-loader__label">{label}</span>
    </div>
  );
}
