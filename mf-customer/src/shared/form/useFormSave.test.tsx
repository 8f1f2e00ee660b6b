/** @jest-environment jsdom */
import { ApiError, errorMessage } from '@kinfolio/ui-kit';
import { act, renderHook } from '@testing-library/react';
import { useEditing } from '../household/useEditing';
import { useFormSave } from './useFormSave';

describe('useFormSave', () => {
  it('stops at the form’s own checks without writing', async () => {
    const { result } = renderHook(() => useFormSave());
    const write = jest.fn(async () => 1);
    const onSaved = jest.fn();
    await act(() => result.current.save({ name: 'Enter name' }, write, onSaved));
    expect(result.current.errors).toEqual({ name: 'Enter name' });
    expect(write).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('hands the answer on, or shows the server’s field errors and message', async () => {
    const { result } = renderHook(() => useFormSave());
    const onSaved = jest.fn();
    await act(() => result.current.save({}, async () => 'saved', onSaved));
    expect(onSaved).toHaveBeenCalledWith('saved');
    expect(result.current.busy).toBe(false);
    const refusal = new ApiError(422, { message: 'Check the form', errors: [{ name: ['Too long'] }] });
    await act(() => result.current.save({}, () => Promise.reject(refusal), onSaved));
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(result.current.errors).toEqual({ name: 'Too long' });
    expect(result.current.error).toBe(errorMessage(refusal));
    expect(result.current.error).toMatch(/\S/);
    expect(result.current.busy).toBe(false);
  });
});

describe('useEditing', () => {
  it('opens on a record or a new one, and runs what follows a save when done', () => {
    const saved = jest.fn();
    const { result } = renderHook(() => useEditing<{ id: string }>(saved));
    expect(result.current.open).toBe(false);
    act(() => result.current.edit({ id: 'a' }));
    expect(result.current.record).toEqual({ id: 'a' });
    act(() => result.current.close());
    expect(result.current.open).toBe(false);
    expect(saved).not.toHaveBeenCalled();
    act(() => result.current.add());
    expect(result.current).toMatchObject({ open: true, record: null });
    act(() => result.current.done());
    expect(result.current.open).toBe(false);
    expect(saved).toHaveBeenCalledTimes(1);
  });
});
