import { type ChangeEvent, type ReactNode, type Ref, useId } from 'react';
import styled from 'styled-components';
import { theme } from '../theme';
import { describedBy, Field } from './Field';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 10px;
  min-width: 0;
  input[type='file'] {
    position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden;
    clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0;
  }
  .kf-pick {
    display: inline-flex; align-items: center; gap: 8px; min-height: 40px; padding: 8px 16px;
    border: 1px solid ${theme.colors.primaryDark}; border-radius: ${theme.radius}; background: #fff;
    color: ${theme.colors.primaryDark}; font-weight: 600; font-size: 15px; cursor: pointer; white-space: nowrap;
  }
  .kf-pick:hover { background: ${theme.colors.primarySoft}; }
  input[type='file']:focus-visible + .kf-pick { outline: 3px solid ${theme.colors.primary}; outline-offset: 2px; }
  input[type='file']:disabled + .kf-pick { opacity: 0.65; cursor: not-allowed; }
  .kf-picked { font-size: 14px; color: ${theme.colors.muted}; min-width: 0; overflow-wrap: anywhere; }
`;

export interface FilePickerProps {
  /** The field's label (e.g. 'Attachments'). */
  label: string;
  /** Text of the button (default 'Choose file' / 'Choose files'). */
  buttonLabel?: string;
  accept?: string;
  multiple?: boolean;
  disabled?: boolean;
  optional?: boolean;
  hint?: ReactNode;
  error?: string | null;
  /** Hides the field's label visually (it still names the control). */
  hideLabel?: boolean;
  /** Only the button and the status, inline (e.g. beside a Send button); the label is visually hidden. */
  compact?: boolean;
  /** What is chosen so far, shown beside the button (default 'No file chosen'). */
  status?: ReactNode;
  name?: string;
  id?: string;
  inputRef?: Ref<HTMLInputElement>;
  'data-testid'?: string;
  /** The picked files. The input is emptied afterwards, so picking the same file again fires again. */
  onFiles: (files: File[]) => void;
}

/**
 * The one file picker of the product: a labelled field whose button is a styled label of the native input (the
 * input stays in the page, focusable and reachable by keyboard and by tests' setInputFiles), and a status line.
 */
export function FilePicker({
  label,
  buttonLabel,
  accept,
  multiple,
  disabled,
  optional,
  hint,
  error,
  hideLabel,
  compact,
  status,
  name,
  id,
  inputRef,
  onFiles,
  'data-testid': testId,
}: FilePickerProps) {
  const auto = useId();
  const fid = id ?? auto;
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    e.target.value = '';
    onFiles(files);
  };
  const row = (
    <Row>
      <input
        ref={inputRef}
        id={fid}
        name={name}
        type="file"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        data-testid={testId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fid, error, hint)}
        onChange={onChange}
      />
      <label className="kf-pick" htmlFor={fid} data-file-picker-button="">
        <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M16.5 6.5v10a4.5 4.5 0 0 1-9 0V5a3 3 0 0 1 6 0v10.5a1.5 1.5 0 0 1-3 0V6.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
        {buttonLabel ?? (multiple ? 'Choose files' : 'Choose file')}
      </label>
      <span className="kf-picked" aria-live="polite">
        {status ?? 'No file chosen'}
      </span>
    </Row>
  );
  if (compact) {
    return (
      <>
        <label htmlFor={fid} className="kf-visually-hidden">
          {label}
        </label>
        {row}
      </>
    );
  }
  return (
    <Field label={label} htmlFor={fid} optional={optional} error={error} hint={hint} hideLabel={hideLabel}>
      {row}
    </Field>
  );
}
