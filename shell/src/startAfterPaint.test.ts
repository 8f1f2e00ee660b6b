import { startAfterFirstPaint } from './startAfterPaint';

describe('startAfterFirstPaint (the prerendered sign-in pages paint before the app starts)', () => {
  let frames: Array<() => void>;
  beforeEach(() => {
    jest.useFakeTimers();
    frames = [];
    (globalThis as { requestAnimationFrame?: unknown }).requestAnimationFrame = (cb: () => void) => frames.push(cb);
  });
  afterEach(() => {
    jest.useRealTimers();
    delete (globalThis as { requestAnimationFrame?: unknown }).requestAnimationFrame;
  });

  it('waits for the next frame and a task after it, then runs once', () => {
    const fn = jest.fn();
    startAfterFirstPaint(fn);
    jest.advanceTimersByTime(0);
    expect(fn).not.toHaveBeenCalled(); // not before the frame
    frames.shift()?.();
    expect(fn).not.toHaveBeenCalled(); // not inside the frame (before its paint)
    jest.advanceTimersByTime(0);
    expect(fn).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('starts anyway when no frame comes (a background tab), and only once if the frame comes later', () => {
    const fn = jest.fn();
    startAfterFirstPaint(fn, 100);
    jest.advanceTimersByTime(99);
    expect(fn).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    frames.shift()?.();
    jest.advanceTimersByTime(10);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
