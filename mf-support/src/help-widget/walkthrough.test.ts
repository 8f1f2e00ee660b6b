import { DRAG_THRESHOLD_PX, isDrag, moveDrag, startDrag } from './drag';
import { isLoom, loomEmbedUrl, matchesPath, pickWalkthrough } from './walkthrough';

const w = (id: string, data: string[]) => ({ id, page_meta: { data, folder_name: '' } });

describe('walkthrough matching', () => {
  it('matches when every page-meta value is contained in the path', () => {
    expect(matchesPath(w('a', ['advisor/customers']), '/advisor/customers')).toBe(true);
    expect(
      matchesPath(w('a', ['advisor', 'cashflow']), '/advisor/customers/9/financial-report/dashboard/cashflow'),
    ).toBe(true);
    expect(
      matchesPath(w('a', ['advisor', 'insurance']), '/advisor/customers/9/financial-report/dashboard/cashflow'),
    ).toBe(false);
    expect(matchesPath(w('a', []), '/anything')).toBe(false);
  });

  it('picks the most specific match', () => {
    const list = [w('general', ['advisor']), w('specific', ['advisor', 'leads']), w('other', ['admin'])];
    expect(pickWalkthrough(list, '/advisor/leads')?.id).toBe('specific');
    expect(pickWalkthrough(list, '/advisor/customers')?.id).toBe('general');
    expect(pickWalkthrough(list, '/home')).toBeNull();
  });

  it('recognises loom links and embeds them', () => {
    expect(isLoom('https://www.loom.com/share/abc123')).toBe(true);
    expect(isLoom('https://youtu.be/abc')).toBe(false);
    expect(loomEmbedUrl('https://www.loom.com/share/abc123')).toBe('https://www.loom.com/embed/abc123');
  });
});

describe('help widget drag', () => {
  const viewport = { width: 1200, height: 800 };
  it('treats moves up to 3 px as a click and beyond as a drag', () => {
    expect(DRAG_THRESHOLD_PX).toBe(3);
    expect(isDrag(3, 0)).toBe(false);
    expect(isDrag(2, 2)).toBe(false);
    expect(isDrag(3.1, 0)).toBe(true);
    expect(isDrag(0, -4)).toBe(true);
    const s = startDrag(100, 100, { right: 20, bottom: 20 });
    expect(moveDrag(s, 102, 101, viewport).position).toBeNull();
    const moved = moveDrag(s, 60, 50, viewport);
    expect(moved.position).toEqual({ right: 60, bottom: 70 });
    expect(moved.state.dragging).toBe(true);
  });

  it('keeps the button inside the viewport', () => {
    const s = startDrag(100, 100, { right: 20, bottom: 20 });
    expect(moveDrag(s, 5000, 5000, viewport).position).toEqual({ right: 0, bottom: 0 });
    expect(moveDrag(s, -5000, -5000, viewport).position).toEqual({ right: 1200 - 56, bottom: 800 - 56 });
  });
});
