import { INSURANCE_PLAN_CATEGORIES, INSURANCE_PLAN_TYPES } from '@kinfolio/contracts/src/plan-types';
import { api, Button, errorMessage, FilePicker, Select, TableHead, TextInput, theme, useLoad } from '@kinfolio/ui-kit';
import { useState } from 'react';
import styled from 'styled-components';
import {
  CrudListPage,
  type EditorCallbacks,
  EditorModal,
  RemoveRowCell,
  useCrudPage,
  useEditorForm,
  without,
} from '../../components/crud';
import {
  allFieldMessages,
  amountOf,
  type Company,
  fileToBase64,
  IMPORT_MAX_BYTES,
  type Plan,
  type PlanSummary,
  shownAmount,
} from './api';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  gap: 0 12px;
`;
const Section = styled.fieldset`
  border: 1px solid ${theme.colors.border};
  border-radius: 6px;
  margin: 12px 0;
  padding: 8px 12px 12px;
  legend { font-weight: 600; padding: 0 4px; }
  table { width: 100%; border-collapse: collapse; }
  th { text-align: left; font-size: 14px; padding: 4px; }
  td { padding: 2px 4px; vertical-align: top; }
  td input { width: 100%; min-width: 70px; min-height: 36px; padding: 4px 8px; border: 1px solid #9fb3b1; border-radius: 4px; }
  td input[aria-invalid='true'] { border-color: ${theme.colors.danger}; }
  .kf-row-actions { display: flex; gap: 8px; flex-wrap: wrap; margin-top: 8px; align-items: center; }
  .kf-sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap; }
  ul.kf-errors { margin: 8px 0 0; padding-left: 18px; color: ${theme.colors.danger}; font-size: 14px; }
`;

/**
 * Insurance › Insurance Plans (platform-shell §2.4, issue 15): the plans advisors pick from in the insurance editor.
 * A searchable list; a form with category, plan type, company, currency, the premium table by age and gender
 * (typed in or imported from an .xlsx or .csv file, whose row errors are listed), the additional coverage premium
 * and riders (name and premium by age).
 */
export function InsurancePlansPage() {
  const [search, setSearch] = useState('');
  const [applied, setApplied] = useState('');

  const { data, loadError, reload } = useLoad(
    async (signal) => {
      const [rows, companies, rates] = await Promise.all([
        api.get<PlanSummary[]>('admin/insurance-plans', { signal, query: applied ? { search: applied } : undefined }),
        api.get<Company[]>('admin/insurance/company', { signal }),
        api.get<{ rates: Array<{ code: string }> }>('currency-rates', { signal }),
      ]);
      // categories and plan types: the contracts' one list, which the advisor's policy editor offers too
      const categories = INSURANCE_PLAN_CATEGORIES;
      const types = INSURANCE_PLAN_TYPES;
      const refs: Refs = { companies, categories, types, currencies: rates.rates.map((r) => r.code) };
      return { rows, refs };
    },
    [applied],
  );
  const plans = data?.rows ?? null;
  const refs = data?.refs ?? null;
  // The list's rows are summaries (deleted from the list); the editor gets the full plan, read by openPlan.
  const crud = useCrudPage<Plan | PlanSummary>(() => reload());

  async function openPlan(p: PlanSummary) {
    crud.setNote(null);
    try {
      crud.edit(await api.get<Plan>(`admin/insurance-plans/${p.id}`));
    } catch (err) {
      crud.setNote({ ok: false, text: errorMessage(err) });
    }
  }

  const typeName = (id: string | null) => refs?.types.find((t) => t.id === id)?.name ?? id ?? '—';
  const catName = (id: string | null) => refs?.categories.find((c) => c.id === id)?.name ?? id ?? '—';

  return (
    <CrudListPage
      title="Insurance Plans"
      lead="The plans advisors choose from when they record a customer's policy."
      toolbar={
        <form
          className="kf-bar"
          aria-label="Plan search"
          onSubmit={(e) => {
            e.preventDefault();
            setApplied(search.trim());
          }}
        >
          <TextInput label="Search plans" type="search" value={search} onChange={setSearch} maxLength={100} />
          <Button type="submit" variant="secondary">
            Search
          </Button>
          <Button onClick={crud.add} disabled={!refs}>
            Add plan
          </Button>
        </form>
      }
      crud={crud}
      list={plans}
      loadError={loadError}
      loadingLabel="Loading plans"
      emptyTitle={applied ? 'No plan matches this search' : 'No insurance plans yet'}
      empty={applied ? 'Try another plan or company name.' : 'Add the first plan advisors can choose from.'}
      tableLabel="Insurance plans"
      columns={[
        { header: 'Plan', cell: (p) => p.name },
        { header: 'Company', cell: (p) => p.company_name ?? '—' },
        { header: 'Category', cell: (p) => catName(p.category) },
        { header: 'Plan type', cell: (p) => typeName(p.plan_type) },
        { header: 'Premium ages', cell: (p) => p.premium_rows },
        { header: 'Riders', cell: (p) => p.rider_count },
      ]}
      onEdit={(p) => void openPlan(p)}
      editor={(plan) => (refs ? <PlanEditor plan={plan as Plan | null} refs={refs} {...crud.editorProps} /> : null)}
      remove={{
        title: 'Delete this plan?',
        message: (p) =>
          `'${p.name}' will no longer be offered to advisors. Plans that customers' policies use cannot be deleted.`,
        path: (p) => `admin/insurance-plans/${p.id}`,
        done: (p) => `Deleted the plan '${p.name}'.`,
      }}
    />
  );
}

/** The header of a premium table's remove buttons: named for screen readers only. */
const REMOVE_HEADER = { key: 'remove', label: <span className="kf-sr">Remove</span> };

type Refs = {
  companies: Company[];
  categories: ReadonlyArray<{ id: string; name: string }>;
  types: ReadonlyArray<{ id: string; name: string; category: string }>;
  currencies: string[];
};
type PremiumText = { age: string; male: string; female: string };
type RiderText = { name: string; rows: Array<{ age: string; premium: string }> };
interface PlanForm {
  name: string;
  insurance_company: string;
  category: string;
  plan_type: string;
  currency: string;
  additional_coverage_premium: string;
  rows: PremiumText[];
  riders: RiderText[];
}

const formOf = (p: Plan | null): PlanForm => ({
  name: p?.name ?? '',
  insurance_company: p?.insurance_company ?? '',
  category: p?.category ?? '',
  plan_type: p?.plan_type ?? '',
  currency: p?.currency ?? 'SGD',
  additional_coverage_premium: shownAmount(p?.additional_coverage_premium),
  rows: (p?.data_by_age ?? []).map((r) => ({
    age: String(r.age),
    male: shownAmount(r.male),
    female: shownAmount(r.female),
  })),
  riders: (p?.riders ?? []).map((r) => ({
    name: r.name,
    rows: r.data_by_age.map((x) => ({ age: String(x.age), premium: String(x.premium) })),
  })),
});

const ageOf = (s: string) => (/^\d{1,3}$/.test(s.trim()) && Number(s) <= 120 ? Number(s) : undefined);

/** The form's body, or the field errors found before sending (keys as the service names them). */
function bodyOf(f: PlanForm): { body?: Record<string, unknown>; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  if (!f.name.trim()) errors.name = 'Enter name';
  if (!f.insurance_company) errors.insurance_company = 'Choose a company';
  if (!f.category) errors.category = 'Choose a category';
  if (!f.plan_type) errors.plan_type = 'Choose a plan type';
  const extra = amountOf(f.additional_coverage_premium);
  if (extra === undefined) errors.additional_coverage_premium = 'Enter an amount';
  const seen = new Set<number>();
  const rows = f.rows.map((r, i) => {
    const age = ageOf(r.age);
    if (age === undefined) errors[`data_by_age.${i}.age`] = 'Enter an age from 0 to 120';
    else if (seen.has(age)) errors[`data_by_age.${i}.age`] = `Age ${age} is listed twice`;
    else seen.add(age);
    const male = amountOf(r.male);
    const female = amountOf(r.female);
    if (male === undefined) errors[`data_by_age.${i}.male`] = 'Enter an amount';
    if (female === undefined) errors[`data_by_age.${i}.female`] = 'Enter an amount';
    return { age, male, female };
  });
  const riders = f.riders.map((r, i) => {
    if (!r.name.trim()) errors[`riders.${i}.name`] = 'Enter name';
    return {
      name: r.name.trim(),
      data_by_age: r.rows.map((x, j) => {
        const age = ageOf(x.age);
        const premium = amountOf(x.premium);
        if (age === undefined) errors[`riders.${i}.data_by_age.${j}.age`] = 'Enter an age from 0 to 120';
        if (premium === undefined || premium === null)
          errors[`riders.${i}.data_by_age.${j}.premium`] = 'Enter an amount';
        return { age, premium };
      }),
    };
  });
  if (Object.keys(errors).length) return { errors };
  return {
    errors,
    body: {
      name: f.name.trim(),
      insurance_company: f.insurance_company,
      category: f.category,
      plan_type: f.plan_type,
      currency: f.currency,
      additional_coverage_premium: extra,
      data_by_age: rows,
      riders,
    },
  };
}

function PlanEditor({ plan, refs, onClose, onSaved }: { plan: Plan | null; refs: Refs } & EditorCallbacks) {
  const editor = useEditorForm(formOf(plan), onClose);
  const { form, setForm, errors } = editor;
  const [importing, setImporting] = useState(false);
  const [importNote, setImportNote] = useState<string | null>(null);
  const [importErrors, setImportErrors] = useState<string[]>([]);
  const set = (patch: Partial<PlanForm>) => setForm((f) => ({ ...f, ...patch }));
  const setRow = (i: number, patch: Partial<PremiumText>) =>
    setForm((f) => ({ ...f, rows: f.rows.map((r, j) => (j === i ? { ...r, ...patch } : r)) }));
  const setRider = (i: number, patch: Partial<RiderText>) =>
    setForm((f) => ({ ...f, riders: f.riders.map((r, j) => (j === i ? { ...r, ...patch } : r)) }));

  async function importFile(files: File[]) {
    const file = files[0];
    if (!file) return;
    setImportNote(null);
    setImportErrors([]);
    if (!/\.(xlsx|csv)$/i.test(file.name)) {
      setImportErrors(['Choose an .xlsx or .csv file']);
      return;
    }
    if (file.size > IMPORT_MAX_BYTES) {
      setImportErrors(['The file is larger than 512 KB']);
      return;
    }
    setImporting(true);
    try {
      const content = await fileToBase64(file);
      const read = await api.post<{ data_by_age: Plan['data_by_age']; rows: number }>(
        'admin/insurance-plans/premium-table/parse',
        { file_name: file.name, content },
      );
      set({
        rows: read.data_by_age.map((r) => ({
          age: String(r.age),
          male: shownAmount(r.male),
          female: shownAmount(r.female),
        })),
      });
      setImportNote(`Read ${read.rows} ages from ${file.name}. Save the plan to keep them.`);
    } catch (err) {
      const rows = allFieldMessages(err).map((e) => e.message);
      setImportErrors(rows.length ? rows : [errorMessage(err)]);
    } finally {
      setImporting(false);
    }
  }

  async function submit() {
    const { body, errors: found } = bodyOf(form);
    if (!editor.check(found) || !body) {
      editor.setFailure('Check the highlighted fields.');
      return;
    }
    await editor.saveRow(plan, `plan '${body.name}'`, onSaved, () =>
      plan
        ? api.patch(`admin/insurance-plans/${plan.id}/update`, body)
        : api.post('admin/insurance-plans/create', body),
    );
  }

  const cell = (
    key: string,
    label: string,
    value: string,
    onChange: (v: string) => void,
    mode: 'numeric' | 'decimal',
  ) => (
    <td>
      <input
        aria-label={label}
        value={value}
        inputMode={mode}
        maxLength={16}
        aria-invalid={errors[key] ? true : undefined}
        title={errors[key]}
        onChange={(ev) => onChange(ev.target.value.replace(/[^\d.,]/g, ''))}
      />
    </td>
  );
  const rowErrors = Object.entries(errors).filter(([k]) => k.startsWith('data_by_age.'));
  const riderErrors = Object.entries(errors).filter(([k]) => k.startsWith('riders.'));

  return (
    <EditorModal noun="plan" row={plan} label="Insurance plan" editor={editor} onSubmit={submit} width={760}>
      <TextInput
        label="Plan name"
        value={form.name}
        onChange={(v) => set({ name: v })}
        error={errors.name}
        maxLength={200}
      />
      <Grid>
        <Select
          label="Company"
          value={form.insurance_company}
          onChange={(v) => set({ insurance_company: v })}
          placeholder="Select company"
          options={refs.companies.map((c) => ({ value: c.id, label: c.name }))}
          error={errors.insurance_company}
        />
        <Select
          label="Category"
          value={form.category}
          onChange={(v) =>
            set({
              category: v,
              plan_type: refs.types.find((t) => t.id === form.plan_type)?.category === v ? form.plan_type : '',
            })
          }
          placeholder="Select category"
          options={refs.categories.map((c) => ({ value: c.id, label: c.name }))}
          error={errors.category}
        />
        <Select
          label="Plan type"
          value={form.plan_type}
          onChange={(v) =>
            set({ plan_type: v, category: refs.types.find((t) => t.id === v)?.category ?? form.category })
          }
          placeholder="Select plan type"
          options={refs.types.map((t) => ({ value: t.id, label: t.name }))}
          error={errors.plan_type}
        />
        <Select
          label="Currency"
          value={form.currency}
          onChange={(v) => set({ currency: v })}
          options={(refs.currencies.includes(form.currency)
            ? refs.currencies
            : [form.currency, ...refs.currencies]
          ).map((c) => ({ value: c, label: c }))}
          error={errors.currency}
        />
        <TextInput
          label="Additional coverage premium"
          optional
          value={form.additional_coverage_premium}
          onChange={(v) => set({ additional_coverage_premium: v.replace(/[^\d.,]/g, '') })}
          error={errors.additional_coverage_premium}
          maxLength={16}
          inputMode="decimal"
        />
      </Grid>

      <Section>
        <legend>Premiums by age and gender</legend>
        {form.rows.length ? (
          <table>
            <TableHead columns={['Age', 'Male premium', 'Female premium', REMOVE_HEADER]} />
            <tbody>
              {form.rows.map((r, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and have no id
                <tr key={i}>
                  {cell(
                    `data_by_age.${i}.age`,
                    `Age, row ${i + 1}`,
                    r.age,
                    (v) => setRow(i, { age: v.replace(/\D/g, '') }),
                    'numeric',
                  )}
                  {cell(
                    `data_by_age.${i}.male`,
                    `Male premium, row ${i + 1}`,
                    r.male,
                    (v) => setRow(i, { male: v }),
                    'decimal',
                  )}
                  {cell(
                    `data_by_age.${i}.female`,
                    `Female premium, row ${i + 1}`,
                    r.female,
                    (v) => setRow(i, { female: v }),
                    'decimal',
                  )}
                  <RemoveRowCell
                    name={`row ${i + 1}`}
                    onRemove={() => setForm((f) => ({ ...f, rows: without(f.rows, i) }))}
                  />
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p>No premiums yet: add ages one by one or import a table.</p>
        )}
        {rowErrors.length ? (
          <ul className="kf-errors" aria-label="Premium table errors">
            {rowErrors.map(([k, m]) => (
              <li key={k}>
                Row {Number(k.split('.')[1]) + 1}: {m}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="kf-row-actions">
          <Button
            variant="secondary"
            onClick={() => {
              const last = ageOf(form.rows[form.rows.length - 1]?.age ?? '');
              set({
                rows: [
                  ...form.rows,
                  { age: last === undefined ? '' : String(Math.min(120, last + 1)), male: '', female: '' },
                ],
              });
            }}
          >
            Add age
          </Button>
          <FilePicker
            label="Import premium table"
            buttonLabel={importing ? 'Reading…' : 'Import from file'}
            accept=".xlsx,.csv"
            disabled={importing}
            hint="An .xlsx or .csv file of up to 512 KB whose first row names the columns age, male and female."
            status={importNote ?? undefined}
            onFiles={(files) => void importFile(files)}
          />
        </div>
        {importErrors.length ? (
          <ul className="kf-errors" role="alert" aria-label="Import errors">
            {importErrors.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        ) : null}
      </Section>

      <Section>
        <legend>Riders</legend>
        {form.riders.map((rider, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: riders are edited in place and have no id
          <div key={i} style={{ borderTop: i ? '1px solid #d9e2e1' : undefined, paddingTop: i ? 8 : 0 }}>
            <TextInput
              label={`Rider ${i + 1} name`}
              value={rider.name}
              onChange={(v) => setRider(i, { name: v })}
              error={errors[`riders.${i}.name`]}
              maxLength={200}
            />
            {rider.rows.length ? (
              <table>
                <TableHead columns={['Age', 'Premium', REMOVE_HEADER]} />
                <tbody>
                  {rider.rows.map((x, j) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and have no id
                    <tr key={j}>
                      {cell(
                        `riders.${i}.data_by_age.${j}.age`,
                        `Rider ${i + 1} age, row ${j + 1}`,
                        x.age,
                        (v) =>
                          setRider(i, {
                            rows: rider.rows.map((y, k) => (k === j ? { ...y, age: v.replace(/\D/g, '') } : y)),
                          }),
                        'numeric',
                      )}
                      {cell(
                        `riders.${i}.data_by_age.${j}.premium`,
                        `Rider ${i + 1} premium, row ${j + 1}`,
                        x.premium,
                        (v) => setRider(i, { rows: rider.rows.map((y, k) => (k === j ? { ...y, premium: v } : y)) }),
                        'decimal',
                      )}
                      <RemoveRowCell
                        name={`rider ${i + 1} row ${j + 1}`}
                        onRemove={() => setRider(i, { rows: without(rider.rows, j) })}
                      />
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
            <div className="kf-row-actions">
              <Button
                variant="secondary"
                onClick={() => setRider(i, { rows: [...rider.rows, { age: '', premium: '' }] })}
              >
                Add rider age
              </Button>
              <Button
                variant="danger"
                onClick={() => setForm((f) => ({ ...f, riders: f.riders.filter((_, k) => k !== i) }))}
                aria-label={`Remove rider ${i + 1}`}
              >
                Remove rider
              </Button>
            </div>
          </div>
        ))}
        {riderErrors.length ? (
          <ul className="kf-errors" aria-label="Rider errors">
            {riderErrors.map(([k, m]) => (
              <li key={k}>{m}</li>
            ))}
          </ul>
        ) : null}
        <div className="kf-row-actions">
          <Button variant="secondary" onClick={() => set({ riders: [...form.riders, { name: '', rows: [] }] })}>
            Add rider
          </Button>
        </div>
      </Section>
    </EditorModal>
  );
}
