import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * The item a notification opened (`?<param>=<id>`): `anchor(id)` gives each row its element id and
 * marks the one opened, which is scrolled to once `ready` (its list has arrived).
 */
export function useTarget(param: string, ready: boolean) {
  const [params] = useSearchParams();
  const target = params.get(param);
  useEffect(() => {
    if (!ready || !target) return;
    // jsdom has no scrolling; a browser brings the row into view.
    document.getElementById(`${param}-${target}`)?.scrollIntoView?.({ block: 'center' });
  }, [ready, target, param]);
  return (id: string) => ({
    id: `${param}-${id}`,
    className: target === id ? ' is-target' : '',
  });
}
