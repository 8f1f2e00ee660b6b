import { formatNumber } from '@kinfolio/money';
import {
  Button,
  errorMessage,
  FormDialog,
  FormError,
  formatDateTime,
  Skeleton,
  TableHead,
  TextInput,
  ToggleGroup,
  theme,
} from '@kinfolio/ui-kit';
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { Figure } from '../../shared/explain/context';
import { ExportMenu } from '../../shared/exports/ExportMenu';
import { cap, RELATION_LABELS } from '../../shared/format';
import { DEFAULT_RETIREMENT_AGE } from '../../shared/goals/model';
import {
  type BalanceSheetData,
  balanceSheetApi,
  householdApi,
  type LockedAsset,
  type NamedScenario,
  type ScenarioChanges,
  type ScenarioInputs,
  type ScenarioResult,
  type StoredRecord,
  type StoredScenarioRunBody,
  scenarioApi,
} from '../../shared/household/api';
import { useHousehold } from '../../shared/household/context';
import { monteCarloApi } from '../../shared/jobs/api';
import { JobProgress } from '../../shared/jobs/JobProgress';
import { useJob } from '../../shared/jobs/useJob';
import { useMeeting } from '../../shared/meeting/context';
import { TermNotes } from '../../shared/terms/report';
import { Card, Row } from '../../shared/ui/layout';
import { CompareScenarios } from './CompareScenarios';
import { type Band, FanChart } from './FanChart';
import { type InputsText, inputsOf, type LifeEvent, runBody, textOf } from './model';
import { NamedScenarios, RecommendedPlan } from './NamedScenarios';
import { Scroll, Sides } from './styles';

export const DEFAULT_TRIALS = 10_000;
/** A presenter's change is published this long after the last keystroke. */
export const WHAT_IF_DEBOUNCE_MS = 150;
const emptyText: InputsText = {
  retire: {},
  incomeChange: {},
  expenseChange: {},
  saleYear: {},
  trials: String(DEFAULT_TRIALS),
};
const EVENT_LABELS: Record<string, string> = {
  death: 'Death',
  disability: 'Disability',
  critical_illness: 'Critical illness',
};

const Form = styled.form`
  fieldset {
    border: 1px solid #e3eaea;
    border-radius: 8px;
    padding: 8px 12px 12px;
    margin: 0 0 12px;
    min-width: 0;
  }
  legend {
    font-weight: 600;
    padding: 0 4px;
  }
  label {
    display: inline-flex;
    flex-direction: column;
    gap: 4px;
    font-size: 0.9rem;
    margin: 4px 12px 4px 0;
  }
  input,
  select {
    min-height: 36px;
    padding: 4px 8px;
    border: 1px solid #cbd5e0;
    border-radius: 6px;
    font: inherit;
    max-width: 100%;
  }
  input[type='number'] {
    width: 8em;
  }
`;
const List = styled.ol`
  padding-left: 20px;
  margin: 4px 0;
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px;
    padding: 4px 0;
  }
  li > span:first-child {
    flex: 1 1 12em;
    min-width: 0;
    overflow-wrap: anywhere;
  }
`;
/**
 * A sell-order step's move button: a small square button with an arrow (named "Move <asset> up/down" for screen
 * readers; the arrow is a symbol, so the name need not repeat it), not a long link-like sentence per asset.
 */
const MoveButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 36px;
  height: 36px;
  padding: 0;
  border: 1px solid ${theme.colors.primaryDark};
  border-radius: ${theme.radius};
  background: #fff;
  color: ${theme.colors.primaryDark};
  font-size: 1.1rem;
  font-weight: 700;
  cursor: pointer;
  &:hover:not(:disabled) {
    background: ${theme.colors.primarySoft};
  }
  &:focus-visible {
    outline: 3px solid ${theme.colors.text};
    outline-offset: 2px;
  }
  &:disabled {
    opacity: 0.45;
    cursor: not-allowed;
  }
`;
const ToggleRow = styled.div`
  margin-bottom: 8px;
`;
const Banner = styled.p`
  margin: 0 0 12px;
  padding: 8px 12px;
  border-left: 4px solid #c05621;
  background: #fffaf0;
  font-weight: 600;
`;
const Big = styled.p`
  font-size: 1.4rem;
  font-weight: 700;
  margin: 0 0 8px;
`;

interface Asset {
  id: string;
  label: string;
}
interface Property extends Asset {
  /** The selling year the household recorded (none: kept). */
  year: number | null;
}

/** The household's properties (a selling year may be tried in the scenario). */
function propertiesOf(b: BalanceSheetData | null): Property[] {
  if (!b) return [];
  return b.debts
    .filter((r) => r.type === 'property')
    .map((r) => ({
      id: String(r.id),
      label: typeof r.name === 'string' && r.name.trim() ? r.name : 'Property',
      year: typeof r.future_selling_year === 'number' ? r.future_selling_year : null,
    }));
}
/** The assets in the stored order, then the others (an order names only the household's current assets). */
const arrange = (list: readonly Asset[], seq: readonly string[]) => {
  const known = new Set(list.map((a) => a.id));
  return [...seq.filter((x) => known.has(x)), ...list.map((a) => a.id).filter((x) => !seq.includes(x))];
};

/** The household's sellable assets from its stored balance sheet (savings, pensions, investments, properties). */
function assetsOf(b: BalanceSheetData | null): Asset[] {
  if (!b) return [];
  const s = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);
  const out: Asset[] = [];
  for (const r of b.saving_funds)
    out.push({ id: String(r.id), label: `Savings: ${s(r.name) ?? s(r.bank_name) ?? 'account'}` });
  for (const r of b.pensions) out.push({ id: String(r.id), label: `Pension: ${s(r.name) ?? s(r.type) ?? 'account'}` });
  for (const r of b.portfolio_funds)
    out.push({ id: String(r.id), label: `Investment: ${s(r.plan_name) ?? s(r.company_name) ?? 'fund'}` });
  for (const r of b.debts)
    if (r.type === 'property' || r.type === 'mortgage')
      out.push({ id: String(r.id), label: `Property: ${s(r.name) ?? s(r.bank_name) ?? 'property'}` });
  return out;
}

/** A fieldset of number inputs by record id (empty: as recorded). */
function NumberFields({
  legend,
  empty,
  disabled,
  min,
  max,
  items,
  values,
  onChange,
}: {
  legend: string;
  empty?: string;
  disabled: boolean;
  min: number;
  max: number;
  items: Array<{ id: string; label: string; placeholder: string; whole?: boolean }>;
  values: Record<string, string>;
  onChange: (id: string, value: string) => void;
}) {
  return (
    <fieldset disabled={disabled}>
      <legend>{legend}</legend>
      {items.length === 0 && empty ? <p>{empty}</p> : null}
      {items.map((f) => (
        <label key={f.id}>
          {f.label}
          <input
            type="number"
            min={min}
            max={max}
            inputMode={f.whole ? 'numeric' : undefined}
            placeholder={f.placeholder}
            value={values[f.id] ?? ''}
            onChange={(e) => onChange(f.id, e.target.value)}
          />
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The scenario modelling tab (spec §2 scenario-modelling, §7): the current plan against a scenario side by side.
 * The scenario's changes: retirement ages, income and expense changes (a what-if of this screen), life events (death,
 * disability, critical illness: stored as the household's life-uncertainty cash flow; the household's insurance
 * pays out in the engine), the order assets are sold in on a shortfall and the assets never sold (stored per
 * household). Monte Carlo gives the probability of success and a percentile fan chart (graph or table). The
 * advisor edits; the customer reads the stored inputs and the result (docs/decisions/scenarios.md).
 */
/** Below this age a member does not work, so has no retirement age to ask (decisions/plan-facts.md). */
export const WORKING_AGE = 16;
type AgedMember = { id: string; relation: string; age?: number | null; date_of_birth?: string | null };
const ageNow = (m: AgedMember): number | null => {
  if (m.age !== undefined && m.age !== null) return m.age;
  if (!m.date_of_birth) return null;
  const b = new Date(`${m.date_of_birth}T00:00:00Z`);
  const now = new Date();
  const before =
    now.getUTCMonth() < b.getUTCMonth() || (now.getUTCMonth() === b.getUTCMonth() && now.getUTCDate() < b.getUTCDate());
  return now.getUTCFullYear() - b.getUTCFullYear() - (before ? 1 : 0);
};
/**
 * The members a scenario asks for a retirement age: the household's adults who work (me and spouse, and another
 * member with an income recorded), never one below working age.
 */
export function workingMembers<M extends AgedMember>(
  members: readonly M[],
  incomes: ReadonlyArray<{ member_id: string }>,
): M[] {
  return members.filter((m) => {
    const age = ageNow(m);
    if (age !== null && age < WORKING_AGE) return false;
    return m.relation === 'me' || m.relation === 'spouse' || incomes.some((i) => i.member_id === m.id);
  });
}

export default function ScenarioPage() {
  const { household, readOnly, version } = useHousehold();
  const meeting = useMeeting();
  const hid = household?.id ?? null;
  const [incomes, setIncomes] = useState<StoredRecord<'income'>[]>([]);
  const [events, setEvents] = useState<StoredRecord<'lifeUncertainty'>[]>([]);
  const [assets, setAssets] = useState<Asset[]>([]);
  const [properties, setProperties] = useState<Property[]>([]);
  const [order, setOrder] = useState<string[]>([]);
  const [locks, setLocks] = useState<LockedAsset[]>([]);
  const [retire, setRetire] = useState<Record<string, string>>({});
  const [incomeChange, setIncomeChange] = useState<Record<string, string>>({});
  const [expenses, setExpenses] = useState<Array<{ id: string; label: string }>>([]);
  const [expenseChange, setExpenseChange] = useState<Record<string, string>>({});
  const [saleYear, setSaleYear] = useState<Record<string, string>>({});
  const [trials, setTrials] = useState(String(DEFAULT_TRIALS));
  const [result, setResult] = useState<ScenarioResult | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [view, setView] = useState<'graph' | 'table'>('graph');
  const [status, setStatus] = useState('');
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [newEvent, setNewEvent] = useState({ member_id: '', event: 'death', year: '' });
  const [named, setNamed] = useState<NamedScenario[]>([]);
  const [namedLoading, setNamedLoading] = useState(true);
  /** The named scenario on the page (null: the household's working scenario). */
  const [openId, setOpenId] = useState<string | null>(null);
  /** The locks of a named scenario or a what-if, kept on the page (null: the household's stored locks). */
  const [localLocks, setLocalLocks] = useState<string[] | null>(null);
  /** The presenter changed the inputs in the meeting and has not kept or discarded them. */
  const [whatIf, setWhatIf] = useState(false);
  /** Counts the presenter's edits: each one is published and run (debounced). */
  const [edits, setEdits] = useState(0);
  const [keeping, setKeeping] = useState<{ name: string; error: string | null; busy: boolean } | null>(null);
  const runSeq = useRef(0);
  /**
   * The Monte Carlo run of the scenario on screen, as a job (issue 37): its progress from the live socket, its result
   * (the probability and the fan chart) when done; a newer run cancels it, and so does leaving the page.
   */
  const mcJob = useJob<ScenarioResult>({
    poll: (j, signal) => monteCarloApi.get(j.household_id ?? hid ?? '', j.id, signal),
    result: (j, signal) => monteCarloApi.result(j.household_id ?? hid ?? '', j.id, signal),
  });
  const { start: startMc, clear: clearMc, cancel: cancelMc } = mcJob;
  /** The body of the last Monte Carlo job (what "Run again" starts again). */
  const lastMc = useRef<StoredScenarioRunBody | null>(null);
  const appliedSettings = useRef<{ hid: string; at: string | null } | null>(null);
  /** The household's working scenario as stored (what "Discard" and "Working scenario" return to). */
  const stored = useRef<{ text: InputsText; order: string[] } | null>(null);
  /** The inputs the page last put on screen (a named scenario, a what-if). */
  const shownInputs = useRef<ScenarioInputs | null>(null);

  // in a meeting the family follows the advisor's view; the screen in control presents (its changes are published)
  const following = meeting.active && !meeting.inControl;
  const presenting = meeting.active && meeting.inControl && !readOnly;
  // the page's inputs are its own (nothing stored on a change): a named scenario open, or any meeting
  const local = meeting.active || openId !== null;
  const inputsLocked = readOnly || following;
  /** The page may write the household's stored records and working scenario (never in a meeting). */
  const storedWrites = !readOnly && !meeting.active;
  const sharedScenario = meeting.view?.scenario ?? null;
  const scenarioKey = JSON.stringify(sharedScenario);

  const members = useMemo(() => (household?.members ?? []).filter((m) => m.relation !== 'joint'), [household]);
  // only members who work are asked for a retirement age (issue 31 (9): not a child)
  const retiring = useMemo(() => workingMembers(members, incomes), [members, incomes]);
  const memberName = useCallback(
    (mid: string) => {
      const m = household?.members.find((x) => x.id === mid);
      return m ? m.name || RELATION_LABELS[m.relation] || m.relation : 'Member';
    },
    [household],
  );
  const recordedEvents = useMemo<LifeEvent[]>(
    () =>
      events
        .filter((e) => typeof e.year === 'number')
        .map((e) => ({ member_id: e.member_id, type: e.event, year: e.year as number })),
    [events],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` changes when the household did: fetch again
  useEffect(() => {
    if (!hid) return;
    const ctrl = new AbortController();
    // a call that fails (or throws at once) leaves its part empty: the comparison still runs on the rest
    const quiet = <T,>(p: () => Promise<T>, fallback: T) =>
      Promise.resolve()
        .then(p)
        .catch(() => fallback);
    Promise.all([
      quiet(() => householdApi.listRecords('income', hid, {}, ctrl.signal).then((p) => p.rows), []),
      quiet(() => householdApi.listRecords('lifeUncertainty', hid, {}, ctrl.signal).then((p) => p.rows), []),
      quiet(() => balanceSheetApi.balanceSheet(hid, null, ctrl.signal), null),
      quiet(() => scenarioApi.sellSequence(hid, ctrl.signal).then((s) => s.asset_ids), [] as string[]),
      quiet(() => scenarioApi.lockedAssets(hid, ctrl.signal).then((p) => p.rows), []),
      quiet(() => householdApi.listRecords('expense', hid, {}, ctrl.signal).then((p) => p.rows), []),
      quiet(() => householdApi.listRecords('livingExpense', hid, {}, ctrl.signal).then((p) => p.rows), []),
      quiet(() => scenarioApi.settings(hid, ctrl.signal), null),
      Promise.resolve()
        .then(() => scenarioApi.namedScenarios(hid, ctrl.signal))
        .catch((e: unknown) => e),
    ]).then(([inc, ev, bs, seq, lk, ex, lx, st, ns]) => {
      if (ctrl.signal.aborted) return;
      const list = assetsOf(bs);
      const ordered = arrange(list, seq);
      const text = (o: Record<string, number>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, String(v)]));
      if (st)
        stored.current = {
          text: {
            retire: text(st.retirement_age),
            incomeChange: text(st.income_change_percent),
            expenseChange: text(st.expense_change_percent),
            saleYear: {},
            trials: st.trials === undefined ? String(DEFAULT_TRIALS) : String(st.trials),
          },
          order: ordered,
        };
      else stored.current = { text: emptyText, order: ordered };
      // the stored scenario (what the advisor saved, and what the customer sees), taken when it is new: a reload
      // for another change of the household (a lock, the sell order) keeps what the advisor is typing
      const seen = appliedSettings.current;
      if (st && (!seen || seen.hid !== hid || st.updated_at !== seen.at)) {
        appliedSettings.current = { hid, at: st.updated_at };
        setRetire(text(st.retirement_age));
        setIncomeChange(text(st.income_change_percent));
        setExpenseChange(text(st.expense_change_percent));
        if (st.trials !== undefined) setTrials(String(st.trials));
        setSavedAt(st.updated_at);
      }
      setExpenses([
        ...ex.map((e) => ({ id: e.id, label: cap(e.category) })),
        ...lx.map((e) => ({ id: e.id, label: e.title ? `Living: ${e.title}` : 'Living' })),
      ]);
      setIncomes(inc);
      setEvents(ev);
      setAssets(list);
      setProperties(propertiesOf(bs));
      setOrder(ordered);
      setLocks(lk);
      if (Array.isArray(ns)) setNamed(ns);
      else setError(`The named scenarios could not be loaded: ${errorMessage(ns)}`);
      setNamedLoading(false);
      setLoaded(true);
    });
    return () => ctrl.abort();
  }, [hid, version]);

  const changes = useCallback((): ScenarioChanges => {
    const retirement_age: Record<string, number> = {};
    for (const [mid, v] of Object.entries(retire))
      if (v.trim() && Number.isFinite(Number(v))) retirement_age[mid] = Number(v);
    const income_change_percent: Record<string, number> = {};
    for (const [iid, v] of Object.entries(incomeChange))
      if (v.trim() && Number.isFinite(Number(v))) income_change_percent[iid] = Number(v);
    const n = Number(trials);
    return {
      overrides: {
        ...(Object.keys(retirement_age).length ? { retirement_age } : {}),
        ...(Object.keys(income_change_percent).length ? { income_change_percent } : {}),
      },
      events: recordedEvents,
      monte_carlo: { enabled: true, trials: Number.isInteger(n) && n > 0 ? n : DEFAULT_TRIALS },
    };
  }, [retire, incomeChange, trials, recordedEvents]);

  const lockedIds = useMemo(() => localLocks ?? locks.map((l) => l.asset_id), [localLocks, locks]);
  /** The page's inputs now (what a named scenario stores and a what-if carries). */
  const currentInputs = useCallback(
    (): ScenarioInputs =>
      inputsOf({ retire, incomeChange, expenseChange, saleYear, trials }, order, lockedIds, recordedEvents),
    [retire, incomeChange, expenseChange, saleYear, trials, order, lockedIds, recordedEvents],
  );

  /**
   * Runs a scenario: its figures and charts from the scenario call without Monte Carlo, and at the same time its
   * Monte Carlo run as a job (the probability and the fan chart when it is done, a progress bar meanwhile). A newer
   * run drops the replies of an older one and cancels its job (the view moved on).
   */
  const runSteps = useCallback(
    async (body: StoredScenarioRunBody, mcBody: StoredScenarioRunBody) => {
      const seq = ++runSeq.current;
      setRunning(true);
      setError(null);
      setStatus('Running the scenario…');
      lastMc.current = mcBody;
      const figures = scenarioApi.run(body);
      void startMc(() => monteCarloApi.start(mcBody));
      try {
        const r = await figures;
        if (seq !== runSeq.current) return;
        setResult(r);
        setStatus('Scenario ready; computing the probability of success…');
      } catch (e) {
        if (seq !== runSeq.current) return;
        clearMc();
        setError(errorMessage(e));
        setStatus('');
      } finally {
        if (seq === runSeq.current) setRunning(false);
      }
    },
    [startMc, clearMc],
  );
  const runMcAgain = () => {
    const body = lastMc.current;
    if (body) void startMc(() => monteCarloApi.start(body));
  };
  useEffect(() => {
    if (mcJob.result) setStatus('Probability of success ready');
    else if (mcJob.job?.status === 'cancelled') setStatus('Monte Carlo cancelled');
  }, [mcJob.result, mcJob.job?.status]);

  /** The household's working scenario as the page runs it outside a meeting (the stored order and locks apply). */
  const run = useCallback(async () => {
    if (!hid) return;
    const pct: Record<string, number> = {};
    for (const [eid, v] of Object.entries(expenseChange))
      if (v.trim() && Number.isFinite(Number(v))) pct[eid] = Number(v);
    const sale = inputsOf({ retire, incomeChange, expenseChange, saleYear, trials }, [], []).property_sale_year;
    const { monte_carlo, ...deterministic } = changes();
    const body = {
      household_id: hid,
      scenario: deterministic,
      ...(Object.keys(pct).length ? { expense_change_percent: pct } : {}),
      ...(Object.keys(sale).length ? { property_sale_year: sale } : {}),
    };
    await runSteps(body, { ...body, scenario: { ...deterministic, monte_carlo } });
  }, [hid, changes, expenseChange, retire, incomeChange, saleYear, trials, runSteps]);

  /** Runs `inputs` without storing anything (a named scenario, a meeting's what-if), deterministic first. */
  const runInputs = useCallback(
    async (inputs: ScenarioInputs) => {
      if (!hid) return;
      await runSteps(runBody(hid, inputs, recordedEvents), runBody(hid, inputs, recordedEvents, true));
    },
    [hid, recordedEvents, runSteps],
  );

  /** Puts `inputs` on the page (a named scenario opened, a what-if followed, a discard). */
  const show = useCallback(
    (inputs: ScenarioInputs) => {
      shownInputs.current = inputs;
      const t = textOf(inputs, String(DEFAULT_TRIALS));
      setRetire(t.retire);
      setIncomeChange(t.incomeChange);
      setExpenseChange(t.expenseChange);
      setSaleYear(t.saleYear);
      setTrials(t.trials);
      setOrder(arrange(assets, inputs.sell_sequence ?? stored.current?.order ?? []));
      setLocalLocks(inputs.locked_assets ?? locks.map((l) => l.asset_id));
    },
    [assets, locks],
  );
  /** The household's working scenario as stored, as inputs. */
  const storedInputs = useCallback(
    (): ScenarioInputs =>
      inputsOf(
        stored.current?.text ?? emptyText,
        stored.current?.order ?? order,
        locks.map((l) => l.asset_id),
        recordedEvents,
      ),
    [order, locks, recordedEvents],
  );
  /** The inputs a meeting's scenario names: its what-if, else the named scenario's, else the working scenario. */
  const inputsOfShared = useCallback(
    (sc: typeof sharedScenario) => {
      const base = sc?.named_scenario_id ? named.find((n) => n.id === sc.named_scenario_id) : undefined;
      // a named scenario this screen may not see (a what-if just kept, not shared): the figures stay those on screen
      if (sc?.named_scenario_id && !base && !sc.what_if) return shownInputs.current ?? storedInputs();
      return sc?.what_if ?? base?.inputs ?? storedInputs();
    },
    [named, storedInputs],
  );

  // outside a meeting, the working scenario runs once the stored inputs are in (and again after they change)
  // biome-ignore lint/correctness/useExhaustiveDependencies: run on load and when the stored inputs changed
  useEffect(() => {
    if (!loaded || meeting.active || openId !== null) return;
    void run();
  }, [loaded, events, locks]);

  // in a meeting: the family's screens follow the view's scenario on every change; the presenting screen takes it
  // once (it joined or reloaded mid-meeting and lands on the same what-if), then publishes its own changes
  const tookView = useRef(false);
  const askedFor = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `scenarioKey` is the view's scenario
  useEffect(() => {
    if (!loaded || !meeting.active) {
      if (tookView.current) {
        // the meeting ended: back to the household's working scenario as stored, the stored locks applying
        tookView.current = false;
        const inputs = storedInputs();
        show(inputs);
        setLocalLocks(null);
        setOpenId(null);
        setWhatIf(false);
        void runInputs(inputs);
      }
      return;
    }
    if (presenting && tookView.current) return;
    tookView.current = true;
    const sc = sharedScenario;
    const id = sc?.named_scenario_id ?? null;
    // a scenario not in the list may be new (kept in the meeting, shared since): the list is read again, once
    if (hid && id && !named.some((n) => n.id === id) && askedFor.current !== id) {
      askedFor.current = id;
      scenarioApi
        .namedScenarios(hid)
        .then(setNamed)
        .catch(() => undefined);
    }
    const inputs = inputsOfShared(sc);
    const same = JSON.stringify(inputs) === JSON.stringify(shownInputs.current);
    show(inputs);
    setOpenId(id);
    setWhatIf(presenting && Boolean(sc?.what_if));
    // the same inputs already on screen (a kept what-if, the list read again) are not run again
    if (!same || !result) void runInputs(inputs);
  }, [loaded, meeting.active, presenting, scenarioKey, named]);

  const publishScenario = useCallback(
    (named_scenario_id: string | null, what_if: ScenarioInputs | null) =>
      meeting.publish({
        scenario: { named_scenario_id, what_if, compare_with: sharedScenario?.compare_with ?? null },
      }),
    [meeting, sharedScenario],
  );
  // the presenter's change: published as the meeting's what-if and run, nothing stored (debounced)
  // biome-ignore lint/correctness/useExhaustiveDependencies: each edit is published once, with the inputs it made
  useEffect(() => {
    if (!presenting || edits === 0) return;
    const t = setTimeout(() => {
      const inputs = currentInputs();
      publishScenario(openId, inputs);
      void runInputs(inputs);
    }, WHAT_IF_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [edits]);
  /** A field of the what-if form changed (then `edited`). */
  const change = (set: typeof setRetire, id: string, v: string) => {
    set((r) => ({ ...r, [id]: v }));
    edited();
  };
  /** An input changed: in a meeting it is a what-if (published); outside, nothing happens until Run. */
  const edited = () => {
    if (!presenting) return;
    setWhatIf(true);
    setEdits((n) => n + 1);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (local) void runInputs(currentInputs());
    else void run();
  };
  /** Opens a named scenario: its inputs on the page, run (in a meeting, on everyone's screen). */
  const openNamed = (s: NamedScenario) => {
    setOpenId(s.id);
    setWhatIf(false);
    show(s.inputs);
    if (presenting) publishScenario(s.id, null);
    void runInputs(s.inputs);
    setStatus(`${s.name} opened`);
  };
  /** Back to the household's working scenario (the inputs stored for it). */
  const openWorking = () => {
    const inputs = storedInputs();
    setOpenId(null);
    setWhatIf(false);
    show(inputs);
    if (presenting) publishScenario(null, null);
    if (meeting.active) void runInputs(inputs);
    else {
      setLocalLocks(null);
      void runInputs(inputs);
    }
    setStatus('Working scenario opened');
  };
  /** Discards the meeting's what-if: every screen returns to the scenario as stored. */
  const discard = () => {
    const base = openId ? named.find((n) => n.id === openId)?.inputs : undefined;
    const inputs = base ?? storedInputs();
    setWhatIf(false);
    show(inputs);
    publishScenario(openId, null);
    void runInputs(inputs);
    setStatus('What-if discarded');
  };
  /** Keeps the meeting's what-if as a new named scenario, then shows that scenario on every screen. */
  const keep = async (e: FormEvent) => {
    e.preventDefault();
    if (!hid || !keeping) return;
    const n = keeping.name.trim();
    if (!n) {
      setKeeping({ ...keeping, error: 'Enter a name' });
      return;
    }
    setKeeping({ ...keeping, error: null, busy: true });
    try {
      const s = await scenarioApi.createNamedScenario(hid, { name: n, inputs: currentInputs() });
      setNamed((l) => [...l, s]);
      setOpenId(s.id);
      setWhatIf(false);
      publishScenario(s.id, null);
      setKeeping(null);
      setStatus(`What-if kept as ${s.name}`);
    } catch (err) {
      setKeeping({ name: keeping.name, error: errorMessage(err), busy: false });
    }
  };
  /** Stores the page's inputs into the named scenario on the page. */
  const saveNamed = async () => {
    if (!hid || !openId) return;
    setSaving(true);
    setError(null);
    try {
      const s = await scenarioApi.updateNamedScenario(hid, openId, { inputs: currentInputs() });
      setNamed((l) => l.map((x) => (x.id === s.id ? s : x)));
      setStatus(`${s.name} saved`);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };
  /** Stores the scenario's changes for the household (the customer then sees this scenario), then runs it. */
  const saveScenario = async () => {
    if (!hid) return;
    const c = changes();
    const pct: Record<string, number> = {};
    for (const [eid, v] of Object.entries(expenseChange))
      if (v.trim() && Number.isFinite(Number(v))) pct[eid] = Number(v);
    setSaving(true);
    setError(null);
    try {
      const st = await scenarioApi.saveSettings(hid, {
        retirement_age: c.overrides?.retirement_age ?? {},
        income_change_percent: c.overrides?.income_change_percent ?? {},
        expense_change_percent: pct,
        trials: c.monte_carlo?.trials,
      });
      appliedSettings.current = { hid, at: st.updated_at };
      setSavedAt(st.updated_at);
      setStatus('Scenario saved');
      void run();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };
  const addEvent = async () => {
    if (!hid || !household) return;
    const year = Number(newEvent.year);
    if (!newEvent.member_id || !Number.isInteger(year)) {
      setError('Choose a member and a year for the event');
      return;
    }
    try {
      const rec = await householdApi.createRecord('lifeUncertainty', hid, {
        member_id: newEvent.member_id,
        event: newEvent.event as 'death',
        year,
        currency: household.currency,
      });
      setEvents((x) => [...x, rec]);
      setNewEvent({ member_id: '', event: 'death', year: '' });
      setStatus('Event added');
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  const removeEvent = async (recId: string) => {
    try {
      await householdApi.deleteRecord('lifeUncertainty', recId);
      setEvents((x) => x.filter((y) => y.id !== recId));
      setStatus('Event removed');
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  const move = (i: number, by: number) => {
    setOrder((o) => {
      const j = i + by;
      if (j < 0 || j >= o.length) return o;
      const n = [...o];
      [n[i], n[j]] = [n[j] as string, n[i] as string];
      return n;
    });
    edited();
  };
  const saveOrder = async () => {
    if (!hid) return;
    try {
      await scenarioApi.saveSellSequence(hid, order);
      setStatus('Sell order saved');
      void run();
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  const setLocked = async (a: Asset, on: boolean) => {
    if (!hid) return;
    if (local) {
      // a named scenario's or a what-if's locks: the page's own, never the household's stored ones
      setLocalLocks((x) => {
        const cur = x ?? lockedIds;
        return on ? [...cur.filter((y) => y !== a.id), a.id] : cur.filter((y) => y !== a.id);
      });
      setStatus(on ? `${a.label} locked in this scenario` : `${a.label} unlocked in this scenario`);
      edited();
      return;
    }
    try {
      if (on) {
        const l = await scenarioApi.lockAsset(hid, a.id, a.label.slice(0, 120));
        setLocks((x) => [...x, l]);
      } else {
        const l = locks.find((x) => x.asset_id === a.id);
        if (l) await scenarioApi.unlockAsset(l.id);
        setLocks((x) => x.filter((y) => y.asset_id !== a.id));
      }
      setStatus(on ? `${a.label} locked` : `${a.label} unlocked`);
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  if (!household || !loaded) return <Skeleton rows={8} label="Loading scenario modelling" />;
  const label = (assetId: string) => assets.find((a) => a.id === assetId)?.label ?? assetId;
  const lockedSet = new Set(lockedIds);
  const openNamedScenario = openId ? (named.find((n) => n.id === openId) ?? null) : null;
  const recommended = named.find((n) => n.recommended) ?? null;
  const showWhatIf = (following && Boolean(sharedScenario?.what_if)) || (presenting && whatIf);
  const mc = mcJob.result?.monte_carlo ?? null;
  const mcBlock = mcJob.active ? (
    <JobProgress label="Monte Carlo progress" job={mcJob.job} onCancel={() => void cancelMc()} testId="mc-progress" />
  ) : mcJob.job?.status === 'cancelled' ? (
    <Row data-testid="mc-cancelled">
      <p>Monte Carlo cancelled.</p>
      <Button type="button" variant="secondary" onClick={runMcAgain}>
        Run again
      </Button>
    </Row>
  ) : mcJob.error ? (
    <FormError>{`The probability of success could not be computed: ${mcJob.error}`}</FormError>
  ) : null;
  const endYear = result?.base.years[result.base.years.length - 1]?.year;
  const years = result ? result.base.years.map((b, i) => ({ b, s: result.scenario.years[i] })) : [];
  const sum = (k: 'insurance_payouts' | 'asset_sales', p: ScenarioResult['base']) =>
    p.years.reduce((t, y) => t + y[k], 0);
  const plan = (title: string, p: ScenarioResult['base']) => (
    <section aria-label={title}>
      <h3>{title}</h3>
      <dl>
        <dt>Money lasts</dt>
        <dd>{p.money_runs_out_year === null ? `Beyond ${endYear}` : `Runs out in ${p.money_runs_out_year}`}</dd>
        <dt>Net worth in {endYear}</dt>
        <dd>{formatNumber(p.final_net_worth)}</dd>
        <dt>Insurance payouts</dt>
        <dd>{formatNumber(sum('insurance_payouts', p))}</dd>
        <dt>Assets sold</dt>
        <dd>{formatNumber(sum('asset_sales', p))}</dd>
      </dl>
    </section>
  );

  return (
    <>
      {readOnly && recommended && hid && !meeting.active ? (
        <RecommendedPlan householdId={hid} scenario={recommended} events={recordedEvents} />
      ) : null}
      {hid ? (
        <NamedScenarios
          householdId={hid}
          readOnly={readOnly || following}
          list={named}
          loading={namedLoading}
          openId={openId}
          onOpen={openNamed}
          canOpen={!following}
          canSave={!meeting.active}
          onChange={setNamed}
          currentInputs={currentInputs}
        />
      ) : null}
      {hid && named.length + (readOnly ? 0 : 1) >= 2 && !following ? (
        <Card aria-label="Compare scenarios">
          <CompareScenarios householdId={hid} scenarios={named} withWorking={!readOnly} />
        </Card>
      ) : null}
      <Card aria-labelledby="scenario-title">
        <h2 id="scenario-title">Scenario Modelling</h2>
        {readOnly && !meeting.active ? (
          <p>Your advisor sets up this scenario; you can see its inputs and results here.</p>
        ) : null}
        {showWhatIf ? (
          <Banner role="status" data-testid="what-if">
            What if — not saved
          </Banner>
        ) : null}
        <p data-testid="on-screen">
          {openNamedScenario
            ? `On screen: ${openNamedScenario.name}`
            : openId
              ? "On screen: a scenario of your advisor's, not shared with you"
              : 'On screen: the working scenario'}
          {openId && !following && !(meeting.active && readOnly) ? (
            <>
              {' '}
              <Button type="button" variant="link" onClick={openWorking}>
                Back to the working scenario
              </Button>
            </>
          ) : null}
        </p>
        <Form onSubmit={submit} aria-label="Scenario">
          <NumberFields
            legend="Retirement"
            empty="No member of working age."
            disabled={inputsLocked}
            min={18}
            max={100}
            values={retire}
            onChange={(id, v) => change(setRetire, id, v)}
            items={retiring.map((m) => ({
              id: m.id,
              label: `Retirement age of ${memberName(m.id)}`,
              placeholder: `As planned: ${m.retirement_age ?? DEFAULT_RETIREMENT_AGE}`,
              whole: true,
            }))}
          />
          <NumberFields
            legend="Income changes"
            empty="No incomes recorded."
            disabled={inputsLocked}
            min={-100}
            max={1000}
            values={incomeChange}
            onChange={(id, v) => change(setIncomeChange, id, v)}
            items={incomes.map((i) => ({
              id: i.id,
              label: `${cap(i.kind)} of ${memberName(i.member_id)}, change in %`,
              placeholder: '0',
            }))}
          />
          <NumberFields
            legend="Expense changes"
            empty="No expenses recorded."
            disabled={inputsLocked}
            min={-100}
            max={1000}
            values={expenseChange}
            onChange={(id, v) => change(setExpenseChange, id, v)}
            items={expenses.map((x) => ({ id: x.id, label: `${x.label} expense, change in %`, placeholder: '0' }))}
          />
          {properties.length > 0 ? (
            <NumberFields
              legend="Property sales"
              disabled={inputsLocked}
              min={1900}
              max={2200}
              values={saleYear}
              onChange={(id, v) => change(setSaleYear, id, v)}
              items={properties.map((p) => ({
                id: p.id,
                label: `Sell ${p.label} in year`,
                placeholder: p.year === null ? 'As recorded: kept' : `As recorded: ${p.year}`,
                whole: true,
              }))}
            />
          ) : null}
          <fieldset>
            <legend>Life events (the household's insurance pays out)</legend>
            {events.length === 0 ? <p>No life events.</p> : null}
            <List>
              {events.map((e) => (
                <li key={e.id}>
                  <span>
                    {EVENT_LABELS[e.event] ?? e.event} of {memberName(e.member_id)}
                    {typeof e.year === 'number' ? ` in ${e.year}` : ' (no year: not modelled)'}
                  </span>
                  {storedWrites ? (
                    <Button type="button" variant="link" onClick={() => removeEvent(e.id)}>
                      Remove event
                    </Button>
                  ) : null}
                </li>
              ))}
            </List>
            {storedWrites ? (
              <div>
                <label>
                  Member
                  <select
                    aria-label="Member"
                    value={newEvent.member_id}
                    onChange={(e) => setNewEvent((x) => ({ ...x, member_id: e.target.value }))}
                  >
                    <option value="">Choose a member</option>
                    {members.map((m) => (
                      <option key={m.id} value={m.id}>
                        {memberName(m.id)}
                      </option>
                    ))}
                  </select>
                </label>
                <label>
                  Event
                  <select
                    aria-label="Event"
                    value={newEvent.event}
                    onChange={(e) => setNewEvent((x) => ({ ...x, event: e.target.value }))}
                  >
                    {Object.entries(EVENT_LABELS).map(([v, l]) => (
                      <option key={v} value={v}>
                        {l}
                      </option>
                    ))}
                  </select>
                </label>
                <label>
                  Event year
                  <input
                    type="number"
                    min={1900}
                    max={2200}
                    value={newEvent.year}
                    onChange={(e) => setNewEvent((x) => ({ ...x, year: e.target.value }))}
                  />
                </label>
                <Button type="button" variant="secondary" onClick={addEvent}>
                  Add event
                </Button>
              </div>
            ) : null}
          </fieldset>
          <fieldset>
            <legend>Selling assets on a shortfall (in this order)</legend>
            {order.length === 0 ? <p>No assets recorded yet.</p> : null}
            <List aria-label="Sell order">
              {order.map((assetId, i) => {
                const a = { id: assetId, label: label(assetId) };
                const locked = lockedSet.has(assetId);
                return (
                  <li key={assetId}>
                    <span>
                      {a.label}
                      {locked ? ' (locked: never sold)' : ''}
                    </span>
                    {!inputsLocked ? (
                      <>
                        <MoveButton
                          type="button"
                          aria-label={`Move ${a.label} up`}
                          title="Move up"
                          onClick={() => move(i, -1)}
                          disabled={i === 0}
                        >
                          ↑
                        </MoveButton>
                        <MoveButton
                          type="button"
                          aria-label={`Move ${a.label} down`}
                          title="Move down"
                          onClick={() => move(i, 1)}
                          disabled={i === order.length - 1}
                        >
                          ↓
                        </MoveButton>
                        <label style={{ flexDirection: 'row', alignItems: 'center' }}>
                          <input type="checkbox" checked={locked} onChange={(e) => setLocked(a, e.target.checked)} />
                          Lock {a.label}
                        </label>
                      </>
                    ) : null}
                  </li>
                );
              })}
            </List>
            {storedWrites && !local && order.length > 0 ? (
              <Button type="button" variant="secondary" onClick={saveOrder}>
                Save sell order
              </Button>
            ) : null}
          </fieldset>
          <fieldset disabled={inputsLocked}>
            <legend>Monte Carlo</legend>
            <label>
              Trials
              <input
                type="number"
                min={100}
                max={20000}
                value={trials}
                onChange={(e) => {
                  setTrials(e.target.value);
                  edited();
                }}
              />
            </label>
          </fieldset>
          {presenting ? (
            <Row>
              <Button
                type="button"
                disabled={!whatIf}
                onClick={() => setKeeping({ name: '', error: null, busy: false })}
              >
                Keep
              </Button>
              <Button type="button" variant="secondary" disabled={!whatIf} onClick={discard}>
                Discard
              </Button>
            </Row>
          ) : storedWrites ? (
            <Row>
              {openNamedScenario ? (
                <Button type="button" variant="secondary" onClick={saveNamed} loading={saving}>
                  Save changes to {openNamedScenario.name}
                </Button>
              ) : (
                <Button type="button" variant="secondary" onClick={saveScenario} loading={saving}>
                  Save scenario
                </Button>
              )}
              <Button type="submit" disabled={running}>
                {running ? 'Running…' : 'Run scenario'}
              </Button>
            </Row>
          ) : null}
          {presenting ? (
            <p>In the meeting: your changes show on the family's screens and are not saved until you keep them.</p>
          ) : openId ? null : (
            <p>
              {savedAt
                ? `Scenario saved ${formatDateTime(savedAt)}.`
                : readOnly
                  ? 'No scenario saved yet: this is the current plan.'
                  : 'Not saved: your customer sees the scenario once you save it.'}
            </p>
          )}
        </Form>
        {keeping ? (
          <FormDialog
            title="Keep this what-if"
            onClose={() => setKeeping(null)}
            onSubmit={keep}
            busy={keeping.busy}
            saveLabel="Keep"
          >
            <TextInput
              label="Name of the scenario"
              value={keeping.name}
              maxLength={80}
              error={keeping.error}
              onChange={(v) => setKeeping((k) => (k ? { ...k, name: v } : k))}
              placeholder="Retire at 60"
            />
          </FormDialog>
        ) : null}
        <FormError>{error}</FormError>
        <p className="kf-visually-hidden" role="status" aria-live="polite">
          {status}
        </p>
      </Card>
      {result ? (
        <Card aria-labelledby="scenario-result-title" aria-busy={running}>
          <h2 id="scenario-result-title">Current plan and scenario (in {result.currency})</h2>
          <ExportMenu
            report="scenario"
            scenario={{
              scenario: changes(),
              ...(Object.values(expenseChange).some((v) => v.trim())
                ? {
                    expense_change_percent: Object.fromEntries(
                      Object.entries(expenseChange)
                        .filter(([, v]) => v.trim() && Number.isFinite(Number(v)))
                        .map(([k, v]) => [k, Number(v)]),
                    ),
                  }
                : {}),
            }}
          />
          <Sides>
            {plan('Current plan', result.base)}
            {plan('Scenario', result.scenario)}
          </Sides>
          {mcBlock}
          {mc ? (
            <>
              <h3>Probability of success</h3>
              <Big data-testid="probability">
                {mc.probability_explanation ? (
                  <Figure
                    id={mc.probability_explanation.root}
                    label="Probability of success"
                    currency={result.currency}
                    tree={mc.probability_explanation}
                    asPercent
                  >
                    {Math.round(mc.probability_never_runs_out * 1000) / 10}%
                  </Figure>
                ) : (
                  `${Math.round(mc.probability_never_runs_out * 1000) / 10}%`
                )}
              </Big>
              <p>
                of {formatNumber(mc.trials)} trials never run out of money (no year with a shortfall). The trials replay
                the scenario's plan, each fund at its own expected return with its asset class's volatility. Net worth
                by percentile over the trials:
              </p>
              <ToggleRow>
                <ToggleGroup
                  label="Show the percentiles as"
                  hideLabel
                  value={view}
                  options={[
                    { value: 'graph', label: 'Graph' },
                    { value: 'table', label: 'Table' },
                  ]}
                  onChange={setView}
                />
              </ToggleRow>
              {view === 'graph' ? (
                <FanChart bands={mc.bands as Band[]} currency={result.currency} />
              ) : (
                <Scroll tabIndex={0} role="region" aria-label="Percentiles by year">
                  <table>
                    <caption className="kf-visually-hidden">Net worth percentiles by year in {result.currency}</caption>
                    <thead>
                      <tr>
                        <th scope="col">Year</th>
                        {['p10', 'p25', 'p50', 'p75', 'p90'].map((p) => (
                          <th key={p} scope="col">
                            {p.slice(1)}th percentile
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {mc.bands.map((b) => (
                        <tr key={b.year}>
                          <th scope="row">{b.year}</th>
                          {['p10', 'p25', 'p50', 'p75', 'p90'].map((p) => (
                            <td key={p}>{formatNumber(b.percentiles[p] ?? 0)}</td>
                          ))}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </Scroll>
              )}
            </>
          ) : null}
          <h3>Year by year</h3>
          <Scroll tabIndex={0} role="region" aria-label="Current plan and scenario by year">
            <table>
              <caption className="kf-visually-hidden">Current plan and scenario by year in {result.currency}</caption>
              <TableHead
                columns={[
                  'Year',
                  'Current plan net worth',
                  'Scenario net worth',
                  'Scenario insurance payouts',
                  'Scenario assets sold',
                  'Scenario shortfall',
                ]}
              />
              <tbody>
                {years.map(({ b, s }) => (
                  <tr key={b.year}>
                    <th scope="row">{b.year}</th>
                    <td>{formatNumber(b.net_worth)}</td>
                    <td>{formatNumber(s?.net_worth ?? 0)}</td>
                    <td>{formatNumber(s?.insurance_payouts ?? 0)}</td>
                    <td>{formatNumber(s?.asset_sales ?? 0)}</td>
                    <td>{formatNumber(s?.shortfall ?? 0)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Scroll>
          <TermNotes terms={['plan', 'shortfall', 'runsOut']} />
        </Card>
      ) : running ? (
        <>
          {mcBlock}
          <Skeleton rows={6} label="Running the scenario" />
        </>
      ) : null}
    </>
  );
}
