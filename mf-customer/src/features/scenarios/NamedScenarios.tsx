import {
  Button,
  ConfirmDialog,
  errorMessage,
  FormError,
  formatDateTime,
  Skeleton,
  Tag,
  TextInput,
} from '@kinfolio/ui-kit';
import { type FormEvent, useEffect, useState } from 'react';
import styled from 'styled-components';
import { type NamedScenario, type ScenarioInputs, type ScenarioResult, scenarioApi } from '../../shared/household/api';
import { monteCarloApi } from '../../shared/jobs/api';
import { JobProgress } from '../../shared/jobs/JobProgress';
import { useJob } from '../../shared/jobs/useJob';
import { Card, Row } from '../../shared/ui/layout';
import { KeyFigures, ScenarioChart } from './CompareScenarios';
import { type LifeEvent, runBody } from './model';
import { Sides } from './styles';

const Items = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0 0 12px;
  > li {
    border-bottom: 1px solid #e3eaea;
    padding: 8px 0;
    min-width: 0;
  }
  .head {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 6px 8px;
  }
  .name {
    font-weight: 600;
    overflow-wrap: anywhere;
    min-width: 0;
  }
  .when {
    font-size: 0.85rem;
    color: #4a5568;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 8px;
    margin-top: 4px;
  }
`;

/** The customer's order: the recommended plan first, then the others by name. */
export const recommendedFirst = (list: readonly NamedScenario[]) =>
  [...list].sort((x, y) => Number(y.recommended) - Number(x.recommended) || x.name.localeCompare(y.name));

/**
 * The household's named scenarios on the Scenario page: each with its badges (recommended, shared) and when it was
 * last changed. The advisor saves the page's inputs under a name, opens one into the page, renames it, marks it
 * recommended, shares it or stops sharing, and deletes it; the customer (readOnly) only opens them.
 */
export function NamedScenarios({
  householdId,
  readOnly,
  list,
  loading,
  openId,
  onOpen,
  onChange,
  currentInputs,
  canSave = true,
  canOpen = true,
}: {
  householdId: string;
  readOnly: boolean;
  list: readonly NamedScenario[];
  loading: boolean;
  openId: string | null;
  onOpen: (s: NamedScenario) => void;
  /** The list after a write (the page keeps it). */
  onChange: (list: NamedScenario[]) => void;
  /** The page's inputs now (what "Save as named scenario" stores). */
  currentInputs: () => ScenarioInputs;
  canSave?: boolean;
  /** Whether a scenario may be opened here (not while following a meeting: the advisor chooses). */
  canOpen?: boolean;
}) {
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const [deleting, setDeleting] = useState<NamedScenario | null>(null);
  const [status, setStatus] = useState('');

  const replace = (s: NamedScenario) =>
    onChange(list.map((x) => (x.id === s.id ? s : s.recommended && x.recommended ? { ...x, recommended: false } : x)));
  const act = async (key: string, f: () => Promise<void>) => {
    setBusy(key);
    setError(null);
    try {
      await f();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(null);
    }
  };
  const saveAs = (e: FormEvent) => {
    e.preventDefault();
    const n = name.trim();
    if (!n) {
      setNameError('Enter a name');
      return;
    }
    setNameError(null);
    void act('create', async () => {
      const s = await scenarioApi.createNamedScenario(householdId, { name: n, inputs: currentInputs() });
      onChange([...list, s]);
      setName('');
      setStatus(`Saved as ${s.name}`);
    });
  };
  const patch = (s: NamedScenario, p: Parameters<typeof scenarioApi.updateNamedScenario>[2], done: string) =>
    act(s.id, async () => {
      replace(await scenarioApi.updateNamedScenario(householdId, s.id, p));
      setStatus(done);
    });
  const rename = (e: FormEvent) => {
    e.preventDefault();
    if (!renaming) return;
    const n = renaming.name.trim();
    const s = list.find((x) => x.id === renaming.id);
    if (!s) return;
    if (!n) {
      setError('Enter a name');
      return;
    }
    void patch(s, { name: n }, `Renamed to ${n}`).then(() => setRenaming(null));
  };
  const remove = () => {
    const s = deleting;
    if (!s) return;
    void act(s.id, async () => {
      await scenarioApi.deleteNamedScenario(householdId, s.id);
      onChange(list.filter((x) => x.id !== s.id));
      setStatus(`${s.name} deleted`);
    }).then(() => setDeleting(null));
  };

  const shown = readOnly ? recommendedFirst(list) : list;
  return (
    <Card aria-labelledby="named-title">
      <h2 id="named-title">Named scenarios</h2>
      {loading ? (
        <Skeleton rows={3} label="Loading the named scenarios" />
      ) : shown.length === 0 ? (
        <p>
          {readOnly
            ? 'Your advisor has not shared a scenario with you yet.'
            : 'No named scenarios yet: save the scenario below under a name to keep it beside the others.'}
        </p>
      ) : (
        <Items aria-label="Named scenarios">
          {shown.map((s) => (
            <li key={s.id} aria-current={s.id === openId ? 'true' : undefined}>
              <div className="head">
                {renaming?.id === s.id ? (
                  <form onSubmit={rename} aria-label={`Rename ${s.name}`}>
                    <Row>
                      <TextInput
                        label={`New name of ${s.name}`}
                        value={renaming.name}
                        maxLength={80}
                        onChange={(v) => setRenaming({ id: s.id, name: v })}
                      />
                      <Button type="submit" variant="secondary" loading={busy === s.id}>
                        Save name
                      </Button>
                      <Button type="button" variant="link" onClick={() => setRenaming(null)}>
                        Cancel
                      </Button>
                    </Row>
                  </form>
                ) : (
                  <span className="name">{s.name}</span>
                )}
                {s.recommended ? <Tag tone="green">Recommended</Tag> : null}
                {s.shared && !readOnly ? <Tag>Shared with customer</Tag> : null}
                {s.id === openId ? <Tag>On screen</Tag> : null}
                <span className="when">Updated {formatDateTime(s.updated_at)}</span>
              </div>
              <div className="actions">
                {canOpen ? (
                  <Button type="button" variant="secondary" onClick={() => onOpen(s)} aria-label={`Open ${s.name}`}>
                    Open
                  </Button>
                ) : null}
                {!readOnly ? (
                  <>
                    <Button
                      type="button"
                      variant="link"
                      onClick={() => setRenaming({ id: s.id, name: s.name })}
                      aria-label={`Rename ${s.name}`}
                    >
                      Rename
                    </Button>
                    {!s.recommended ? (
                      <Button
                        type="button"
                        variant="link"
                        disabled={busy === s.id}
                        onClick={() => patch(s, { recommended: true }, `${s.name} is the recommended plan`)}
                        aria-label={`Mark ${s.name} as recommended`}
                      >
                        Mark as recommended
                      </Button>
                    ) : null}
                    <Button
                      type="button"
                      variant="link"
                      disabled={busy === s.id}
                      onClick={() =>
                        patch(
                          s,
                          { shared: !s.shared },
                          s.shared ? `${s.name} no longer shared` : `${s.name} shared with the customer`,
                        )
                      }
                      aria-label={s.shared ? `Stop sharing ${s.name}` : `Share ${s.name} with customer`}
                    >
                      {s.shared ? 'Stop sharing' : 'Share with customer'}
                    </Button>
                    <Button type="button" variant="link" onClick={() => setDeleting(s)} aria-label={`Delete ${s.name}`}>
                      Delete
                    </Button>
                  </>
                ) : null}
              </div>
            </li>
          ))}
        </Items>
      )}
      {!readOnly && canSave ? (
        <form onSubmit={saveAs} aria-label="Save as named scenario" noValidate>
          <Row>
            <TextInput
              label="Name of the scenario"
              value={name}
              maxLength={80}
              error={nameError}
              onChange={setName}
              placeholder="Retire at 60"
            />
            <Button type="submit" loading={busy === 'create'}>
              Save as named scenario
            </Button>
          </Row>
        </form>
      ) : null}
      <FormError>{error}</FormError>
      <p className="kf-visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? 'scenario'}?`}
        message="The scenario is removed for good; the household's plan does not change."
        confirmLabel="Delete"
        tone="danger"
        loading={deleting !== null && busy === deleting.id}
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      />
    </Card>
  );
}

/**
 * The customer's "Recommended plan": the scenario the advisor recommends, with its key figures and its net worth
 * beside the current plan's (run deterministic first, then with the probability of success).
 */
export function RecommendedPlan({
  householdId,
  scenario,
  events,
}: {
  householdId: string;
  scenario: NamedScenario;
  events: LifeEvent[];
}) {
  const [figures, setFigures] = useState<ScenarioResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  // the probability of success runs as a job (issue 37): its progress shown, its result when done
  const mcJob = useJob<ScenarioResult>({
    poll: (j, signal) => monteCarloApi.get(householdId, j.id, signal),
    result: (j, signal) => monteCarloApi.result(householdId, j.id, signal),
  });
  const { start: startMc } = mcJob;
  const key = JSON.stringify([scenario.id, scenario.updated_at, events]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names the scenario's version and the events
  useEffect(() => {
    const ctrl = new AbortController();
    setError(null);
    const run = scenarioApi.run(runBody(householdId, scenario.inputs, events), ctrl.signal);
    void startMc(() => monteCarloApi.start(runBody(householdId, scenario.inputs, events, true)));
    run.then(
      (r) => {
        if (!ctrl.signal.aborted) setFigures(r);
      },
      (e: unknown) => {
        if (!ctrl.signal.aborted) setError(errorMessage(e));
      },
    );
    return () => ctrl.abort();
  }, [householdId, key, startMc]);
  const result = mcJob.result ?? figures;
  return (
    <Card aria-labelledby="recommended-title">
      <h2 id="recommended-title">Recommended plan: {scenario.name}</h2>
      {scenario.description ? <p>{scenario.description}</p> : null}
      <FormError>{error}</FormError>
      {mcJob.active ? (
        <JobProgress
          label="Probability of success progress"
          job={mcJob.job}
          onCancel={() => void mcJob.cancel()}
          testId="recommended-mc-progress"
        />
      ) : null}
      {result ? (
        <>
          <Sides>
            <KeyFigures title="Recommended plan" result={result} />
            <KeyFigures title="Current plan" label="Current plan beside the recommended plan" result={result} plan />
          </Sides>
          <ScenarioChart
            currency={result.currency}
            label="Net worth, recommended plan and current plan"
            series={[
              { name: 'Current plan', points: result.base.years },
              { name: scenario.name, points: result.scenario.years },
            ]}
          />
        </>
      ) : error ? null : (
        <Skeleton rows={4} label="Running the recommended plan" />
      )}
    </Card>
  );
}
