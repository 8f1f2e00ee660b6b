import { api, Button, TextInput } from '@kinfolio/ui-kit';
import { CrudListPage, type EditorCallbacks, EditorModal, useCrudPage, useEditorForm } from '../../components/crud';
import { useAdminList } from '../../components/RowActions';
import type { ReferenceName } from './shared';

interface Kind {
  /** admin/investment/{path} */
  path: 'company' | 'bank';
  title: string;
  lead: string;
  one: string;
  label: string;
  empty: string;
  emptyText: string;
  deleteText: (name: string) => string;
}

const COMPANY: Kind = {
  path: 'company',
  title: 'Investment Companies',
  lead: 'The fund houses and platforms whose funds and investment plans advisors choose from.',
  one: 'company',
  label: 'Company name',
  empty: 'No investment companies yet',
  emptyText: 'Add the first fund house, then its investment plans.',
  deleteText: (name) => `'${name}' will be deleted. A company that investment plans name cannot be deleted.`,
};
const BANK: Kind = {
  path: 'bank',
  title: 'Banks',
  lead: 'The banks advisors pick for savings and cash accounts.',
  one: 'bank',
  label: 'Bank name',
  empty: 'No banks yet',
  emptyText: 'Add the first bank advisors can choose.',
  deleteText: (name) => `'${name}' will be deleted. Accounts already recorded keep the name they were saved with.`,
};

/** Investment › Company (platform-shell §2.4, §7 admin/investment/company GET, POST, PUT {id}, DELETE {id}). */
export const InvestmentCompaniesPage = () => <NamesPage kind={COMPANY} />;
/** Investment › Bank (platform-shell §2.4, §7 admin/investment/bank GET, POST, PUT {id}, DELETE {id}). */
export const BanksPage = () => <NamesPage kind={BANK} />;

function NamesPage({ kind }: { kind: Kind }) {
  const base = `admin/investment/${kind.path}`;
  const { list, loadError, reload } = useAdminList<ReferenceName>(base, {}, [base]);
  const crud = useCrudPage<ReferenceName>(reload);

  return (
    <CrudListPage
      title={kind.title}
      lead={kind.lead}
      actions={<Button onClick={crud.add}>Add {kind.one}</Button>}
      crud={crud}
      list={list}
      loadError={loadError}
      loadingLabel={`Loading ${kind.title.toLowerCase()}`}
      emptyTitle={kind.empty}
      empty={kind.emptyText}
      tableLabel={kind.title}
      columns={[{ header: 'Name', cell: (c) => c.name }]}
      editor={(item) => <NameEditor kind={kind} item={item} {...crud.editorProps} />}
      remove={{
        title: `Delete this ${kind.one}?`,
        message: (c) => kind.deleteText(c.name),
        path: (c) => `${base}/${c.id}`,
        done: (c) => `Deleted the ${kind.one} '${c.name}'.`,
      }}
    />
  );
}

function NameEditor({ kind, item, onClose, onSaved }: { kind: Kind; item: ReferenceName | null } & EditorCallbacks) {
  const editor = useEditorForm({ name: item?.name ?? '' }, onClose);
  const { form } = editor;

  async function submit() {
    const name = form.name.trim();
    if (!editor.check(name ? {} : { name: 'Enter name' })) return;
    await editor.saveRow(item, `${kind.one} '${name}'`, onSaved, () =>
      item
        ? api.put(`admin/investment/${kind.path}/${item.id}`, { name })
        : api.post(`admin/investment/${kind.path}`, { name }),
    );
  }

  return (
    <EditorModal noun={kind.one} row={item} label={kind.title} editor={editor} onSubmit={submit}>
      <TextInput label={kind.label} {...editor.field('name')} maxLength={200} />
    </EditorModal>
  );
}
