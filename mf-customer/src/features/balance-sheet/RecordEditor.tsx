import {
  errorMessage,
  FormError,
  fieldErrors,
  GuardedFormActions,
  SaveConfirmationDialog,
  Skeleton,
  theme,
  useUnsavedChangesGuard,
} from '@kinfolio/ui-kit';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import {
  bodyOf,
  type FieldDef,
  type FormValues,
  formOf,
  missingFields,
  percentageProblem,
} from '../../shared/form/engine';
import { Fields, RowsEditor } from '../../shared/form/fields';
import { StepNav, subErrors } from '../../shared/form/steps';
import { balanceSheetApi, type Household, type InvestmentFund } from '../../shared/household/api';
import { useHousehold } from '../../shared/household/context';
import { memberLabel } from '../../shared/household/members';
import { useEditorDraft } from '../../shared/household/useEditorDraft';
import { Card } from '../../shared/ui/layout';
import { FundPicker } from './FundPicker';
import {
  allocationProblem,
  assetSplitProblem,
  type ChildList,
  type EditorSpec,
  normalise,
  SHARE_FIELDS,
  schemeOf,
  sharesProblem,
  shownFields,
  tenureProblem,
} from './model';

/** The editor's form: the record's own fields, its owners with their shares, and the lists kept under it. */
export interface RecordForm {
  main: FormValues;
  owners: FormValues[];
  lists: Record<string, FormValues[]>;
}
type AnyRecord = Record<string, unknown> & { id: string };

/** A PATCH body that also removes what the form cleared (a field the record had and the form no longer sends: null). */
export function withNulls(body: Record<string, unknown>, before: Record<string, unknown>): Record<string, unknown> {
  const out = { ...body };
  for (const k of Object.keys(before)) if (!(k in out)) out[k] = null;
  return out;
}

/** Every field of an editor (each path once), to read and write the whole record whatever its type. */
export const allFields = (spec: EditorSpec): FieldDef[] => dedupe(spec.steps.flatMap((s) => s.fields));

/** The editor's form of a stored record (or a new one, in the household currency, owned by no one yet). */
export function recordForm(
  spec: EditorSpec,
  household: Household,
  record: AnyRecord | null,
  children: Record<string, AnyRecord[]>,
  defaults: FormValues = {},
): RecordForm {
  const currency = String(record?.currency ?? household.currency);
  const me = household.members.find((m) => m.relation === 'me') ?? household.members[0];
  const base: FormValues = {
    currency,
    ...(spec.kind === 'pension' ? { member_id: me?.id ?? '', type: schemeOf(currency) } : {}),
    ...defaults,
  };
  const owners = Array.isArray(record?.owners) ? (record.owners as Array<Record<string, unknown>>) : [];
  return {
    main: formOf(allFields(spec), normalise(record), base),
    owners: owners.map((o) => ({ id: '', ...formOf(SHARE_FIELDS, o) })),
    lists: Object.fromEntries(
      spec.children.map((c) => [
        c.key,
        (children[c.key] ?? []).map((r) => ({
          id: String(r.id),
          ...formOf(c.fields, r, { currency }),
          // a holding picked from the admins' fund list keeps its fund
          ...(c.kind === 'portfolioFundDetail' && typeof r.fund_id === 'string' ? { fund_id: r.fund_id } : {}),
        })),
      ]),
    ),
  };
}

/** The body of the record itself: the shown fields of its type, its owners and the fixed fields. */
export function recordBody(spec: EditorSpec, household: Household, f: RecordForm): Record<string, unknown> {
  const fields = spec.steps.flatMap((s) => shownFields(s, f.main));
  const body: Record<string, unknown> = { ...bodyOf(dedupe(fields), f.main), ...(spec.fixed ?? {}) };
  if (spec.kind !== 'pension') {
    body.owners = f.owners.map((o) => {
      const b = bodyOf(SHARE_FIELDS, o);
      if (!b.name && b.owner_id) b.name = memberLabel(household, b.owner_id);
      return b;
    });
  }
  return body;
}
function dedupe(fields: FieldDef[]): FieldDef[] {
  const byPath = new Map<string, FieldDef>();
  for (const f of fields) if (!byPath.has(f.path)) byPath.set(f.path, f);
  return [...byPath.values()];
}

/**
 * A child record's body: a holding's asset split is sent whole (an empty class counts 0), its fund from the admins'
 * list by `fund_id`, and its allocation of new money not at all (asset balancing is its own call); a beneficiary or
 * contingent owner who is a household member is named by the member.
 */
export function childBody(
  fields: readonly FieldDef[],
  row: FormValues,
  household?: Household,
): Record<string, unknown> {
  const body = bodyOf(
    fields.filter((f) => f.path !== 'asset_balancing'),
    row,
  );
  const split = body.asset_class as Record<string, number> | undefined;
  if (split) for (const k of ['equity', 'bond', 'others']) split[k] ??= 0;
  if (row.fund_id) body.fund_id = row.fund_id;
  const member = body.beneficiary_id ?? body.owner_id;
  if (household && !body.name && typeof member === 'string') body.name = memberLabel(household, member);
  return body;
}

/** A portfolio transaction's holding choices: the portfolio's saved holdings (a new one is chosen once saved). */
export function withHoldings(fields: readonly FieldDef[], holdings: readonly FormValues[]): FieldDef[] {
  const options = holdings.filter((h) => h.id).map((h) => ({ value: h.id as string, label: h.name || 'Holding' }));
  return fields.map((f) => (f.path === 'fund_id' ? { ...f, options } : f));
}

/** The allocations of new money of a portfolio's holdings when every one has one (else null: none to send). */
export function allocations(rows: readonly FormValues[]): Array<{ id: string; asset_balancing: number }> | null {
  if (!rows.length || rows.some((r) => !(r.asset_balancing ?? '').trim() || !r.id)) return null;
  return rows.map((r) => ({ id: r.id as string, asset_balancing: Number(r.asset_balancing) }));
}

/**
 * The order rows of a shared list are written in: lowered percentages first, then raised ones, then new rows, so the
 * service's check (the percentages of one parent never pass 100) holds after every single write.
 */
function writeOrder(c: ChildList, rows: FormValues[], before: Map<string, FormValues>): number[] {
  const idx = rows.map((_, i) => i);
  if (!c.shares) return idx;
  const rise = (r: FormValues) =>
    r.id ? (Number(r.percentage) || 0) - (Number(before.get(r.id)?.percentage) || 0) : Number.POSITIVE_INFINITY;
  return idx.sort((a, b) => rise(rows[a] as FormValues) - rise(rows[b] as FormValues));
}

/** The problems of a step, keyed by field path, `owners` / `owners.i.field`, or `list.i.field`. */
export function stepProblems(spec: EditorSpec, step: number, f: RecordForm): Record<string, string> {
  const s = spec.steps[step];
  if (!s) return {};
  const out: Record<string, string> = { ...missingFields(shownFields(s, f.main), f.main) };
  if (s.fields.some((d) => d.path === 'loan_tenure.year')) {
    const t = tenureProblem(f.main);
    if (t) out['loan_tenure.year'] = t;
    else delete out['loan_tenure.year'];
  }
  if (s.owners) {
    f.owners.forEach((o, i) => {
      if (!o.owner_id && !o.name?.trim()) out[`owners.${i}.name`] = 'Choose a member or enter a name';
      if (!(o.percentage ?? '').trim()) out[`owners.${i}.percentage`] = 'Enter percentage (%)';
    });
    const p = percentageProblem(f.owners.map((o) => ({ ...o, percentage: o.percentage ?? '' }) as never));
    if (p) out.owners = p;
  }
  for (const key of s.lists ?? []) {
    const c = spec.children.find((x) => x.key === key);
    if (!c) continue;
    const rows = f.lists[key] ?? [];
    rows.forEach((r, i) => {
      for (const [k, v] of Object.entries(missingFields(c.fields, r))) out[`${key}.${i}.${k}`] = v;
      for (const [k, v] of Object.entries(c.rowProblems?.(r) ?? {})) out[`${key}.${i}.${k}`] = v;
      const split = assetSplitProblem(r);
      if (split && c.fields.some((d) => d.path === 'asset_class.equity')) out[`${key}.${i}.asset_class.equity`] = split;
    });
    const total = c.shares
      ? sharesProblem(rows)
      : c.fields.some((d) => d.path === 'asset_balancing')
        ? allocationProblem(rows)
        : null;
    if (total) out[key] = total;
  }
  return out;
}

/**
 * The input a server error's key names: the field itself, else the first input under it (`asset_class` →
 * `asset_class.equity`), else the input it is part of (`unpaid_at.2` → `unpaid_at`); other keys stay as they are.
 */
export function inputOf(fields: readonly FieldDef[], key: string): string {
  if (fields.some((f) => f.path === key)) return key;
  const under = fields.find((f) => f.path.startsWith(`${key}.`));
  if (under) return under.path;
  const over = fields.find((f) => key.startsWith(`${f.path}.`));
  return over ? over.path : key;
}

/** The step a field (a server error's key) is edited on. */
export function stepOfKey(spec: EditorSpec, key: string): number {
  const head = key.split('.')[0] ?? '';
  const i = spec.steps.findIndex(
    (s) =>
      (head === 'owners' && s.owners) ||
      (s.lists ?? []).includes(head) ||
      s.fields.some((f) => f.path === key || key.startsWith(`${f.path}.`) || f.path.startsWith(`${key}.`)),
  );
  return Math.max(i, 0);
}

/**
 * One multi-step editor for every balance-sheet record (cash account, savings fund, pension account, portfolio with
 * its holdings, loan or property with its rental incomes): each Next keeps the form as a form-step draft named in the
 * address (&draft=); Save writes the record, then the records under it, shows 'Saved Successfully!' and deletes the
 * draft. A 400 is shown at the field it names, on its step. Closing with changes asks first.
 */
export function RecordEditor({
  spec,
  household,
  record,
  lists,
  defaults,
  listRoute,
  onClose,
}: {
  spec: EditorSpec;
  household: Household;
  /** The stored record, or null for a new one. */
  record: AnyRecord | null;
  /** The records kept under it, by child list key. */
  lists: Record<string, AnyRecord[]>;
  defaults?: FormValues;
  /** Where the save dialog's summary goes. */
  listRoute: string;
  onClose: () => void;
}) {
  const { reload } = useHousehold();
  const [initial, setInitial] = useState<RecordForm | null>(null);
  const [form, setForm] = useState<RecordForm | null>(null);
  const [savedId, setSavedId] = useState<string | null>(record?.id ?? null);
  const [step, setStep] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const started = useRef(false);
  const draft = useEditorDraft(household.id, `balance-sheet/${spec.name}-editor`, setNotice);

  // the stored record (or a new one), then the draft named in the address on top of it
  // biome-ignore lint/correctness/useExhaustiveDependencies: built once, when the editor opens
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const base = recordForm(spec, household, record, lists, defaults);
    setInitial(base);
    if (!draft.draftId) {
      setForm(base);
      return;
    }
    draft.read().then((kept) => {
      const data = (kept ?? {}) as { step?: number; form?: RecordForm; record_id?: string | null; editor?: string };
      const mine = data.form && data.editor === spec.name && (data.record_id ?? null) === (record?.id ?? null);
      // a draft kept before a list existed leaves that list as stored (not emptied)
      setForm(
        mine && data.form ? { ...base, ...data.form, lists: { ...base.lists, ...(data.form.lists ?? {}) } } : base,
      );
      if (mine && typeof data.step === 'number') setStep(Math.min(Math.max(data.step, 0), spec.steps.length - 1));
    });
  }, []);

  // each step starts at its heading, for keyboard and screen-reader users
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes
  useEffect(() => {
    if (form) heading.current?.focus();
  }, [step]);

  const guard = useUnsavedChangesGuard(initial, form, onClose);
  if (!form || !initial) return <Skeleton rows={6} label={`Loading the ${spec.noun} editor`} />;

  const setMain = (path: string, v: string) => setForm((f) => (f ? { ...f, main: { ...f.main, [path]: v } } : f));
  const setOwners = (rows: FormValues[]) => setForm((f) => (f ? { ...f, owners: rows } : f));
  const setList = (key: string) => (rows: FormValues[]) =>
    setForm((f) => (f ? { ...f, lists: { ...f.lists, [key]: rows } } : f));
  const currency = form.main.currency || household.currency;

  const keep = (nextStep: number) =>
    draft.keep({
      editor: spec.name,
      record_id: savedId,
      step: nextStep,
      form: form as unknown as Record<string, unknown>,
    });

  const save = async () => {
    const f: RecordForm = JSON.parse(JSON.stringify(form));
    let rid = savedId;
    let where: { key: string; index: number } = { key: 'main', index: 0 };
    try {
      const body = recordBody(spec, household, f);
      if (rid) await balanceSheetApi.update(spec.kind, rid, withNulls(body, recordBody(spec, household, initial)));
      else {
        const created = await balanceSheetApi.create(spec.kind, household.id, body as never);
        rid = created.id;
        setSavedId(rid);
      }
      for (const c of spec.children) {
        const rows = f.lists[c.key] ?? [];
        const initialRows = initial.lists[c.key] ?? [];
        if (c.save === 'bulk') {
          // the parent's whole list in one call; the reply's ids are the rows' in the order sent
          if (JSON.stringify(rows) === JSON.stringify(initialRows)) continue;
          where = { key: c.key, index: -2 };
          const reply = await balanceSheetApi.bulkDebtTransactions(
            household.id,
            rid,
            rows.map((r) => ({ ...(r.id ? { id: r.id } : {}), ...childBody(c.fields, r) }) as never),
          );
          rows.forEach((r, i) => {
            r.id = reply?.ids?.[i] ?? r.id ?? '';
          });
          continue;
        }
        const before = new Map(initialRows.filter((r) => r.id).map((r) => [r.id as string, r]));
        const kept = new Set(rows.map((r) => r.id).filter(Boolean));
        for (const [cid] of before) {
          if (kept.has(cid as string)) continue;
          where = { key: c.key, index: -1 };
          await balanceSheetApi.remove(c.kind, cid as string);
        }
        for (const i of writeOrder(c, rows, before)) {
          const r = rows[i] as FormValues;
          where = { key: c.key, index: i };
          const b = { ...childBody(c.fields, r, household), [c.parentKey]: rid };
          if (!r.id) {
            const created = await balanceSheetApi.create(c.kind, household.id, b as never);
            r.id = created.id;
            continue;
          }
          // written when what it sends changed (a holding's allocation alone is the asset-balancing call's)
          const prev = { ...childBody(c.fields, before.get(r.id) as FormValues, household), [c.parentKey]: rid };
          if (JSON.stringify(prev) !== JSON.stringify(b))
            await balanceSheetApi.update(c.kind, r.id, withNulls(b, prev));
        }
        // a portfolio's allocation of new money over its holdings: its own call, every holding once
        const balancing = c.fields.some((d) => d.path === 'asset_balancing') ? allocations(rows) : null;
        const was = initialRows.map((r) => [r.id, r.asset_balancing ?? '']);
        if (balancing && JSON.stringify(rows.map((r) => [r.id, r.asset_balancing ?? ''])) !== JSON.stringify(was)) {
          where = { key: c.key, index: -3 };
          await balanceSheetApi.holdingAssetBalancing(household.id, rid, balancing);
        }
      }
    } catch (err) {
      // what is saved so far stays saved (with its new ids): a second Save goes on from there
      setForm(f);
      // (a list saved in one call is saved whole or not at all; allocations not saved are sent again)
      setInitial((i) =>
        i
          ? {
              ...i,
              lists: Object.fromEntries(
                spec.children.map((c) => {
                  if (c.key === where.key && where.index === -2) return [c.key, i.lists[c.key] ?? []];
                  const kept = (f.lists[c.key] ?? []).filter((r) => r.id);
                  if (c.key === where.key && where.index === -3)
                    return [c.key, kept.map((r) => ({ ...r, asset_balancing: '' }))];
                  return [c.key, kept];
                }),
              ),
            }
          : i,
      );
      const mapped: Record<string, string> = {};
      const fieldsOf = spec.children.find((c) => c.key === where.key)?.fields ?? allFields(spec);
      for (const [k, v] of Object.entries(fieldErrors(err))) {
        const bulk = where.index === -2 ? /^transactions\.(\d+)\.(.+)$/.exec(k) : null;
        if (where.key === 'main') mapped[inputOf(fieldsOf, k)] = v;
        else if (bulk) mapped[`${where.key}.${bulk[1]}.${inputOf(fieldsOf, bulk[2] as string)}`] = v;
        else if (where.index < 0) mapped[where.key] = v;
        else mapped[`${where.key}.${where.index}.${inputOf(fieldsOf, k)}`] = v;
      }
      setErrors(mapped);
      setError(errorMessage(err));
      const first = Object.keys(mapped)[0];
      setStep(first ? stepOfKey(spec, first) : stepOfKey(spec, where.key));
      return;
    }
    await draft.discard();
    setForm(f);
    setInitial(f);
    setErrors({});
    setError(null);
    setSaved(true);
    reload();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problems = stepProblems(spec, step, form);
    setErrors(problems);
    if (Object.keys(problems).length) {
      setError('Check the highlighted fields.');
      return;
    }
    setError(null);
    setNotice(null);
    setBusy(true);
    try {
      if (step < spec.steps.length - 1) {
        await keep(step + 1);
        setStep(step + 1);
      } else {
        for (let s = 0; s < spec.steps.length; s++) {
          const p = stepProblems(spec, s, form);
          if (Object.keys(p).length) {
            setErrors(p);
            setError('Check the highlighted fields.');
            setStep(s);
            return;
          }
        }
        await save();
      }
    } finally {
      setBusy(false);
    }
  };

  const current = spec.steps[step] ?? spec.steps[0];
  const title = savedId ? `Edit ${spec.noun}` : `Add ${spec.noun}`;
  const ownerErrors = subErrors(errors, 'owners');
  return (
    <Card aria-labelledby="bs-editor-h">
      <h2 id="bs-editor-h">{title}</h2>
      <StepNav steps={spec.steps} current={step} />
      <form onSubmit={submit} noValidate aria-labelledby="bs-step-h" style={{ position: 'relative' }}>
        <h3 id="bs-step-h" tabIndex={-1} ref={heading}>
          Step {step + 1} of {spec.steps.length}: {current?.title}
        </h3>
        {current ? (
          <Fields
            defs={shownFields(current, form.main)}
            form={form.main}
            onChange={setMain}
            errors={errors}
            household={household}
          />
        ) : null}
        {current?.owners && spec.kind !== 'pension' ? (
          <>
            <RowsEditor
              title="Owners"
              noun="owner"
              defs={SHARE_FIELDS}
              rows={form.owners}
              onChange={setOwners}
              errors={ownerErrors}
              household={household}
              blank={() => ({ id: '', ...formOf(SHARE_FIELDS, null) })}
            />
            <p style={{ color: theme.colors.muted, fontSize: '0.9rem' }}>
              Owners' percentages add up to 100. A member's view shows their share of the figures.
            </p>
            <FormError>{errors.owners}</FormError>
          </>
        ) : null}
        {(current?.lists ?? []).map((key) => {
          const c = spec.children.find((x) => x.key === key);
          if (!c) return null;
          const addFund = (fund: InvestmentFund) =>
            setList(key)([
              ...(form.lists[key] ?? []),
              {
                id: '',
                ...formOf(c.fields, null, { currency }),
                fund_id: fund.id,
                name: fund.name,
                currency: fund.currency || currency,
                // the fund list's latest price (issue 31 item 8); its date is said by the picker
                ...(fund.price === null || fund.price === undefined ? {} : { price: String(fund.price) }),
                'asset_class.equity': String(fund.asset_class.equity),
                'asset_class.bond': String(fund.asset_class.bond),
                'asset_class.others': String(fund.asset_class.others),
              },
            ]);
          return (
            <div key={key}>
              {c.kind === 'portfolioFundDetail' ? <FundPicker onPick={addFund} /> : null}
              <RowsEditor
                title={c.title}
                noun={c.noun}
                defs={
                  c.kind === 'portfolioFundTransaction' ? withHoldings(c.fields, form.lists.holdings ?? []) : c.fields
                }
                rows={form.lists[key] ?? []}
                onChange={setList(key)}
                errors={subErrors(errors, key)}
                household={household}
                blank={() => ({ id: '', ...formOf(c.fields, null, { currency }) })}
              />
              <FormError>{errors[key]}</FormError>
            </div>
          );
        })}
        {notice ? <p role="status">{notice}</p> : null}
        <FormError>{error}</FormError>
        <GuardedFormActions
          guard={guard}
          busy={busy}
          submitLabel={step < spec.steps.length - 1 ? 'Next' : `Save ${spec.noun}`}
          popoverRight
          onBack={step > 0 ? () => setStep(step - 1) : null}
        />
      </form>
      <SaveConfirmationDialog open={saved} onHide={() => setSaved(false)} summaryRoute={listRoute} />
    </Card>
  );
}
