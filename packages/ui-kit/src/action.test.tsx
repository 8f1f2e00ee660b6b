/** @jest-environment jsdom */
import { act, render } from '@testing-library/react';
import { useAction } from './action';
import { MoveButtons } from './components/MoveButtons';

/** The hook's latest value, as the component that uses it sees it. */
let action: ReturnType<typeof useAction> | null = null;
function Probe() {
  action = useAction();
  return null;
}

describe('useAction', () => {
  it('is busy while the work runs, says its text, then runs what follows; a failure says why', async () => {
    render(<Probe />);
    let finish: (text: string) => void = () => {};
    const after = jest.fn(async () => {
      expect(action?.note).toEqual({ ok: true, text: 'Done.' });
    });
    let running: Promise<void> | undefined;
    act(() => {
      running = action?.act(() => new Promise<string>((r) => (finish = r)), after);
    });
    expect(action!.busy).toBe(true);
    await act(async () => {
      finish('Done.');
      await running;
    });
    expect(after).toHaveBeenCalled();
    expect(action!.busy).toBe(false);
    await act(async () => action?.act(() => Promise.reject(new Error('down'))));
    expect(action!.note?.ok).toBe(false);
  });
});

describe('MoveButtons', () => {
  it('cannot move the first item up nor the last down, and moves by one place', () => {
    const onMove = jest.fn();
    const { getByRole, rerender } = render(
      <MoveButtons at={0} count={2} onMove={onMove} named={(d) => `Move Acme ${d}`} />,
    );
    expect((getByRole('button', { name: 'Move Acme up' }) as HTMLButtonElement).disabled).toBe(true);
    getByRole('button', { name: 'Move Acme down' }).click();
    expect(onMove).toHaveBeenCalledWith(1);
    rerender(<MoveButtons at={1} count={2} onMove={onMove} named={(d) => `Move Acme ${d}`} />);
    expect((getByRole('button', { name: 'Move Acme down' }) as HTMLButtonElement).disabled).toBe(true);
    getByRole('button', { name: 'Move Acme up' }).click();
    expect(onMove).toHaveBeenLastCalledWith(-1);
  });
});
