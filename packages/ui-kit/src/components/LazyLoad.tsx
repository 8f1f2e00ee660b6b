import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { LAZY_LOAD_MS } from '../constants';

/** How far below (or above) the viewport a part starts loading, so it is usually there by the time it is reached. */
export const LAZY_LOAD_OFFSET_PX = 200;

/** Whether an element is within `offset` pixels of the viewport. An element with no layout (display: none, jsdom) is. */
export function nearViewport(el: Element, offset: number): boolean {
  const r = el.getBoundingClientRect();
  if (r.width === 0 && r.height === 0 && r.top === 0 && r.left === 0) return true;
  const height = window.innerHeight || document.documentElement.clientHeight;
  return r.top <= height + offset && r.bottom >= -offset;
}

/**
 * True once the element of `ref` has come near the viewport (spec §9: lazy-load throttle 300 ms): checked when it
 * mounts, then on scroll (any scrolling container) and resize at most once every `throttleMs`, the last check of a
 * burst always made. Printing shows everything. Once true it stays true.
 */
export function useNearViewport(
  ref: { current: Element | null },
  { offset = LAZY_LOAD_OFFSET_PX, throttleMs = LAZY_LOAD_MS }: { offset?: number; throttleMs?: number } = {},
): boolean {
  const [near, setNear] = useState(false);
  // before paint: a part already in view never flashes its placeholder
  useLayoutEffect(() => {
    if (near) return;
    const el = ref.current;
    if (!el || nearViewport(el, offset)) {
      setNear(true);
      return;
    }
    let last = 0;
    let pending: ReturnType<typeof setTimeout> | null = null;
    const check = () => {
      last = Date.now();
      pending = null;
      if (nearViewport(el, offset)) setNear(true);
    };
    const onScroll = () => {
      if (pending) return; // a check is already due
      const wait = last + throttleMs - Date.now();
      if (wait <= 0) check();
      else pending = setTimeout(check, wait);
    };
    const onPrint = () => setNear(true);
    window.addEventListener('scroll', onScroll, { capture: true, passive: true });
    window.addEventListener('resize', onScroll, { passive: true });
    window.addEventListener('beforeprint', onPrint);
    return () => {
      window.removeEventListener('scroll', onScroll, { capture: true });
      window.removeEventListener('resize', onScroll);
      window.removeEventListener('beforeprint', onPrint);
      if (pending) clearTimeout(pending);
    };
  }, [near, ref, offset, throttleMs]);
  return near;
}

/**
 * Renders `children` once this place on the page comes near the viewport (useNearViewport), `placeholder` until then:
 * a part below the fold (and what it fetches) waits until the reader scrolls towards it.
 */
export function LazyLoad({
  children,
  placeholder,
  offset,
  throttleMs,
}: {
  children: ReactNode;
  placeholder: ReactNode;
  offset?: number;
  throttleMs?: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref, { offset, throttleMs });
  return near ? <>{children}</> : <div ref={ref}>{placeholder}</div>;
}
