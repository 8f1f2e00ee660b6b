import { type RefObject, useLayoutEffect, useRef, useState } from 'react';

/**
 * The width of the box a chart is drawn in, followed as it changes (a ResizeObserver on the chart's parent: the
 * card's content box), so a chart is drawn at the size it is shown, text at its real size, instead of a fixed
 * drawing scaled to fit. `fallback` until measured (and where there is no ResizeObserver, e.g. jsdom).
 */
export function useParentWidth<T extends HTMLElement>(fallback: number): [RefObject<T | null>, number] {
  const ref = useRef<T | null>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const read = () => {
      const w = Math.floor(el.getBoundingClientRect().width);
      if (w > 0) setWidth(w);
    };
    read();
    const observer = new ResizeObserver(read);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}
