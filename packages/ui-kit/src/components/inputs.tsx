import {
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

export interface TextInputProps extends NativeInput {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  optional?: boolean;
  hideLabel?: boolean;
  hint?: ReactNode;
  type?: 'text' | 'search' | 'tel' | 'url';
}

/** Spec §5 text input: emoji and < > { } [ ] ~ ` | ^ rejected with a 200 ms flash; trimmed on blur; max 1000. */
export function TextInput({
  label,
  value,
  onChange,
  error,
  optional,
  hideLabel,
  hint,
  id,
  placeholder,
  maxLength = TEXT_MAX_LENGTH,
  onBlur,
  type = 'text',
  ...rest
}: TextInputProps) {
  const auto = useId();
  const fid = id ?? auto;
  const [flashing, flash] = useFlash();
  return (
    <Field label={label} htmlFor={fid} optional={optional} error={error} hint={hint} hideLabel={hideLabel}>
      <Input
        {...rest}
        id={fid}
        type={type}
        value={value}
        maxLength={maxLength}
        placeholder={placeholder ?? defaultPlaceholder(label)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fid, error, hint)}
        data-flash={flashing || undefined}
        required={rest.required ?? (optional === false ? true : undefined)}
        onChange={(e) => {
          const next = filterTextInput(e.target.value, maxLength);
          if (next === null) flash();
          else onChange(next);
        }}
        onBlur={(e) => {
          const trimmed = e.target.value.trim();
          if (trimmed !== value) onChange(trimmed);
          onBlur?.(e);
        }}
      />
    </Field>
  );
}

export interface NumberInputProps extends NativeInput {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  optional?: boolean;
  hideLabel?: boolean;
  hint?: ReactNode;
  /** A lower number is replaced by this one (applied when the field loses focus). */
  min?: number;
  maxLength?: number;
  allowNegative?: boolean;
  /** Decimals allowed (0 for NumberInput; FloatInput allows at most 3). */
  decimals?: number;
}

/** Spec §5 number input: digits only, length limited (default 1000), a value under `min` becomes `min`. */
export function NumberInput({
  label,
  value,
  onChange,
  error,
  optional,
  hideLabel,
  hint,
  id,
  placeholder,
  min,
  maxLength,
  allowNegative,
  decimals = 0,
  onBlur,
  ...rest
}: NumberInputProps) {
  const auto = useId();
  const fid = id ?? auto;
  const [flashing, flash] = useFlash();
  return (
    <Field label={label} htmlFor={fid} optional={optional} error={error} hint={hint} hideLabel={hideLabel}>
      <Input
        {...rest}
        id={fid}
        type="text"
        inputMode={decimals > 0 ? 'decimal' : 'numeric'}
        value={value}
        placeholder={placeholder ?? defaultPlaceholder(label)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fid, error, hint)}
        data-flash={flashing || undefined}
        onChange={(e) => {
          const next = clampNumberInput(e.target.value, { maxLength, decimals, allowNegative });
          if (next === null) flash();
          else onChange(next);
        }}
        onBlur={(e) => {
          const next = clampNumberInput(e.target.value, { maxLength, decimals, allowNegative, min });
          if (next !== null && next !== value) onChange(next);
          onBlur?.(e);
        }}
      />
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
export function EmailInput({
  label,
  value,
  onChange,
  error,
  optional,
  hideLabel,
  hint,
  id,
  placeholder,
  invalidMessage = 'Enter a valid e-mail address',
  onBlur,
  ...rest
}: EmailInputProps) {
  const auto = useId();
  const fid = id ?? auto;
  const [touchedError, setTouchedError] = useState<string | null>(null);
  const shown = error ?? touchedError;
  return (
    <Field label={label} htmlFor={fid} optional={optional} error={shown} hint={hint} hideLabel={hideLabel}>
      <Input
        {...rest}
        id={fid}
        type="email"
        autoComplete={rest.autoComplete ?? 'email'}
        value={value}
        maxLength={254}
        placeholder={placeholder ?? defaultPlaceholder(label)}
        aria-invalid={shown ? true : undefined}
        aria-describedby={describedBy(fid, shown, hint)}
        onChange={(e) => {
          setTouchedError(null);
          onChange(e.target.value.replace(/\s/g, ''));
        }}
        onBlur={(e) => {
          const v = e.target.value.trim();
          setTouchedError(v && !isEmailStrict(v) ? invalidMessage : null);
          onBlur?.(e);
        }}
      />
    </Field>
  );
}

export interface PasswordInputProps extends Omit<TextInputProps, 'type' | 'maxLength'> {}

/** Password input with a show/hide toggle; no character filtering (passwords keep every character). */
export function PasswordInput({
  label,
  value,
  onChange,
  error,
  optional,
  hideLabel,
  hint,
  id,
  placeholder,
  ...rest
}: PasswordInputProps) {
  const auto = useId();
  const fid = id ?? auto;
  const [shown, setShown] = useState(false);
  return (
    <Field label={label} htmlFor={fid} optional={optional} error={error} hint={hint} hideLabel={hideLabel}>
      <div style={{ display: 'flex', gap: 8 }}>
        <Input
          {...rest}
          id={fid}
          type={shown ? 'text' : 'password'}
          value={value}
          maxLength={128}
          placeholder={placeholder ?? defaultPlaceholder(label)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(fid, error, hint)}
          onChange={(e) => onChange(e.target.value)}
        />
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

export interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  optional?: boolean;
  hideLabel?: boolean;
  hint?: ReactNode;
}

/** Text area with the text rules of spec §5. */
export function TextArea({
  label,
  value,
  onChange,
  error,
  optional,
  hideLabel,
  hint,
  id,
  placeholder,
  maxLength = TEXT_MAX_LENGTH,
  onBlur,
  ...rest
}: TextAreaProps) {
  const auto = useId();
  const fid = id ?? auto;
  const [flashing, flash] = useFlash();
  return (
    <Field label={label} htmlFor={fid} optional={optional} error={error} hint={hint} hideLabel={hideLabel}>
      <Area
        {...rest}
        id={fid}
        value={value}
        maxLength={maxLength}
        placeholder={placeholder ?? defaultPlaceholder(label)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fid, error, hint)}
        data-flash={flashing || undefined}
        onChange={(e) => {
          const next = filterTextInput(e.target.value, maxLength);
          if (next === null) flash();
          else onChange(next);
        }}
        onBlur={(e) => {
          const trimmed = e.target.value.trim();
          if (trimmed !== value) onChange(trimmed);
          onBlur?.(e);
        }}
      />
    </Field>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: SelectOption[];
  error?: string | null;
  optional?: boolean;
  hideLabel?: boolean;
  /** First, empty option (e.g. 'Select gender'). */
  placeholder?: string;
}

export function Select({
  label,
  value,
  onChange,
  options,
  error,
  optional,
  hideLabel,
  id,
  placeholder,
  ...rest
}: SelectProps) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <Field label={label} htmlFor={fid} optional={optional} error={error} hideLabel={hideLabel}>
      <Sel
        {...rest}
        id={fid}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fid, error)}
        onChange={(e) => onChange(e.target.value)}
      >
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
export function UsernameInput({
  label,
  value,
  onChange,
  error,
  optional,
  hideLabel,
  hint,
  id,
  placeholder,
  ...rest
}: UsernameInputProps) {
  const auto = useId();
  const fid = id ?? auto;
  const [flashing, flash] = useFlash();
  return (
    <Field label={label} htmlFor={fid} optional={optional} error={error} hint={hint} hideLabel={hideLabel}>
      <Input
        {...rest}
        id={fid}
        type="text"
        autoComplete="off"
        spellCheck={false}
        value={value}
        maxLength={63}
        placeholder={placeholder ?? defaultPlaceholder(label)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fid, error, hint)}
        data-flash={flashing || undefined}
        onChange={(e) => {
          const next = filterUsernameInput(e.target.value);
          if (next === null) flash();
          else onChange(next);
        }}
      />
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
