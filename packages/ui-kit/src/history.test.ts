import { EditHistory } from './history';

describe('EditHistory (spec §9: 2000 ms grouping, 500 steps)', () => {
  it('groups changes within 2000 ms into one undo step and starts a new step after the pause', () => {
    let t = 0;
    const h = new EditHistory('', { now: () => t });
    h.change('a');
    t = 500;
    h.change('ab');
    t = 1999;
    h.change('abc');
    t = 1999 + 2000;
    h.change('abcd');
    expect(h.size).toBe(2);
    expect(h.undo()).toBe('abc');
    expect(h.undo()).toBe('');
    expect(h.canUndo).toBe(false);
    expect(h.redo()).toBe('abc');
    expect(h.redo()).toBe('abcd');
    expect(h.canRedo).toBe(false);
  });

  it('keeps at most maxStack steps (default 500), dropping the oldest', () => {
    let t = 0;
    const h = new EditHistory(0, { now: () => t });
    for (let i = 1; i <= 600; i++) {
      t += 2000;
      h.change(i);
    }
    expect(h.size).toBe(500);
    let v = h.value;
    while (h.canUndo) v = h.undo();
    expect(v).toBe(100);
  });

  it('reset starts over from a value with no undo or redo steps', () => {
    let t = 0;
    const h = new EditHistory('a', { now: () => t });
    h.change('b');
    t = 5000;
    h.change('c');
    h.undo();
    h.reset('fresh');
    expect([h.value, h.canUndo, h.canRedo]).toEqual(['fresh', false, false]);
    t = 5001;
    h.change('fresh!');
    expect(h.undo()).toBe('fresh');
  });

  it('a change after an undo clears the redo steps', () => {
    let t = 0;
    const h = new EditHistory('x', { now: () => t });
    h.change('y');
    h.undo();
    t = 10;
    h.change('z');
    expect(h.canRedo).toBe(false);
    expect(h.undo()).toBe('x');
  });
});
