/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { UNDO_DELETE_MS, useUndoableDelete } from './UndoToast';

interface Item {
  id: string;
  name: string;
}
const ITEMS: Item[] = [
  { id: 'a', name: 'Alpha' },
  { id: 'b', name: 'Beta' },
];

function List({
  remove,
  onDone,
  onError,
}: {
  remove: (i: Item) => Promise<unknown>;
  onDone(): void;
  onError(e: unknown): void;
}) {
  const del = useUndoableDelete<Item>({
    idOf: (i) => i.id,
    message: (i) => `Deleted ${i.name}.`,
    remove,
    onDone,
    onError,
  });
  return (
    <>
      <ul>
        {ITEMS.filter((i) => !del.hidden(i)).map((i) => (
          <li key={i.id}>
            {i.name}{' '}
            <button type="button" onClick={() => del.start(i)}>
              Delete {i.name}
            </button>
          </li>
        ))}
      </ul>
      {del.toast}
    </>
  );
}

const settle = () => act(async () => {});

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('useUndoableDelete (issue 30 item 14)', () => {
  it('hides the item at once, announces it with Undo, and sends the delete only when the toast expires', async () => {
    const remove = jest.fn(() => Promise.resolve());
    const onDone = jest.fn();
    render(<List remove={remove} onDone={onDone} onError={jest.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Alpha' }));
    expect(screen.queryByText(/^Alpha/)).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Deleted Alpha.');
    act(() => {
      jest.advanceTimersByTime(UNDO_DELETE_MS - 1);
    });
    expect(remove).not.toHaveBeenCalled();
    act(() => {
      jest.advanceTimersByTime(1);
    });
    await settle();
    expect(remove).toHaveBeenCalledWith(ITEMS[0]);
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('Undo brings the item back and sends nothing', async () => {
    const remove = jest.fn(() => Promise.resolve());
    render(<List remove={remove} onDone={jest.fn()} onError={jest.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Beta' }));
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    act(() => {
      jest.advanceTimersByTime(UNDO_DELETE_MS * 3);
    });
    await settle();
    expect(remove).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Delete Beta' })).toBeInstanceOf(HTMLElement);
  });

  it('a second delete sends the first at once; pagehide and leaving the screen send the pending one', async () => {
    const remove = jest.fn(() => Promise.resolve());
    const view = render(<List remove={remove} onDone={jest.fn()} onError={jest.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Alpha' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Beta' }));
    expect(remove.mock.calls.map((c) => (c as unknown as [Item])[0].id)).toEqual(['a']);
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(remove.mock.calls.map((c) => (c as unknown as [Item])[0].id)).toEqual(['a', 'b']);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Alpha' }));
    view.unmount();
    expect(remove).toHaveBeenCalledTimes(3);
  });

  it('a refused delete shows the item again and reports the error', async () => {
    const err = new Error('Not yours');
    const onError = jest.fn();
    render(<List remove={() => Promise.reject(err)} onDone={jest.fn()} onError={onError} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Alpha' }));
    act(() => {
      jest.advanceTimersByTime(UNDO_DELETE_MS);
    });
    await settle();
    expect(onError).toHaveBeenCalledWith(err);
    expect(screen.getByRole('button', { name: 'Delete Alpha' })).toBeInstanceOf(HTMLElement);
  });
});
