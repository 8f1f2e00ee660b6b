import type { investmentReference } from '@kinfolio/contracts';
import { api, Button, Select, TextInput, useLoad } from '@kinfolio/ui-kit';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CrudListPage, type EditorCallbacks, EditorModal, useCrudPage, useEditorForm } from '../../components/crud';
import type { InvestmentPlan, ReferenceName } from './shared';

/** The contract's INVESTMENT_PLAN_TYPES (kept here so the page does not bundle the schemas; the type checks them). */
const PLAN_TYPES: investmentReference.InvestmentPlanTypeName[] = [
  'Unit trust',
  'Investment-linked policy',
  'Discretionary portfolio',
  'Robo-advisor',
  'Brokerage account',
  'Other',
];
const TYPES = PLAN_TYPES.map((t) => ({ value: t, label: t }));

/**
 * Investment › Investment Plans (platform-shell §2.4): the plans each investment company offers (name, company,
 * type), which advisors name on a customer's investment account. Filtered by company; create, edit, delete.
 */
export function InvestmentPlansPage() {
  const [company, setCompany] = useState('');
  const { data, loadError, reload } = useLoad(
    (signal) =>
      Promise.all([
        api.get<InvestmentPlan[]>(`admin/investment/plan${company ? `?company_id=${company}` : ''}`, { signal }),
        api.get<ReferenceName[]>('admin/investment/company', { signal }),
      ]),
    [company],
  );
  const plans = data?.[0] ?? null;
  const companies = data?.[1] ?? [];
  const crud = useCrudPage<InvestmentPlan>(() => reload());

  // Without companies the page says to add one first, ahead of (and instead of) the plans or their empty state.
  const noCompanies = companies.length === 0;
  return (
    <CrudListPage
      title="Investment Plans"
      lead="The plans each investment company offers, by type."
      actions={
        <>
          <Select
            label="Company"
            value={company}
            onChange={setCompany}
            options={companies.map((c) => ({ value: c.id, label: c.name }))}
            placeholder="All companies"
          />
          <Button disabled={noCompanies} onClick={crud.add}>
            Add plan
          </Button>
        </>
      }
      crud={crud}
      list={plans && (noCompanies ? [] : plans)}
      loadError={loadError}
      loadingLabel="Loading investment plans"
      emptyTitle={noCompanies ? 'No investment companies yet' : 'No investment plans yet'}
      empty={
        noCompanies ? (
          <>
            Plans belong to a company: <Link to="../investment/company">add an investment company</Link> first.
          </>
        ) : (
          'Add the first plan a company offers.'
        )
      }
      tableLabel="Investment plans"
      columns={[
        { header: 'Plan', cell: (p) => p.name },
        { header: 'Company', cell: (p) => p.company_name },
        { header: 'Type', cell: (p) => p.type },
      ]}
      editor={(plan) => <PlanEditor plan={plan} companies={companies} defaultCompany={company} {...crud.editorProps} />}
      remove={{
        title: 'Delete this plan?',
        message: (p) => `'${p.name}' of ${p.company_name} will be deleted.`,
        path: (p) => `admin/investment/plan/${p.id}`,
        done: (p) => `Deleted the plan '${p.name}'.`,
      }}
    />
  );
}

function PlanEditor({
  plan,
  companies,
  defaultCompany,
  onClose,
  onSaved,
}: { plan: InvestmentPlan | null; companies: ReferenceName[]; defaultCompany: string } & EditorCallbacks) {
  const editor = useEditorForm(
    { name: plan?.name ?? '', company_id: plan?.company_id ?? defaultCompany, type: plan?.type ?? '' },
    onClose,
  );
  const { form, errors } = editor;

  async function submit() {
    const name = form.name.trim();
    const found: Record<string, string> = {};
    if (!name) found.name = 'Enter name';
    if (!form.company_id) found.company_id = 'Choose a company';
    if (!form.type) found.type = 'Choose a plan type';
    if (!editor.check(found)) return;
    const body = { name, company_id: form.company_id, type: form.type };
    await editor.saveRow(plan, `plan '${name}'`, onSaved, () =>
      plan ? api.put(`admin/investment/plan/${plan.id}`, body) : api.post('admin/investment/plan', body),
    );
  }

  return (
    <EditorModal noun="plan" row={plan} label="Investment plan" editor={editor} onSubmit={submit}>
      <TextInput label="Plan name" {...editor.field('name')} maxLength={200} />
      <Select
        label="Company"
        value={form.company_id}
        onChange={editor.set('company_id')}
        options={companies.map((c) => ({ value: c.id, label: c.name }))}
        placeholder="Select company"
        error={errors.company_id}
      />
      <Select
        label="Plan type"
        value={form.type}
        onChange={editor.set('type')}
        options={TYPES}
        placeholder="Select plan type"
        error={errors.type}
      />
    </EditorModal>
  );
}
