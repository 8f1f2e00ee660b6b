import { useLocation, useSearchParams } from 'react-router-dom';

/**
 * Addresses of views of this page: `to(extra)` is the page's path with the query parameters named in `keep`
 * (as the address has them) and `extra` set over them.
 */
export function useLinksKeeping(keep: readonly string[]) {
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const kept = new URLSearchParams();
  for (const k of keep) {
    const v = search.get(k);
    if (v !== null) kept.set(k, v);
  }
  return (extra: Record<string, string> = {}) => {
    const q = new URLSearchParams(kept);
    for (const [k, v] of Object.entries(extra)) q.set(k, v);
    const s = q.toString();
    return `${pathname}${s ? `?${s}` : ''}`;
  };
}
