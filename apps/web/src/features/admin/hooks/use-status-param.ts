import { useSearchParams } from 'react-router-dom';

/** A list filter kept in the address (?status=), so the dashboard's tiles open it filtered. */
export function useStatusParam<S extends string>(): [S | '', (status: S | '') => void] {
  const [params, setParams] = useSearchParams();
  const status = (params.get('status') ?? '') as S | '';
  const set = (next: S | '') =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next) updated.set('status', next);
      else updated.delete('status');
      return updated;
    });
  return [status, set];
}
