import {
  type ChangeEvent,
  type FocusEvent,
  type FocusEventHandler,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
  useState,
} from 'react';
import styled from 'styled-components';
import { TEXT_MAX_LENGTH } from '../constants';
import { clampNumberInput, defaultPlaceholder, filterTextInput, filterUsernameInput, isEmailStrict } from '../rules';
import { controlStyles, describedBy, Field, useFlash } from './Field';

const Input = styled.input`${controlStyles}`;
const Area = styled.textarea`${controlStyles} min-height: 96px; resize: vertical;`;
const Sel = styled.select`${controlStyles}`;

type NativeInput = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'type' | 'min'>;
type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** What every labelled input takes besides its native attributes. */
interface FieldValueProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  optional?: boolean;
  hideLabel?: boolean;
  hint?: ReactNode;
}

interface FieldControlProps<E extends Control> extends FieldValueProps {
  id?: string;
  placeholder?: string;
  onBlur?: FocusEventHandler<E>;
}

interface FieldControlRules {
  /** A typed value → the value to keep, or null to reject it with the 200 ms flash (spec §5). Default: as typed. */
  filter?: (raw: string) => string | null;
  /** On blur, the value the field settles to (e.g. trimmed); null or the current value changes nothing. */
  settle?: (raw: string) => string | null;
}

/**
 * The wiring every input shares: an id (the caller's or a generated one), the `Field` around the control (label,
 * '(Optional)', hint, error tooltip), the control's placeholder ('Enter …' from the label unless given), aria-invalid
 * and aria-describedby, the invalid flash, the filtered onChange and the settle-on-blur (the caller's onBlur runs
 * after it). Spread `control` after the native attributes.
 */
function useFieldControl<E extends Control>(props: FieldControlProps<E>, rules: FieldControlRules = {}) {
  const { label, value, onChange, error, optional, hideLabel, hint, id, placeholder, onBlur } = props;
  const { filter, settle } = rules;
  const auto = useId();
  const fid = id ?? auto;
  const [flashing, flash] = useFlash();
  return {
    field: { label, htmlFor: fid, optional, error, hint, hideLabel },
    control: {
      id: fid,
      value,
      placeholder: placeholder ?? defaultPlaceholder(label),
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy(fid, error, hint),
      'data-flash': flashing || undefined,
      onChange: (e: ChangeEvent<E>) => {
        const next = filter ? filter(e.target.value) : e.target.value;
        if (next === null) flash();
        else onChange(next);
      },
      onBlur: (e: FocusEvent<E>) => {
        const next = settle?.(e.target.value) ?? null;
        if (next !== null && next !== value) onChange(next);
        onBlur?.(e);
      },
    },
  };
}

const trim = (raw: string) => raw.trim();

export interface TextInputProps extends NativeInput, FieldValueProps {
  type?: 'text' | 'search' | 'tel' | 'url';
}

/** Spec §5 text input: emoji and < > { } [ ] ~ ` | ^ rejected with a 200 ms flash; trimmed on blur; max 1000. */
export function TextInput(props: TextInputProps) {
  const { label, value, onChange, error, optional, hideLabel, hint, id, placeholder, onBlur, ...native } = props;
  const { maxLength = TEXT_MAX_LENGTH, type = 'text', ...rest } = native;
  const { field, control } = useFieldControl(props, { filter: (raw) => filterTextInput(raw, maxLength), settle: trim });
  return (
    <Field {...field}>
      <Input
        {...rest}
        {...control}
        type={type}
        maxLength={maxLength}
        required={rest.required ?? (optional === false ? true : undefined)}
      />
    </Field>
  );
}

export interface NumberInputProps extends NativeInput, FieldValueProps {
  /** A lower number is replaced by this one (applied when the field loses focus). */
  min?: number;
  maxLength?: number;
  allowNegative?: boolean;
  /** Decimals allowed (0 for NumberInput; FloatInput allows at most 3). */
  decimals?: number;
}

/** Spec §5 number input: digits only, length limited (default 1000), a value under `min` becomes `min`. */
export function NumberInput(props: NumberInputProps) {
  const { label, value, onChange, error, optional, hideLabel, hint, id, placeholder, onBlur, ...native } = props;
  const { min, maxLength, allowNegative, decimals = 0, ...rest } = native;
  const { field, control } = useFieldControl(props, {
    filter: (raw) => clampNumberInput(raw, { maxLength, decimals, allowNegative }),
    settle: (raw) => clampNumberInput(raw, { maxLength, decimals, allowNegative, min }),
  });
  return (
    <Field {...field}>
      <Input {...rest} {...control} type="text" inputMode={decimals > 0 ? 'decimal' : 'numeric'} />
    </Field>
  );
}

/** Spec §5 float input: as NumberInput with at most 3 decimals. */
export function FloatInput(props: Omit<NumberInputProps, 'decimals'> & { decimals?: 1 | 2 | 3 }) {
  return <NumberInput {...props} decimals={props.decimals ?? 3} />;
}

export interface EmailInputProps extends Omit<TextInputProps, 'type'> {
  /** Message shown on blur when the address fails the strict pattern (default 'Enter a valid e-mail address'). */
  invalidMessage?: string;
}

/** E-mail input: the strict pattern checked on blur (spec §5). */
export function EmailInput(props: EmailInputProps) {
  const { label, value, onChange, error, optional, hideLabel, hint, id, placeholder, onBlur, ...native } = props;
  const { invalidMessage = 'Enter a valid e-mail address', ...rest } = native;
  const [touchedError, setTouchedError] = useState<string | null>(null);
  const shown = error ?? touchedError;
  const { field, control } = useFieldControl<HTMLInputElement>(
    {
      ...props,
      error: shown,
      onChange: (next) => {
        setTouchedError(null);
        onChange(next);
      },
      onBlur: (e) => {
        const v = e.target.value.trim();
        setTouchedError(v && !isEmailStrict(v) ? invalidMessage : null);
        onBlur?.(e);
      },
    },
    { filter: (raw) => raw.replace(/\s/g, '') },
  );
  return (
    <Field {...field}>
      <Input {...rest} {...control} type="email" autoComplete={rest.autoComplete ?? 'email'} maxLength={254} />
    </Field>
  );
}

export interface PasswordInputProps extends Omit<TextInputProps, 'type' | 'maxLength'> {}

/** Password input with a show/hide toggle; no character filtering (passwords keep every character). */
export function PasswordInput(props: PasswordInputProps) {
  const { label, value, onChange, error, optional, hideLabel, hint, id, placeholder, onBlur, ...rest } = props;
  const [shown, setShown] = useState(false);
  const { field, control } = useFieldControl(props);
  return (
    <Field {...field}>
      <div style={{ display: 'flex', gap: 8 }}>
        <Input {...rest} {...control} type={shown ? 'text' : 'password'} maxLength={128} />
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          aria-pressed={shown}
          aria-label={shown ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          style={{
            border: '1px solid #c9d3d3',
            background: '#fff',
            borderRadius: 8,
            padding: '0 10px',
            cursor: 'pointer',
            color: '#1f6f6c',
          }}
        >
          {shown ? 'Hide' : 'Show'}
        </button>
      </div>
    </Field>
  );
}

export interface TextAreaProps
  extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'>,
    FieldValueProps {}

/** Text area with the text rules of spec §5. */
export function TextArea(props: TextAreaProps) {
  const { label, value, onChange, error, optional, hideLabel, hint, id, placeholder, onBlur, ...native } = props;
  const { maxLength = TEXT_MAX_LENGTH, ...rest } = native;
  const { field, control } = useFieldControl(props, { filter: (raw) => filterTextInput(raw, maxLength), settle: trim });
  return (
    <Field {...field}>
      <Area {...rest} {...control} maxLength={maxLength} />
    </Field>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps
  extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'>,
    Omit<FieldValueProps, 'hint'> {
  options: SelectOption[];
  /** First, empty option (e.g. 'Select gender'). */
  placeholder?: string;
}

export function Select(props: SelectProps) {
  const { label, value, onChange, options, error, optional, hideLabel, id, placeholder, onBlur, ...rest } = props;
  // The placeholder is the first option here, not an attribute of the control.
  const {
    field,
    control: { placeholder: _attribute, ...control },
  } = useFieldControl({ ...props, placeholder: undefined });
  return (
    <Field {...field}>
      <Sel {...rest} {...control}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Sel>
    </Field>
  );
}

export interface UsernameInputProps extends Omit<TextInputProps, 'type'> {}

/** Spec §5 username: letters, digits and space only (else a 200 ms flash), spaces become hyphens, lowercase. */
export function UsernameInput(props: UsernameInputProps) {
  const { label, value, onChange, error, optional, hideLabel, hint, id, placeholder, onBlur, ...rest } = props;
  const { field, control } = useFieldControl(props, { filter: filterUsernameInput });
  return (
    <Field {...field}>
      <Input {...rest} {...control} type="text" autoComplete="off" spellCheck={false} maxLength={63} />
    </Field>
  );
}

const ErrorText = styled.p`
  color: #b3261e;
  margin: 8px 0 0;
  font-size: 14px;
`;

/** Red text under the submit area (spec §8). */
export function FormError({ children }: { children?: ReactNode }) {
  if (!children) return null;
  return <ErrorText role="alert">{children}</ErrorText>;
}
