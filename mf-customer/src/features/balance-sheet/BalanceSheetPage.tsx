import { FormError, Skeleton, theme, useResource } from '@kinfolio/ui-kit';
import { useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { type BalanceSheetData, balanceSheetApi, type Household } from '../../shared/household/api';
import { useHousehold } from '../../shared/household/context';
import { Card, SectionPage } from '../../shared/ui/layout';
import { DebtView } from './DebtView';
import { type SheetRow, useBalanceSheet, useSectionLinks } from './data';
import { FundsView, tabRows } from './FundsView';
import { EDITORS, type EditorName, fundTabOf, withOptions } from './model';
import { RecordEditor } from './RecordEditor';

export type BalanceSheetSection = 'funds' | 'debt' | 'property';

const Page = styled(SectionPage)`
  h3 small { color: ${theme.colors.muted}; }
`;

const NONE: string[] = [];

/** The stored record an editor opens (with its children), from the balance-sheet read. */
function recordOf(sheet: BalanceSheetData, editor: EditorName, id: string): SheetRow | null {
  const pools: Record<EditorName, unknown[]> = {
    cash: sheet.saving_funds,
    savings: sheet.saving_funds,
    pension: sheet.pensions,
    portfolio: sheet.portfolio_funds,
    debt: sheet.debts,
  };
  return ((pools[editor] ?? []) as SheetRow[]).find((r) => r.id === id) ?? null;
}

/** The editor of `?edit=<id>|new` (or the funds add link's add_fund flag), over the stored record. */
function Editor({
  household,
  section,
  sheet,
  edit,
}: {
  household: Household;
  section: BalanceSheetSection;
  sheet: BalanceSheetData | null;
  edit: string;
}) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const links = useSectionLinks();
  const tab = fundTabOf(search.get('activeTab'));
  const editor: EditorName = section === 'funds' ? tab.editor : 'debt';
  // the property types the admins keep; without them the built-in list is used
  const propertyTypes =
    useResource(section !== 'funds' && ([section] as const), (_, signal) =>
      balanceSheetApi.propertyTypes(signal).then((types) => (Array.isArray(types) ? types.map((t) => t.name) : null)),
    ).data ?? NONE;
  // a portfolio's holdings: the asset classes the admins keep (without them the class is typed)
  const assetClasses =
    useResource(editor === 'portfolio' && ([editor] as const), (_, signal) =>
      balanceSheetApi.fundAssetClasses(signal).then((rows) => (Array.isArray(rows) ? rows.map((r) => r.name) : null)),
    ).data ?? NONE;
  if (!sheet) return <Skeleton rows={6} label="Loading the editor" />;
  let record: SheetRow | null = null;
  if (edit !== 'new') {
    record =
      section === 'funds' ? (tabRows(sheet, tab).find((r) => r.id === edit) ?? null) : recordOf(sheet, editor, edit);
    if (!record)
      return (
        <Card>
          <h2>Edit</h2>
          <p>This record is not in the household any more.</p>
        </Card>
      );
  }
  // the records kept under it, as the balance-sheet read sends them (holdings, transactions, beneficiaries, …)
  const lists = Object.fromEntries(
    EDITORS[editor].children.map((c) => {
      const rows = record?.[c.from ?? c.key];
      return [c.key, (Array.isArray(rows) ? rows : []) as SheetRow[]];
    }),
  );
  const type = search.get('type');
  const choices = (names: string[], stored: unknown) =>
    [...new Set([...names, String(stored ?? '')])].filter(Boolean).map((t) => ({ value: t, label: t }));
  const storedClasses = (lists.holdings ?? []).map((h) => (h.asset_class as { type?: string } | undefined)?.type);
  return (
    <RecordEditor
      key={`${editor}-${edit}`}
      spec={
        editor === 'debt' && propertyTypes.length
          ? withOptions(EDITORS.debt, { property_type: choices(propertyTypes, record?.property_type) })
          : editor === 'portfolio' && assetClasses.length
            ? withOptions(EDITORS.portfolio, {
                'asset_class.type': choices([...assetClasses, ...storedClasses.map((t) => t ?? '')], ''),
              })
            : EDITORS[editor]
      }
      household={household}
      record={record}
      lists={lists}
      defaults={editor === 'debt' && type === 'property' ? { type: 'property' } : undefined}
      listRoute={links.list}
      onClose={() => navigate(links.list)}
    />
  );
}

/**
 * The household's balance sheet (issue 13), one section at a time: Funds (four tabs), Debt (loans with schedules)
 * or Property (sale plans). The advisor edits (?edit=<id>|new, the funds add links); the customer reads the same
 * screens. One balance-sheet read feeds the lists and editors; the loans' figures come from the debt summary.
 */
export default function BalanceSheetPage({ section, title }: { section: BalanceSheetSection; title?: string }) {
  const { household, status, error, readOnly, version } = useHousehold();
  const [search] = useSearchParams();
  const heading = title ?? { funds: 'Funds', debt: 'Debt', property: 'Property' }[section];
  const v = search.get('view');
  const viewAs = v && household?.members.some((m) => m.id === v) ? v : null;
  const {
    sheet,
    error: sheetError,
    setSheet,
  } = useBalanceSheet(household, version, section === 'funds' ? viewAs : null);
  const edit = search.get('edit') ?? (section === 'funds' && search.has('add_fund') ? 'new' : null);
  if (status === 'missing')
    return (
      <Card>
        <h2>{heading}</h2>
        <p>There is no household at this address, or it is not yours to see.</p>
      </Card>
    );
  if (status === 'error')
    return (
      <Card>
        <h2>{heading}</h2>
        <FormError>{error}</FormError>
      </Card>
    );
  if (!household) return <Skeleton rows={6} label={`Loading the ${heading.toLowerCase()}`} />;
  return (
    <Page aria-label={heading}>
      {edit && !readOnly ? (
        <Editor household={household} section={section} sheet={sheet} edit={edit} />
      ) : section === 'funds' ? (
        <FundsView household={household} sheet={sheet} error={sheetError} setSheet={setSheet} />
      ) : (
        <DebtView household={household} mode={section} />
      )}
    </Page>
  );
}
