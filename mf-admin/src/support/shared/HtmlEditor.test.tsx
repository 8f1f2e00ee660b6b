/** @jest-environment jsdom */
import { EDITOR_HISTORY_DELAY_MS, EDITOR_HISTORY_MAX_STACK } from '@kinfolio/ui-kit';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { HtmlEditor, historyAction } from './HtmlEditor';

const LABEL = 'Answer (HTML)';

/** A form holding the editor's value, as FaqPage does; "Clear" stands for the form reset after a save. */
function Host({ onChange, initial = '' }: { onChange: (v: string) => void; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <HtmlEditor
        label={LABEL}
        value={value}
        onChange={(v) => {
          onChange(v);
          setValue(v);
        }}
      />
      <button type="button" onClick={() => setValue('')}>
        Clear
      </button>
    </>
  );
}

const box = () => screen.getByLabelText(LABEL) as HTMLTextAreaElement;
const type = (value: string) => fireEvent.change(box(), { target: { value } });
const keys = (key: string, mods: { ctrlKey?: boolean; metaKey?: boolean; shiftKey?: boolean } = {}) =>
  fireEvent.keyDown(box(), { key, ...mods });
const wait = (ms: number) => act(() => jest.advanceTimersByTime(ms));
const button = (name: 'Undo' | 'Redo') => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('HtmlEditor undo history (spec §9: 2000 ms, 500 steps)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('maps the keys: Ctrl/Cmd+Z undo, Ctrl/Cmd+Shift+Z and Ctrl+Y redo', () => {
    const k = (key: string, m: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {}) =>
      historyAction({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...m });
    expect(k('z', { ctrlKey: true })).toBe('undo');
    expect(k('z', { metaKey: true })).toBe('undo');
    expect(k('Z', { ctrlKey: true, shiftKey: true })).toBe('redo');
    expect(k('Z', { metaKey: true, shiftKey: true })).toBe('redo');
    expect(k('y', { ctrlKey: true })).toBe('redo');
    expect(k('z')).toBeNull();
    expect(k('y', { metaKey: true })).toBeNull();
    expect(k('z', { ctrlKey: true, altKey: true })).toBeNull();
    expect(k('a', { ctrlKey: true })).toBeNull();
  });

  it('groups typing within 2000 ms into one step; the keys undo and redo it, calling onChange with the result', () => {
    const onChange = jest.fn();
    render(<Host onChange={onChange} initial="<p>Hi</p>" />);
    expect(button('Undo').disabled).toBe(true);
    type('<p>Hi t</p>');
    wait(500);
    type('<p>Hi there</p>');
    wait(EDITOR_HISTORY_DELAY_MS);
    type('<p>Hi there!</p>');
    expect(button('Undo').disabled).toBe(false);
    onChange.mockClear();

    keys('z', { ctrlKey: true });
    expect(box().value).toBe('<p>Hi there</p>');
    expect(onChange).toHaveBeenLastCalledWith('<p>Hi there</p>');
    expect(screen.getByTestId('html-preview').innerHTML).toBe('<p>Hi there</p>');
    keys('z', { metaKey: true });
    expect(box().value).toBe('<p>Hi</p>');
    expect(onChange).toHaveBeenLastCalledWith('<p>Hi</p>');
    expect(button('Undo').disabled).toBe(true);
    // nothing left to undo: no change, no call
    keys('z', { ctrlKey: true });
    expect(onChange).toHaveBeenCalledTimes(2);

    keys('Z', { ctrlKey: true, shiftKey: true });
    expect(box().value).toBe('<p>Hi there</p>');
    keys('y', { ctrlKey: true });
    expect(box().value).toBe('<p>Hi there!</p>');
    expect(onChange).toHaveBeenLastCalledWith('<p>Hi there!</p>');
    expect(button('Redo').disabled).toBe(true);
  });

  it('keeps the browser from running its own undo on those keys, not on others', () => {
    render(<Host onChange={jest.fn()} />);
    const undo = new KeyboardEvent('keydown', { key: 'z', ctrlKey: true, bubbles: true, cancelable: true });
    box().dispatchEvent(undo);
    expect(undo.defaultPrevented).toBe(true);
    const plain = new KeyboardEvent('keydown', { key: 'z', bubbles: true, cancelable: true });
    box().dispatchEvent(plain);
    expect(plain.defaultPrevented).toBe(false);
  });

  it('undoes and redoes with the buttons too; typing after an undo drops the redo step', () => {
    const onChange = jest.fn();
    render(<Host onChange={onChange} />);
    type('a');
    wait(EDITOR_HISTORY_DELAY_MS);
    type('ab');
    fireEvent.click(button('Undo'));
    expect(box().value).toBe('a');
    expect(button('Redo').disabled).toBe(false);
    fireEvent.click(button('Redo'));
    expect(box().value).toBe('ab');
    fireEvent.click(button('Undo'));
    wait(10);
    type('ac');
    expect(button('Redo').disabled).toBe(true);
    fireEvent.click(button('Undo'));
    expect(onChange).toHaveBeenLastCalledWith('a');
  });

  it('keeps at most 500 steps', () => {
    render(<Host onChange={jest.fn()} />);
    for (let i = 1; i <= EDITOR_HISTORY_MAX_STACK + 100; i++) {
      wait(EDITOR_HISTORY_DELAY_MS);
      type(`v${i}`);
    }
    let undos = 0;
    while (!button('Undo').disabled) {
      fireEvent.click(button('Undo'));
      undos++;
    }
    expect(undos).toBe(EDITOR_HISTORY_MAX_STACK);
    expect(box().value).toBe('v100');
  });

  it('starts a new history when the value is changed from outside (the form cleared after a save)', () => {
    const onChange = jest.fn();
    render(<Host onChange={onChange} />);
    type('<p>First answer</p>');
    expect(button('Undo').disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(box().value).toBe('');
    expect(button('Undo').disabled).toBe(true);
    onChange.mockClear();
    keys('z', { ctrlKey: true });
    expect(box().value).toBe('');
    expect(onChange).not.toHaveBeenCalled();
  });
});
