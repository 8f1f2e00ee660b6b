/** @jest-environment jsdom */
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { GuardedFormActions, hasUnsavedChanges, UnsavedChangesPopover, useUnsavedChangesGuard } from './unsavedChanges';

describe('hasUnsavedChanges (spec §4)', () => {
  it('treats numeric strings as numbers', () => {
    expect(hasUnsavedChanges({ amount: 5 }, { amount: '5' })).toBe(false);
    expect(hasUnsavedChanges({ amount: '5.0' }, { amount: 5 })).toBe(false);
    expect(hasUnsavedChanges({ amount: 5 }, { amount: '6' })).toBe(true);
    expect(hasUnsavedChanges({ list: [1, { v: '2' }] }, { list: ['1', { v: 2 }] })).toBe(false);
  });

  it('sees text, nested and length changes', () => {
    expect(hasUnsavedChanges({ name: 'Ada' }, { name: 'Ada L' })).toBe(true);
    expect(hasUnsavedChanges({ a: { b: [1, 2] } }, { a: { b: [1, 2, 3] } })).toBe(true);
    expect(hasUnsavedChanges({ a: true }, { a: false })).toBe(true);
    expect(hasUnsavedChanges({ a: 'abc' }, { a: 0 })).toBe(true);
  });

  it('counts null, undefined, a missing key and an empty string as the same empty value', () => {
    expect(hasUnsavedChanges({ note: null }, { note: '' })).toBe(false);
    expect(hasUnsavedChanges({}, { note: undefined })).toBe(false);
    expect(hasUnsavedChanges({ n: null }, { n: '0' })).toBe(true);
  });
});

function Form({ onClose }: { onClose: () => void }) {
  const initial = { name: 'Ada', amount: 10 };
  const [data, setData] = useState<{ name: string; amount: number | string }>(initial);
  const guard = useUnsavedChangesGuard(initial, data, onClose);
  return (
    <div style={{ position: 'relative' }}>
      <input aria-label="Amount" value={data.amount} onChange={(e) => setData({ ...data, amount: e.target.value })} />
      <button type="button" onClick={guard.requestClose}>
        Close form
      </button>
      <UnsavedChangesPopover open={guard.confirming} onDiscard={guard.discard} onKeepEditing={guard.keepEditing} />
    </div>
  );
}

describe('useUnsavedChangesGuard with its popover', () => {
  it('closes directly when nothing changed (a numeric string equal to the number counts as unchanged)', () => {
    const onClose = jest.fn();
    render(<Form onClose={onClose} />);
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Close form' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks first when the data changed; Keep editing keeps the form open', () => {
    const onClose = jest.fn();
    render(<Form onClose={onClose} />);
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '11' } });
    fireEvent.click(screen.getByRole('button', { name: 'Close form' }));
    expect(onClose).not.toHaveBeenCalled();
    const pop = screen.getByRole('alertdialog');
    expect(pop.contains(document.activeElement)).toBe(true);
    expect(document.activeElement?.textContent).toBe('Keep editing');
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    expect(pop.isConnected).toBe(false);
  });

  it('Discard changes closes the form; Escape in the popover keeps editing', () => {
    const onClose = jest.fn();
    render(<Form onClose={onClose} />);
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Close form' }));
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close form' }));
    fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

/** A form of two steps with a guarded close, on its second step. */
function Stepped({ onClose, onSubmit }: { onClose: () => void; onSubmit: () => void }) {
  const [name, setName] = useState('');
  const [step, setStep] = useState(1);
  const guard = useUnsavedChangesGuard({ name: '' }, { name }, onClose);
  return (
    <form
      style={{ position: 'relative' }}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <label>
        Name <input value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <GuardedFormActions guard={guard} submitLabel="Save member" onBack={step > 0 ? () => setStep(step - 1) : null} />
    </form>
  );
}

describe('GuardedFormActions', () => {
  it('submits with its button, goes Back while there is a step before, and Cancel asks first once something changed', () => {
    const onClose = jest.fn();
    const onSubmit = jest.fn();
    render(<Stepped onClose={onClose} onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save member' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('alertdialog', { name: 'Discard unsaved changes?' })).toBeInstanceOf(HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
