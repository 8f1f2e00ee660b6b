import { describedBy, Field, TextInput, theme } from '@kinfolio/ui-kit';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { EditorModal, useEditorForm } from '../../components/crud';
import {
  addRateTableVersion,
  type RateTable,
  type RateTableVersion,
  rateTablesErrorMessage,
  rateTablesFieldErrors,
} from './api';
import { checkDraft, draftFrom, newestVersion, periodText, type VersionDraft } from './versions';

/**
 * "Add version" of one table: first and last year, the source (publisher, document title and address) and the
 * figures as JSON, started from the newest version's. The form's own checks show by each field; the service's
 * refusal (a gap, an overlap, a negative rate, a band out of order, an unknown or missing figure) shows under the
 * Save button as the service words it, and nothing is saved. There is no edit: a past version is never changed.
 */
export function AddVersionDialog({
  table,
  onClose,
  onSaved,
}: {
  table: RateTable;
  onClose: () => void;
  onSaved: (added: RateTableVersion) => Promise<void>;
}) {
  const newest = newestVersion(table);
  const editor = useEditorForm<VersionDraft>(draftFrom(table), onClose);
  const { form, errors, set } = editor;
  /** A year of the period: digits only, at most four. */
  const yearField = (key: 'fromYear' | 'toYear') => ({
    value: form[key],
    onChange: (v: string) => set(key)(v.replace(/\D/g, '').slice(0, 4)),
    error: errors[key],
    inputMode: 'numeric' as const,
    maxLength: 4,
    autoComplete: 'off',
  });

  async function submit() {
    if (editor.busy) return;
    const { errors: found, body } = checkDraft(form, newest);
    editor.setErrors(found);
    editor.setFailure(null);
    if (!body) return;
    // nothing is saved on a refusal: it shows under Save as the service words it, its field notes by their fields
    await editor.save(() => addRateTableVersion(table.kind, body), onSaved, {
      fieldErrorsOf: rateTablesFieldErrors,
      messageOf: rateTablesErrorMessage,
    });
  }

  return (
    <EditorModal
      title={`Add a version of ${table.title}`}
      label={`New version of ${table.title}`}
      editor={editor}
      submitLabel="Save version"
      onSubmit={submit}
      width={760}
    >
      <p className="kf-muted" style={{ marginTop: 0, color: theme.colors.muted }}>
        {newest
          ? `The newest version is ${newest.name} (${periodText(newest)}). A new version starts after it; past versions stay as they are.`
          : 'This table has no version yet.'}
      </p>
      <Years>
        <TextInput label="From year" {...yearField('fromYear')} />
        <TextInput
          label="To year"
          optional
          {...yearField('toYear')}
          hint="The last year of the published period; leave empty when it is in force until the next version."
        />
      </Years>
      <TextInput
        label="Publisher"
        {...editor.field('publisher')}
        maxLength={200}
        hint="The body that publishes the figures, e.g. CPF Board, IRAS, KWSP (EPF), LHDN."
      />
      <TextInput label="Document title" {...editor.field('title')} maxLength={500} hint="As the publisher titles it." />
      <TextInput
        label="Document address"
        type="url"
        {...editor.field('url')}
        maxLength={1000}
        inputMode="url"
        placeholder="https://"
        autoComplete="off"
      />
      <JsonField
        {...editor.field('figures')}
        hint={
          newest
            ? `JSON, started from ${newest.name}'s figures: change what the new document changes. Keys as in the newest version.`
            : 'JSON: one object with the figures of the table.'
        }
      />
    </EditorModal>
  );
}

/**
 * The figures as JSON: a labelled textarea in a monospace font. Not ui-kit's TextArea, whose text rules (spec §5)
 * refuse the braces and brackets JSON is made of; nothing typed is filtered or trimmed here.
 */
function JsonField({
  value,
  onChange,
  error,
  hint,
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string;
  hint: string;
}) {
  const id = useId();
  // as tall as the figures it starts with (a dividend's one line, CPF's bands), within reason; the admin can resize it
  const [rows] = useState(() => Math.min(24, Math.max(4, value.split('\n').length + 1)));
  return (
    <Field label="Figures (JSON)" htmlFor={id} error={error} hint={hint}>
      <Json
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        rows={rows}
        maxLength={100_000}
      />
    </Field>
  );
}

const Years = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  gap: 0 16px;
`;

const Json = styled.textarea`
  width: 100%;
  min-height: 96px;
  padding: 8px 12px;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  background: #fff;
  color: ${theme.colors.text};
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace;
  font-size: 13px;
  line-height: 1.45;
  tab-size: 2;
  resize: vertical;
  &:focus { border-color: ${theme.colors.primaryDark}; outline: 2px solid ${theme.colors.primary}; outline-offset: 0; }
  &[aria-invalid='true'] { border-color: ${theme.colors.danger}; }
`;
