/**
 * For tests of the charts drawn at their card's width (useParentWidth): jsdom measures nothing, so this stands in a
 * ResizeObserver that reports on demand and makes every figure measure `px` wide.
 */
import { act } from '@testing-library/react';

/** A card `width.px` wide: a ResizeObserver that reports on demand, and figures measured at that width. */
export function fakeCardWidth(px: number) {
  const observed: Array<() => void> = [];
  const width = { px };
  const RO = class {
    constructor(private cb: () => void) {}
    observe() {
      observed.push(this.cb);
    }
    disconnect() {}
  };
  const saved = { ro: globalThis.ResizeObserver, rect: HTMLElement.prototype.getBoundingClientRect };
  globalThis.ResizeObserver = RO as unknown as typeof ResizeObserver;
  HTMLElement.prototype.getBoundingClientRect = function (this: HTMLElement) {
    return { width: this.tagName === 'FIGURE' ? width.px : 0 } as DOMRect;
  };
  return {
    resize(next: number) {
      width.px = next;
      act(() => {
        for (const cb of observed) cb();
      });
    },
    restore() {
      globalThis.ResizeObserver = saved.ro;
      HTMLElement.prototype.getBoundingClientRect = saved.rect;
    },
  };
}
