/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { INVALID_FLASH_MS } from '../constants';
import {
  EmailInput,
  FloatInput,
  NumberInput,
  PasswordInput,
  Select,
  TextArea,
  TextInput,
  UsernameInput,
} from './inputs';

// Each input is driven through a tiny controlled host so the value round-trips as in a form.
function Host({ kind, onBlur }: { kind: string; onBlur?: () => void }) {
  const [v, setV] = useState('');
  const common = { label: 'Full name', value: v, onChange: setV, onBlur };
  switch (kind) {
    case 'text':
      return <TextInput {...common} hint="As on your IC" />;
    case 'area':
      return <TextArea {...common} />;
    case 'number':
      return <NumberInput {...common} min={18} maxLength={3} />;
    case 'float':
      return <FloatInput {...common} />;
    case 'email':
      return <EmailInput {...common} />;
    case 'password':
      return <PasswordInput {...common} />;
    case 'username':
      return <UsernameInput {...common} />;
    default:
      return null;
  }
}

const box = () => screen.getByLabelText('Full name') as HTMLInputElement;

describe('inputs', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it.each(['text', 'area'])('%s: rejects a forbidden character with a 200 ms flash and trims on blur', (kind) => {
    const onBlur = jest.fn();
    render(<Host kind={kind} onBlur={onBlur} />);
    expect(box().placeholder).toBe('Enter Full name');
    expect(box().maxLength).toBe(1000);
    fireEvent.change(box(), { target: { value: '  Ada ' } });
    expect(box().value).toBe('  Ada ');
    fireEvent.change(box(), { target: { value: '  Ada <' } });
    expect(box().value).toBe('  Ada ');
    expect(box().getAttribute('data-flash')).toBe('true');
    act(() => jest.advanceTimersByTime(INVALID_FLASH_MS));
    expect(box().getAttribute('data-flash')).toBeNull();
    fireEvent.blur(box());
    expect(box().value).toBe('Ada');
    expect(onBlur).toHaveBeenCalledTimes(1);
  });

  it('text: hint and error are described, the error marks the control invalid', () => {
    const { rerender } = render(<TextInput label="City" value="" onChange={() => undefined} hint="Where you live" />);
    const el = screen.getByLabelText('City');
    expect(el.getAttribute('aria-describedby')).toBe(`${el.id}-hint`);
    expect(el.getAttribute('aria-invalid')).toBeNull();
    rerender(<TextInput label="City" value="" onChange={() => undefined} hint="Where you live" error="Required" />);
    expect(el.getAttribute('aria-describedby')).toBe(`${el.id}-hint ${el.id}-error`);
    expect(el.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Required');
    rerender(<TextInput label="City" value="" onChange={() => undefined} optional={false} placeholder="Town" />);
    expect((el as HTMLInputElement).required).toBe(true);
    expect((el as HTMLInputElement).placeholder).toBe('Town');
  });

  it('number: digits only (flash otherwise), length limited, the minimum applied on blur', () => {
    const onBlur = jest.fn();
    render(<Host kind="number" onBlur={onBlur} />);
    expect(box().inputMode).toBe('numeric');
    fireEvent.change(box(), { target: { value: '1a' } });
    expect(box().value).toBe('');
    expect(box().getAttribute('data-flash')).toBe('true');
    fireEvent.change(box(), { target: { value: '1' } });
    expect(box().value).toBe('1');
    fireEvent.blur(box());
    expect(box().value).toBe('18');
    expect(onBlur).toHaveBeenCalledTimes(1);
  });

  it('float: decimal keyboard and at most 3 decimals', () => {
    render(<Host kind="float" />);
    expect(box().inputMode).toBe('decimal');
    fireEvent.change(box(), { target: { value: '1.234' } });
    expect(box().value).toBe('1.234');
    fireEvent.change(box(), { target: { value: '1.2345' } });
    expect(box().value).toBe('1.234');
  });

  it('email: spaces dropped, the strict pattern checked on blur, the message cleared on typing', () => {
    const onBlur = jest.fn();
    render(<Host kind="email" onBlur={onBlur} />);
    expect(box().type).toBe('email');
    expect(box().autocomplete).toBe('email');
    expect(box().maxLength).toBe(254);
    fireEvent.change(box(), { target: { value: 'ada @x' } });
    expect(box().value).toBe('ada@x');
    fireEvent.blur(box());
    expect(screen.getByRole('alert').textContent).toBe('Enter a valid e-mail address');
    expect(box().getAttribute('aria-invalid')).toBe('true');
    expect(onBlur).toHaveBeenCalledTimes(1);
    fireEvent.change(box(), { target: { value: 'ada@example.com' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.blur(box());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(box().getAttribute('data-flash')).toBeNull();
  });

  it('password: every character kept, show/hide toggle, blur passed on', () => {
    const onBlur = jest.fn();
    render(<Host kind="password" onBlur={onBlur} />);
    expect(box().type).toBe('password');
    expect(box().maxLength).toBe(128);
    fireEvent.change(box(), { target: { value: ' <p@ss> ' } });
    expect(box().value).toBe(' <p@ss> ');
    fireEvent.blur(box());
    expect(box().value).toBe(' <p@ss> ');
    expect(onBlur).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Show full name' }));
    expect(box().type).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide full name' }).textContent).toBe('Hide');
  });

  it('username: letters, digits and spaces only, spaces become hyphens, lowercase', () => {
    const onBlur = jest.fn();
    render(<Host kind="username" onBlur={onBlur} />);
    expect(box().maxLength).toBe(63);
    expect(box().autocomplete).toBe('off');
    fireEvent.change(box(), { target: { value: 'Ada Lovelace' } });
    expect(box().value).toBe('ada-lovelace');
    fireEvent.change(box(), { target: { value: 'ada-lovelace!' } });
    expect(box().value).toBe('ada-lovelace');
    expect(box().getAttribute('data-flash')).toBe('true');
    fireEvent.blur(box());
    expect(onBlur).toHaveBeenCalledTimes(1);
  });

  it('select: placeholder option, no placeholder attribute, change and blur passed on', () => {
    const onChange = jest.fn();
    const onBlur = jest.fn();
    render(
      <Select
        label="Gender"
        value=""
        onChange={onChange}
        onBlur={onBlur}
        placeholder="Select gender"
        error="Pick one"
        options={[
          { value: 'male', label: 'Male' },
          { value: 'female', label: 'Female' },
        ]}
      />,
    );
    const el = screen.getByLabelText('Gender') as HTMLSelectElement;
    expect(el.hasAttribute('placeholder')).toBe(false);
    expect([...el.options].map((o) => o.textContent)).toEqual(['Select gender', 'Male', 'Female']);
    expect(el.getAttribute('aria-describedby')).toBe(`${el.id}-error`);
    fireEvent.change(el, { target: { value: 'female' } });
    expect(onChange).toHaveBeenCalledWith('female');
    fireEvent.blur(el);
    expect(onBlur).toHaveBeenCalledTimes(1);
  });
});
