import {
  Button,
  errorMessage,
  FloatInput,
  FormError,
  fieldErrors,
  LazyLoad,
  Select,
  Skeleton,
  Table,
  TableHead,
  theme,
  useResource,
} from '@kinfolio/ui-kit';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import styled from 'styled-components';
import { Figure } from '../../shared/explain/context';
import { formatAmount } from '../../shared/format';
import { type CoverageByMember, type CoverageRow, type Household, insuranceApi } from '../../shared/household/api';
import { useHousehold } from '../../shared/household/context';
import { useEditing } from '../../shared/household/useEditing';
import { coverTotals, GapDefinition, targetFrom } from '../../shared/terms/cover';
import { Card, Row } from '../../shared/ui/layout';
import { BENEFIT_TYPES } from './model';

type MemberCoverage = CoverageByMember['members'][number];

/**
 * The types a target is set for: one per coverage row. Early Critical Illness benefits count in the critical-illness
 * row (Major Illness), so a critical-illness target is set there (issue 31).
 */
const TARGET_TYPES = BENEFIT_TYPES.filter((b) => b.type !== 'Early Critical Illness').map((b) => ({
  value: b.type,
  label: b.type === 'Major Illness' ? 'Critical illness (Major and Early Critical Illness)' : b.type,
}));

const Bars = styled.ul`
  list-style: none;
  margin: 0 0 16px;
  padding: 0;
  li { margin: 0 0 12px; }
  .label { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 4px 12px; font-size: 0.9rem; }
  .track { position: relative; height: 18px; margin-top: 4px; background: #eef3f3; border-radius: 4px; }
  .cover { position: absolute; left: 0; top: 0; bottom: 0; background: ${theme.colors.primaryDark}; border-radius: 4px 0 0 4px; }
  .gap {
    position: absolute; top: 0; bottom: 0;
    background: repeating-linear-gradient(135deg, #fff 0 4px, ${theme.colors.danger} 4px 7px);
    border: 1px solid ${theme.colors.danger};
  }
  .target { position: absolute; top: -3px; bottom: -3px; width: 3px; background: ${theme.colors.text}; }
`;
const Legend = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 16px;
  font-size: 0.85rem;
  color: ${theme.colors.muted};
  span { display: inline-flex; align-items: center; gap: 6px; }
  i { display: inline-block; width: 18px; height: 12px; border-radius: 2px; }
  .k-cover { background: ${theme.colors.primaryDark}; }
  .k-gap { background: repeating-linear-gradient(135deg, #fff 0 4px, ${theme.colors.danger} 4px 7px); border: 1px solid ${theme.colors.danger}; }
  .k-target { width: 3px; background: ${theme.colors.text}; }
`;

const money = (currency: string, n: number) => `${currency} ${formatAmount(n)}`;
/** The cover of a row in words: 'Unlimited' for unlimited medical cover. */
const coverText = (r: CoverageRow) => (r.unlimited ? 'Unlimited' : money(r.currency, r.cover));

/**
 * The bar chart of one member's cover by benefit type: the cover held (solid), the gap to the target (hatched) and
 * the target (a line). Every bar also says its figures in words, so nothing depends on colour.
 */
export function CoverageChart({ member }: { member: MemberCoverage }) {
  const max = Math.max(1, ...member.rows.map((r) => Math.max(r.unlimited ? 0 : r.cover, r.target ?? 0)));
  const pct = (n: number) => `${Math.min(100, (n / max) * 100)}%`;
  return (
    <figure style={{ margin: 0 }}>
      <Bars aria-label={`Cover of ${member.name} by benefit type`}>
        {member.rows.map((r) => {
          const cover = r.unlimited ? max : r.cover;
          const gap = r.gap ?? 0;
          return (
            <li key={r.benefit_type}>
              <span className="label">
                <strong>{r.label}</strong>
                <span>
                  Cover {coverText(r)}
                  {r.target !== null ? ` · Target ${money(r.currency, r.target)}` : ''}
                  {r.gap !== null ? ` · Gap ${money(r.currency, gap)}` : ''}
                </span>
              </span>
              <span className="track" aria-hidden="true" style={{ display: 'block' }}>
                <span className="cover" style={{ width: pct(cover) }} />
                {gap > 0 ? <span className="gap" style={{ left: pct(cover), width: pct(gap) }} /> : null}
                {r.target !== null ? (
                  <span className="target" style={{ left: `calc(${pct(r.target)} - 2px)` }} />
                ) : null}
              </span>
            </li>
          );
        })}
      </Bars>
      <Legend as="figcaption">
        <span>
          <i className="k-cover" aria-hidden="true" /> Cover held
        </span>
        <span>
          <i className="k-gap" aria-hidden="true" /> Gap to the target (hatched)
        </span>
        <span>
          <i className="k-target" aria-hidden="true" /> Target
        </span>
      </Legend>
    </figure>
  );
}

function TargetForm({
  household,
  member,
  currency,
  initial,
  onDone,
  onCancel,
}: {
  household: Household;
  member: MemberCoverage;
  currency: string;
  initial: CoverageRow | null;
  onDone: () => void;
  onCancel: () => void;
}) {
  const [type, setType] = useState<string>(initial?.benefit_type ?? BENEFIT_TYPES[0].type);
  const [amount, setAmount] = useState(initial?.target !== null && initial ? String(initial.target) : '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const existing = member.rows.find((r) => r.benefit_type === type && r.target_id);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const n = Number(amount);
    if (!amount.trim() || !Number.isFinite(n)) {
      setErrors({ amount: 'Enter the target amount' });
      return;
    }
    setBusy(true);
    setError(null);
    try {
      if (existing?.target_id) await insuranceApi.update('coverageTarget', existing.target_id, { amount: n, currency });
      else
        await insuranceApi.create('coverageTarget', household.id, {
          member_id: member.member_id,
          benefit_type: type as CoverageRow['benefit_type'],
          currency,
          amount: n,
        });
      onDone();
    } catch (err) {
      setErrors(fieldErrors(err));
      setError(errorMessage(err));
      setBusy(false);
    }
  };
  const remove = async () => {
    if (!existing?.target_id) return;
    setBusy(true);
    try {
      await insuranceApi.remove('coverageTarget', existing.target_id);
      onDone();
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} aria-label={`Target cover for ${member.name}`} noValidate>
      <Select
        label="Benefit type"
        value={type}
        onChange={setType}
        disabled={Boolean(initial)}
        options={TARGET_TYPES}
        error={errors.benefit_type}
      />
      <FloatInput
        label={`Target (${currency})`}
        value={amount}
        onChange={setAmount}
        decimals={2}
        min={0}
        error={errors.amount}
      />
      <FormError>{error}</FormError>
      <Row>
        {existing?.target_id ? (
          <Button variant="danger" onClick={remove} disabled={busy}>
            Remove target
          </Button>
        ) : null}
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={busy}>
          Save target
        </Button>
      </Row>
    </form>
  );
}

function MemberCard({
  member,
  currency,
  household,
  readOnly,
  onChanged,
}: {
  member: MemberCoverage;
  currency: string;
  household: Household;
  readOnly: boolean;
  onChanged: () => void;
}) {
  const headingId = useId();
  const editing = useEditing<CoverageRow>(onChanged);
  // the figure ids of the row's cover, target and gap (contracts explanations.ts)
  const fig = (r: CoverageRow) => `insurance:${member.member_id}:${r.benefit_type}`;
  return (
    <Card aria-labelledby={headingId} data-testid="coverage-member">
      <h3 id={headingId}>
        {member.name}
        {member.age !== null ? ` (Age ${member.age})` : ''}
      </h3>
      {member.rows.length === 0 ? <p>No cover and no target yet.</p> : <CoverageChart member={member} />}
      {member.rows.length > 0 ? (
        <Table label={`Coverage of ${member.name}`}>
          <TableHead
            columns={[
              'Benefit',
              'Cover',
              'Until age',
              'From policies',
              'Target',
              'Gap',
              ...(readOnly ? [] : ['Actions']),
            ]}
          />
          <tbody>
            {member.rows.map((r) => (
              <tr key={r.benefit_type}>
                <th scope="row">{r.label}</th>
                <td>
                  {r.unlimited ? (
                    coverText(r)
                  ) : (
                    <Figure id={`${fig(r)}:cover`} label={`${r.label} cover, ${member.name}`} currency={r.currency}>
                      {coverText(r)}
                    </Figure>
                  )}
                </td>
                <td>{r.until_age ?? 'NA'}</td>
                <td>
                  {r.policies.length === 0
                    ? 'None'
                    : r.policies
                        .map(
                          (p) =>
                            `${p.plan_name ?? 'Policy'}${p.benefit_type !== r.benefit_type ? ` (${p.benefit_type})` : ''}: ${money(r.currency, p.amount)} to age ${p.until_age}`,
                        )
                        .join('; ')}
                </td>
                <td>
                  {r.target !== null ? (
                    <Figure id={`${fig(r)}:target`} label={`${r.label} target, ${member.name}`} currency={r.currency}>
                      {money(r.currency, r.target)}
                    </Figure>
                  ) : (
                    'Not set'
                  )}
                  {r.target !== null ? (
                    <small style={{ display: 'block' }}>{targetFrom(r, (n) => money(r.currency, n))}</small>
                  ) : null}
                </td>
                <td>
                  {r.gap !== null ? (
                    <Figure id={`${fig(r)}:gap`} label={`${r.label} gap, ${member.name}`} currency={r.currency}>
                      {money(r.currency, r.gap)}
                    </Figure>
                  ) : (
                    'NA'
                  )}
                </td>
                {readOnly ? null : (
                  <td>
                    <Button
                      variant="link"
                      onClick={() => editing.edit(r)}
                      aria-label={`${r.target_source === 'advisor' ? 'Edit target' : 'Set target'} for ${r.label}, ${member.name}`}
                    >
                      {r.target_source === 'advisor' ? 'Edit target' : 'Set target'}
                    </Button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </Table>
      ) : null}
      {readOnly ? null : editing.open ? (
        <TargetForm
          household={household}
          member={member}
          currency={currency}
          initial={editing.record}
          onCancel={editing.close}
          onDone={editing.done}
        />
      ) : (
        <Row>
          <Button variant="secondary" onClick={editing.add}>
            Add a target for {member.name}
          </Button>
        </Row>
      )}
    </Card>
  );
}

/**
 * Coverage by member: per member and benefit type, the cover held, from which policies, until what age, and the gap
 * to the target the advisor sets (the customer reads). The chart shows it at a glance; the table says it in full.
 * It sits below the policies: it is fetched and drawn when the reader scrolls near it (ui-kit LazyLoad, spec §9).
 */
export function CoverageByMemberView() {
  const { household } = useHousehold();
  if (!household) return null;
  const loading = <Skeleton rows={3} label="Loading the coverage by member" />;
  return (
    <section aria-labelledby="coverage-h">
      <h2 id="coverage-h">Coverage by member</h2>
      <LazyLoad placeholder={loading}>
        <CoverageCards loading={loading} />
      </LazyLoad>
    </section>
  );
}

function CoverageCards({ loading }: { loading: ReactNode }) {
  const { household, readOnly, version, reload } = useHousehold();
  const householdId = household?.id ?? null;
  const { data, error } = useResource(householdId && ([householdId, version] as const), ([hid], signal) =>
    insuranceApi.coverageByMember(hid, signal),
  );
  if (!household) return null;
  // the headline is the sum of every member's rows below (issue 31: one story with the table and the report)
  const totals = data ? coverTotals(data.members.flatMap((m) => m.rows)) : null;
  return (
    <>
      {error ? <FormError>{error}</FormError> : null}
      {!data && !error ? loading : null}
      {data && totals ? (
        <>
          <p data-testid="coverage-headline">
            All members: cover{' '}
            <Figure id="insurance:total:cover" label="Cover, all members" currency={data.currency}>
              {money(data.currency, totals.cover)}
            </Figure>
            , targets{' '}
            <Figure id="insurance:total:target" label="Targets, all members" currency={data.currency}>
              {money(data.currency, totals.target)}
            </Figure>
            , gap{' '}
            <strong>
              <Figure id="insurance:total:gap" label="Gap, all members" currency={data.currency}>
                {money(data.currency, totals.gap)}
              </Figure>
            </strong>
            .
          </p>
          <GapDefinition />
        </>
      ) : null}
      {data?.members.map((m) => (
        <MemberCard
          key={m.member_id}
          member={m}
          currency={data.currency}
          household={household}
          readOnly={readOnly}
          onChanged={reload}
        />
      ))}
    </>
  );
}
