import { Button, errorMessage, FormError, Select, Skeleton, Table, theme } from '@kinfolio/ui-kit';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { memberOptions } from '../../shared/form/fields';
import { MoveButtons, useReorder } from '../../shared/form/reorder';
import { formatAmount } from '../../shared/format';
import { type Household, insuranceApi, type StoredPolicy } from '../../shared/household/api';
import { useHousehold } from '../../shared/household/context';
import { useDeleteConfirm } from '../../shared/household/useDeleteConfirm';
import { Card, SectionPage as Page, Row } from '../../shared/ui/layout';
import { CoverageByMemberView } from './Coverage';
import { memberLabel, policyTitle, useInsuranceLinks, usePolicies, useViewAs } from './data';
import { InsuranceTooltip } from './InsuranceTooltip';
import { frequencyLabel } from './model';
import { PolicyDetail } from './PolicyDetail';
import { PolicyEditor } from './PolicyEditor';

const DragRow = styled.tr`
  &[data-drag-over] td { box-shadow: inset 0 2px 0 ${theme.colors.primaryDark}; }
  td:first-child { cursor: grab; color: ${theme.colors.muted}; }
`;

function MemberPolicies({
  household,
  memberId,
  policies,
  readOnly,
  onMove,
  onDelete,
  busy,
  scaled,
}: {
  household: Household;
  memberId: string;
  policies: StoredPolicy[];
  readOnly: boolean;
  onMove: (next: StoredPolicy[]) => void;
  onDelete: (p: StoredPolicy) => void;
  busy: boolean;
  /** The figures are a member's share: show the share column. */
  scaled: boolean;
}) {
  const links = useInsuranceLinks();
  const headingId = useId();
  const { move, dragProps } = useReorder(policies, onMove);
  const name = memberLabel(household, memberId) || 'Other';
  return (
    <Card aria-labelledby={headingId} data-testid="member-policies">
      <h3 id={headingId}>{name}</h3>
      <Table label={`Policies of ${name}`}>
        <thead>
          <tr>
            {readOnly ? null : (
              <th scope="col">
                <span className="kf-sr">Order</span>
                <span aria-hidden="true">⇅</span>
              </th>
            )}
            <th scope="col">Policy</th>
            <th scope="col">Plan type</th>
            <th scope="col">Premium</th>
            <th scope="col">Mode</th>
            <th scope="col">Annualised Premium</th>
            <th scope="col">Policy Date</th>
            <th scope="col">Benefits</th>
            {scaled ? <th scope="col">Share</th> : null}
            {readOnly ? null : <th scope="col">Actions</th>}
          </tr>
        </thead>
        <tbody>
          {policies.map((p, i) => {
            const title = policyTitle(p);
            const row = (
              <>
                <td>
                  <InsuranceTooltip
                    facts={{
                      name: p.insured_name,
                      age: p.insured_age,
                      year: p.maturity_year,
                      years_to_mature: p.years_to_mature,
                    }}
                  >
                    {(tipId) => (
                      <Link to={links.detail(p.id)} aria-describedby={tipId}>
                        {title}
                      </Link>
                    )}
                  </InsuranceTooltip>
                </td>
                <td>{p.plan_type || 'NA'}</td>
                <td>
                  {p.currency} {formatAmount(p.view.premium)}
                </td>
                <td>{frequencyLabel(p.frequency)}</td>
                <td>
                  {p.currency} {formatAmount(p.view.annualised_premium)}
                </td>
                <td>{p.policy_date}</td>
                <td>{p.benefits.length ? p.benefits.map((b) => b.type).join(', ') : 'None'}</td>
                {scaled ? <td>{`${+(p.share * 100).toFixed(2)}%`}</td> : null}
              </>
            );
            if (readOnly) return <tr key={p.id}>{row}</tr>;
            return (
              <DragRow key={p.id} {...dragProps(i)} data-policy-row={title}>
                <td aria-hidden="true" title="Drag to reorder">
                  ⠿
                </td>
                {row}
                <td style={{ whiteSpace: 'nowrap' }}>
                  <MoveButtons index={i} count={policies.length} label={title} onMove={move} disabled={busy} />
                  <Link to={links.edit(p.id)} aria-label={`Edit ${title}`}>
                    Edit
                  </Link>{' '}
                  <Button variant="link" onClick={() => onDelete(p)} aria-label={`Delete ${title}`}>
                    Delete
                  </Button>
                </td>
              </DragRow>
            );
          })}
        </tbody>
      </Table>
    </Card>
  );
}

/** The policies grouped by insured member, in the household's member order (members without policies left out). */
export function groupByMember(household: Household, policies: readonly StoredPolicy[]) {
  const order = household.members.map((m) => m.id);
  const ids = [...new Set(policies.map((p) => p.member_id))].sort(
    (a, b) => (order.indexOf(a) + 1 || 1e9) - (order.indexOf(b) + 1 || 1e9),
  );
  return ids.map((id) => ({ memberId: id, policies: policies.filter((p) => p.member_id === id) }));
}

/**
 * A member's reordered policies put back into the household's order: the member's slots keep their places and take
 * the new order (the positions call orders every policy of the household).
 */
export function mergeOrder(all: readonly StoredPolicy[], memberId: string, next: readonly StoredPolicy[]) {
  let k = 0;
  return all.map((p) => (p.member_id === memberId ? (next[k++] as StoredPolicy) : p));
}

/** §6: the money figures of whole policies, or of one member's share of them. */
function ViewAsSelect({ household }: { household: Household }) {
  const [search, setSearch] = useSearchParams();
  return (
    <div style={{ maxWidth: 360 }}>
      <Select
        label="Figures for"
        value={useViewAs(household) ?? ''}
        onChange={(v) => {
          const next = new URLSearchParams(search);
          if (v) next.set('view', v);
          else next.delete('view');
          setSearch(next, { replace: true });
        }}
        options={memberOptions(household).map((o) => ({ ...o, label: `${o.label}: their share` }))}
        placeholder="Whole policies"
      />
    </div>
  );
}

function PolicyList({ household }: { household: Household }) {
  const { readOnly, version, reload } = useHousehold();
  const viewAs = useViewAs(household);
  const { policies, error, setPolicies } = usePolicies(household, version, viewAs);
  const [actionError, setActionError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const links = useInsuranceLinks();
  const removal = useDeleteConfirm<StoredPolicy>({
    title: (p) => `Delete ${policyTitle(p)}?`,
    message: () => 'The policy is deleted with its benefits, beneficiaries, transactions and payouts.',
    remove: (p) => insuranceApi.remove('policy', p.id),
    onDone: reload,
    onError: setActionError,
  });
  const reorder = (memberId: string, next: StoredPolicy[]) => {
    if (!policies) return;
    const all = mergeOrder(policies, memberId, next);
    setPolicies(all);
    setBusy(true);
    setActionError(null);
    insuranceApi
      .positions(
        'policy',
        household.id,
        all.map((p) => p.id),
      )
      .then(
        () => setBusy(false),
        (e: unknown) => {
          setBusy(false);
          setActionError(errorMessage(e));
          reload();
        },
      );
  };
  // a policy deleted a moment ago is left out while its Undo toast shows
  const shown = policies ? policies.filter((p) => !removal.hidden(p)) : null;
  return (
    <section aria-labelledby="policies-h">
      <h2 id="policies-h">Policies by member</h2>
      <ViewAsSelect household={household} />
      {error ? <FormError>{error}</FormError> : null}
      {actionError ? <FormError>{actionError}</FormError> : null}
      {!policies && !error ? <Skeleton rows={4} label="Loading the policies" /> : null}
      {shown && shown.length === 0 ? (
        <Card>
          <p>No policies yet.</p>
        </Card>
      ) : null}
      {shown && shown.length > 1 && !readOnly ? (
        <p style={{ color: theme.colors.muted, fontSize: '0.9rem' }}>
          Drag a row, or use its ↑ and ↓ buttons, to change the order.
        </p>
      ) : null}
      {shown
        ? groupByMember(household, shown).map((g) => (
            <MemberPolicies
              key={g.memberId}
              household={household}
              memberId={g.memberId}
              policies={g.policies}
              readOnly={readOnly}
              busy={busy}
              scaled={viewAs !== null}
              onMove={(next) => reorder(g.memberId, next)}
              onDelete={removal.ask}
            />
          ))
        : null}
      {readOnly ? null : (
        <Row style={{ justifyContent: 'flex-start' }}>
          <Link to={links.edit('new')} className="kf-button-link">
            Add policy
          </Link>
        </Row>
      )}
      {removal.dialog}
    </section>
  );
}

/**
 * The household's insurance (issue 12): the policies by member (with the maturity tooltip), coverage by member, a
 * policy's detail (?policy=) and, for the advisor, the policy editor (?edit=<id>|new). The customer sees the same
 * screens read-only.
 */
export default function InsurancePage({ title = 'Insurance' }: { title?: string }) {
  const { household, status, error, readOnly } = useHousehold();
  const [search] = useSearchParams();
  const policyId = search.get('policy');
  const edit = search.get('edit');
  if (status === 'missing')
    return (
      <Card>
        <h2>{title}</h2>
        <p>There is no household at this address, or it is not yours to see.</p>
      </Card>
    );
  if (status === 'error')
    return (
      <Card>
        <h2>{title}</h2>
        <FormError>{error}</FormError>
      </Card>
    );
  if (!household) return <Skeleton rows={6} label="Loading the insurance" />;
  return (
    <Page aria-label={title}>
      {edit && !readOnly ? (
        <PolicyEditor key={edit} household={household} policyId={edit === 'new' ? null : edit} />
      ) : policyId ? (
        <PolicyDetail household={household} policyId={policyId} />
      ) : (
        <>
          <h2>{title}</h2>
          <PolicyList household={household} />
          <CoverageByMemberView />
        </>
      )}
    </Page>
  );
}
