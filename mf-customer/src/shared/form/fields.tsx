import { Button, FloatInput, NumberInput, Select, TextArea, TextInput, theme } from '@kinfolio/ui-kit';
import { useId } from 'react';
import styled from 'styled-components';
import { currencyOptions, RELATION_LABELS } from '../format';
import type { Household } from '../household/api';
import type { FieldDef, FormValues } from './engine';

export const FieldGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
  gap: 4px 16px;
  align-items: start;
`;
const Check = styled.label`
  display: flex;
  gap: 8px;
  align-items: center;
  min-height: 44px;
  margin-top: 22px;
  input { width: 18px; height: 18px; }
`;
/** A bordered group of one row's inputs, with its legend. */
export const RowBox = styled.fieldset`
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  padding: 12px 14px;
  margin: 0 0 12px;
  min-width: 0;
  legend { font-weight: 600; padding: 0 4px; }
`;

export function memberOptions(household: Household) {
  return household.members.map((m) => ({
    value: m.id,
    label: `${m.name || RELATION_LABELS[m.relation]} (${RELATION_LABELS[m.relation] ?? m.relation})`,
  }));
}

/** One input of a field table, with the ui-kit's rules for its kind. */
export function FieldInput({
  def,
  value,
  onChange,
  error,
  household,
}: {
  def: FieldDef;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  household: Household;
}) {
  const id = useId();
  const common = { label: def.label, value, onChange, error, optional: def.optional, hint: def.hint };
  switch (def.kind) {
    case 'check':
      return (
        <Check htmlFor={id}>
          <input
            id={id}
            type="checkbox"
            checked={value === 'true'}
            onChange={(e) => onChange(e.target.checked ? 'true' : '')}
            aria-invalid={error ? true : undefined}
          />
          {def.label}
        </Check>
      );
    case 'number':
      return <NumberInput {...common} min={def.min} allowNegative={def.min !== undefined && def.min < 0} />;
    case 'float':
      return <FloatInput {...common} decimals={2} min={def.min} allowNegative={def.min === undefined || def.min < 0} />;
    case 'date':
      return (
        <TextInput {...common} type="text" inputMode="numeric" placeholder="YYYY-MM-DD" pattern="\d{4}-\d{2}-\d{2}" />
      );
    case 'area':
    case 'ages':
      return <TextArea {...common} />;
    case 'select':
      return (
        <Select {...common} options={[...(def.options ?? [])]} placeholder={def.optional ? 'Not set' : undefined} />
      );
    case 'currency':
      return <Select {...common} options={currencyOptions} />;
    case 'member':
      return (
        <Select
          {...common}
          options={memberOptions(household)}
          placeholder={def.placeholder ?? (def.optional ? 'None' : 'Choose a member')}
        />
      );
    default:
      return <TextInput {...common} />;
  }
}

/** The inputs of a field table over one form. */
export function Fields({
  defs,
  form,
  onChange,
  errors,
  household,
}: {
  defs: readonly FieldDef[];
  form: FormValues;
  onChange: (path: string, v: string) => void;
  errors: Record<string, string>;
  household: Household;
}) {
  return (
    <FieldGrid>
      {defs.map((d) => (
        <FieldInput
          key={d.path}
          def={d}
          value={form[d.path] ?? ''}
          onChange={(v) => onChange(d.path, v)}
          error={errors[d.path]}
          household={household}
        />
      ))}
    </FieldGrid>
  );
}

/**
 * A list of records edited together (beneficiaries, owners, transactions, payouts, riders): each one a fieldset with
 * its inputs and a Remove button, then an Add button. `errors` are keyed `index.path`.
 */
export function RowsEditor({
  title,
  noun,
  defs,
  rows,
  onChange,
  errors,
  household,
  blank,
}: {
  title: string;
  noun: string;
  defs: readonly FieldDef[];
  rows: FormValues[];
  onChange: (rows: FormValues[]) => void;
  errors: Record<string, string>;
  household: Household;
  blank: () => FormValues;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      {rows.length === 0 ? <p>No {noun}s yet.</p> : null}
      {rows.map((row, i) => {
        const rowErrors = Object.fromEntries(
          Object.entries(errors)
            .filter(([k]) => k.startsWith(`${i}.`))
            .map(([k, v]) => [k.slice(String(i).length + 1), v]),
        );
        return (
          <RowBox key={row.id || `new-${i}`}>
            <legend>
              {noun[0]?.toUpperCase()}
              {noun.slice(1)} {i + 1}
            </legend>
            <Fields
              defs={defs}
              form={row}
              errors={rowErrors}
              household={household}
              onChange={(path, v) => onChange(rows.map((r, j) => (j === i ? { ...r, [path]: v } : r)))}
            />
            <Button variant="link" onClick={() => onChange(rows.filter((_, j) => j !== i))}>
              Remove {noun} {i + 1}
            </Button>
          </RowBox>
        );
      })}
      <Button variant="secondary" onClick={() => onChange([...rows, blank()])}>
        Add {noun}
      </Button>
    </section>
  );
}
