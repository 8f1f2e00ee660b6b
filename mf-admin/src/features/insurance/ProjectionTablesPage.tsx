import { api, Button, Select, TableHead, TextInput, useLoad } from '@kinfolio/ui-kit';
import {
  CrudListPage,
  type EditorCallbacks,
  EditorModal,
  RemoveRowCell,
  useCrudPage,
  useEditorForm,
  without,
} from '../../components/crud';
import { amountOf, type PlanSummary, type ProjectionRow, type ProjectionTable, shownAmount } from './api';

const VALUES = [
  ['premium', 'Premium'],
  ['cash_value', 'Cash value'],
  ['surrender_value', 'Surrender value'],
  ['death_benefit', 'Death benefit'],
] as const;
type ValueKey = (typeof VALUES)[number][0];
type RowText = { policy_year: string } & Record<ValueKey, string>;

/**
 * Insurance › Projections tables (platform-shell §2.4: exists but hidden from the menu; §7
 * admin/insurance-projections-tables create, {id}/update, DELETE {id}): a plan's illustrated policy values by year.
 */
export function ProjectionTablesPage() {
  const { data, loadError, reload } = useLoad(
    (signal) =>
      Promise.all([
        api.get<ProjectionTable[]>('admin/insurance-projections-tables', { signal }),
        api.get<PlanSummary[]>('admin/insurance-plans', { signal }),
      ]),
    [],
  );
  const tables = data?.[0] ?? null;
  const plans = data?.[1] ?? [];
  const crud = useCrudPage<ProjectionTable>(() => reload());

  return (
    <CrudListPage
      title="Insurance Projections Tables"
      lead="Illustrated policy values by policy year for a plan."
      actions={
        <Button onClick={crud.add} disabled={!plans.length}>
          Add projection table
        </Button>
      }
      crud={crud}
      list={tables}
      loadError={loadError}
      loadingLabel="Loading projection tables"
      emptyTitle="No projection tables yet"
      empty={plans.length ? 'Add a table of policy values for a plan.' : 'Add an insurance plan first.'}
      tableLabel="Projection tables"
      columns={[
        { header: 'Table', cell: (t) => t.name },
        { header: 'Plan', cell: (t) => t.plan_name },
        { header: 'Entry age', cell: (t) => t.entry_age ?? '—' },
        { header: 'Years', cell: (t) => t.rows.length },
      ]}
      editor={(table) => <TableEditor table={table} plans={plans} {...crud.editorProps} />}
      remove={{
        title: 'Delete this projection table?',
        message: (t) => `'${t.name}' of ${t.plan_name} will be deleted.`,
        path: (t) => `admin/insurance-projections-tables/${t.id}`,
        done: (t) => `Deleted the projection table '${t.name}'.`,
      }}
    />
  );
}

function TableEditor({
  table,
  plans,
  onClose,
  onSaved,
}: { table: ProjectionTable | null; plans: PlanSummary[] } & EditorCallbacks) {
  const editor = useEditorForm(
    {
      name: table?.name ?? '',
      plan_id: table?.plan_id ?? '',
      entry_age: table?.entry_age === null || table?.entry_age === undefined ? '' : String(table.entry_age),
      rows: (table?.rows ?? []).map(
        (r): RowText => ({
          policy_year: String(r.policy_year),
          premium: shownAmount(r.premium),
          cash_value: shownAmount(r.cash_value),
          surrender_value: shownAmount(r.surrender_value),
          death_benefit: shownAmount(r.death_benefit),
        }),
      ),
    },
    onClose,
  );
  const { form, setForm, errors } = editor;
  const setRow = (i: number, patch: Partial<RowText>) =>
    setForm((f) => ({ ...f, rows: f.rows.map((r, j) => (j === i ? { ...r, ...patch } : r)) }));

  async function submit() {
    const found: Record<string, string> = {};
    if (!form.name.trim()) found.name = 'Enter name';
    if (!form.plan_id) found.plan_id = 'Choose a plan';
    const age = form.entry_age.trim() ? Number(form.entry_age) : null;
    if (age !== null && !(Number.isInteger(age) && age <= 120)) found.entry_age = 'Enter an age from 0 to 120';
    const rows: ProjectionRow[] = form.rows.map((r, i) => {
      const year = Number(r.policy_year);
      if (!/^\d{1,3}$/.test(r.policy_year) || year < 1 || year > 120)
        found[`rows.${i}.policy_year`] = 'Enter a policy year from 1 to 120';
      const out: ProjectionRow = { policy_year: year };
      for (const [k] of VALUES) {
        const v = amountOf(r[k]);
        if (v === undefined) found[`rows.${i}.${k}`] = 'Enter an amount';
        else out[k] = v;
      }
      return out;
    });
    if (!editor.check(found)) {
      editor.setFailure('Check the highlighted fields.');
      return;
    }
    const body = { name: form.name.trim(), plan_id: form.plan_id, entry_age: age, rows };
    await editor.saveRow(table, `projection table '${body.name}'`, onSaved, () =>
      table
        ? api.patch(`admin/insurance-projections-tables/${table.id}/update`, body)
        : api.post('admin/insurance-projections-tables/create', body),
    );
  }

  return (
    <EditorModal
      noun="projection table"
      row={table}
      label="Projection table"
      editor={editor}
      submitLabel="Save table"
      onSubmit={submit}
      width={760}
    >
      <TextInput label="Table name" {...editor.field('name')} maxLength={200} />
      <Select
        label="Plan"
        value={form.plan_id}
        onChange={editor.set('plan_id')}
        placeholder="Select plan"
        options={plans.map((p) => ({
          value: p.id,
          label: `${p.name}${p.company_name ? `, ${p.company_name}` : ''}`,
        }))}
        error={errors.plan_id}
      />
      <TextInput
        label="Entry age"
        optional
        value={form.entry_age}
        onChange={(v) => editor.set('entry_age')(v.replace(/\D/g, '').slice(0, 3))}
        error={errors.entry_age}
        inputMode="numeric"
        maxLength={3}
      />
      <table style={{ width: '100%', borderCollapse: 'collapse', marginTop: 8 }}>
        <TableHead columns={['Policy year', ...VALUES.map(([, label]) => label), 'Actions']} />
        <tbody>
          {form.rows.map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and have no id
            <tr key={i}>
              <td>
                <input
                  aria-label={`Policy year, row ${i + 1}`}
                  value={r.policy_year}
                  inputMode="numeric"
                  maxLength={3}
                  aria-invalid={errors[`rows.${i}.policy_year`] ? true : undefined}
                  title={errors[`rows.${i}.policy_year`]}
                  onChange={(ev) => setRow(i, { policy_year: ev.target.value.replace(/\D/g, '') })}
                  style={{ width: '100%', minHeight: 36 }}
                />
              </td>
              {VALUES.map(([k, label]) => (
                <td key={k}>
                  <input
                    aria-label={`${label}, row ${i + 1}`}
                    value={r[k]}
                    inputMode="decimal"
                    maxLength={16}
                    aria-invalid={errors[`rows.${i}.${k}`] ? true : undefined}
                    title={errors[`rows.${i}.${k}`]}
                    onChange={(ev) => setRow(i, { [k]: ev.target.value.replace(/[^\d.,]/g, '') })}
                    style={{ width: '100%', minHeight: 36 }}
                  />
                </td>
              ))}
              <RemoveRowCell
                name={`row ${i + 1}`}
                onRemove={() => setForm((f) => ({ ...f, rows: without(f.rows, i) }))}
              />
            </tr>
          ))}
        </tbody>
      </table>
      {Object.entries(errors)
        .filter(([k]) => k.startsWith('rows.'))
        .map(([k, m]) => (
          <p key={k} style={{ color: '#b3261e', margin: '4px 0', fontSize: 14 }}>
            Row {Number(k.split('.')[1]) + 1}: {m}
          </p>
        ))}
      <div style={{ marginTop: 8 }}>
        <Button
          variant="secondary"
          onClick={() =>
            setForm((f) => ({
              ...f,
              rows: [
                ...f.rows,
                {
                  policy_year: String((Number(f.rows[f.rows.length - 1]?.policy_year) || 0) + 1),
                  premium: '',
                  cash_value: '',
                  surrender_value: '',
                  death_benefit: '',
                },
              ],
            }))
          }
        >
          Add year
        </Button>
      </div>
    </EditorModal>
  );
}
