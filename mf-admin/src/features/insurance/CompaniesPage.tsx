import { api, Button, TextInput } from '@kinfolio/ui-kit';
import { CrudListPage, type EditorCallbacks, EditorModal, useCrudPage, useEditorForm } from '../../components/crud';
import { useAdminList } from '../../components/RowActions';
import type { Company } from './api';

/**
 * Insurance › Company (platform-shell §2.4, §7 admin/insurance/company GET, POST, PUT {id}, DELETE {id}): the
 * insurers whose plans advisors pick from. A company whose plans customers' policies use cannot be deleted.
 */
export function CompaniesPage() {
  const { list, loadError, reload } = useAdminList<Company>('admin/insurance/company', {}, []);
  const crud = useCrudPage<Company>(reload);

  return (
    <CrudListPage
      title="Insurance Companies"
      lead="The insurers whose plans advisors choose from."
      actions={<Button onClick={crud.add}>Add company</Button>}
      crud={crud}
      list={list}
      loadError={loadError}
      loadingLabel="Loading companies"
      emptyTitle="No insurance companies yet"
      empty="Add the first insurer, then its plans."
      tableLabel="Insurance companies"
      columns={[
        { header: 'Company', cell: (c) => c.name },
        { header: 'Country', cell: (c) => c.country ?? '—' },
        { header: 'Plans', cell: (c) => c.plan_count },
      ]}
      editor={(company) => <CompanyEditor company={company} {...crud.editorProps} />}
      remove={{
        title: 'Delete this company?',
        message: (c) =>
          `'${c.name}' and its ${c.plan_count} plan(s) will be deleted. A company whose plans customers' policies use cannot be deleted.`,
        path: (c) => `admin/insurance/company/${c.id}`,
        done: (c) => `Deleted the company '${c.name}'.`,
      }}
    />
  );
}

function CompanyEditor({ company, onClose, onSaved }: { company: Company | null } & EditorCallbacks) {
  const editor = useEditorForm({ name: company?.name ?? '', country: company?.country ?? '' }, onClose);
  const { form, errors } = editor;

  async function submit() {
    const name = form.name.trim();
    const country = form.country.trim().toUpperCase();
    const found: Record<string, string> = {};
    if (!name) found.name = 'Enter name';
    if (country && !/^[A-Z]{2}$/.test(country)) found.country = 'Use a two-letter country code';
    if (!editor.check(found)) return;
    const body = { name, country: country || null };
    await editor.saveRow(company, `company '${name}'`, onSaved, () =>
      company ? api.put(`admin/insurance/company/${company.id}`, body) : api.post('admin/insurance/company', body),
    );
  }

  return (
    <EditorModal noun="company" row={company} label="Insurance company" editor={editor} onSubmit={submit}>
      <TextInput label="Company name" {...editor.field('name')} maxLength={200} />
      <TextInput
        label="Country"
        optional
        value={form.country}
        onChange={(v) => editor.set('country')(v.replace(/[^A-Za-z]/g, '').slice(0, 2))}
        error={errors.country}
        maxLength={2}
        hint="Two-letter code, such as SG or MY."
      />
    </EditorModal>
  );
}
