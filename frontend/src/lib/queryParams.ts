import { useCallback } from 'react';
import { useLocation, useNavigate } from './navigation';

/** Read (and replace) one query-string parameter of the current location. */
export function useQueryParam(name: string): [string | null, (value: string | null) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const value = new URLSearchParams(location.search).get(name);
  const setValue = useCallback(
    (next: string | null) => {
      const params = new URLSearchParams(location.search);
      if (next === null) params.delete(name);
      else params.set(name, next);
      const search = params.toString();
      navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true });
    },
    [location.pathname, location.search, location.hash, name, navigate],
  );
  return [value, setValue];
}

/** Every query-string parameter of the current location, and a setter that replaces them all. */
export function useQueryParams(): [URLSearchParams, (search: string) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const setParams = useCallback(
    (search: string) => navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true }),
    [location.pathname, location.hash, navigate],
  );
  return [params, setParams];
}
