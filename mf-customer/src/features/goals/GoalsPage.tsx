import { FormError, Skeleton, useResource } from '@kinfolio/ui-kit';
import { Link } from 'react-router-dom';
import { formatAmount, RELATION_LABELS } from '../../shared/format';
import { useDashboard } from '../../shared/frame/Frame';
import { GoalDialog } from '../../shared/goals/GoalDialog';
import { type Goal, goalKindLabel, goalYears, mainMember } from '../../shared/goals/model';
import { type Dream, householdApi } from '../../shared/household/api';
import { useHousehold } from '../../shared/household/context';
import { RecordTable } from '../../shared/household/RecordTable';
import { useDeleteConfirm } from '../../shared/household/useDeleteConfirm';
import { useEditing } from '../../shared/household/useEditing';
import { useKindRecords } from '../../shared/household/useKindRecords';
import { Card } from '../../shared/ui/layout';
import { PlanList } from './RetirementPlans';

/** A goal's amount as the list shows it: a year's amount, or a retirement goal's living + play a month. */
function goalAmount(g: Goal): string {
  if (g.type === 'retirement') {
    const monthly = (g.living_expense ?? 0) + (g.play_expense ?? 0);
    const legacy = g.legacy_amount ? `, legacy ${g.currency} ${formatAmount(g.legacy_amount)}` : '';
    return `${g.currency} ${formatAmount(monthly)} a month${legacy}`;
  }
  return `${g.currency} ${formatAmount(g.amount ?? 0)} a year`;
}
function goalRates(g: Goal): string {
  const inflation = g.inflation_rate === undefined ? 'household inflation' : `inflation ${g.inflation_rate}%`;
  return g.growth_rate === undefined ? inflation : `${inflation} + ${g.growth_rate}% growth`;
}

/**
 * Goals (issue 31 observation 6; planning spec "Goals"): the household's retirement, education, car, property,
 * business and custom goals, each spent in its years by the projection (the data table's Goals column), and the two
 * retirement-dream records. Reached from the dashboard's tabs and from My Dreams ("Make it a goal").
 */
const NO_DREAMS: Dream[] = [];

export function GoalsPage() {
  const { base } = useDashboard();
  const { household, status, error, readOnly, version, reload } = useHousehold();
  const { rows: goals, error: listError, setError: setListError } = useKindRecords('goal', household?.id);
  const editing = useEditing<Goal>(reload);
  const removal = useDeleteConfirm<Goal>({
    title: (g) => `Delete ${g.title || goalKindLabel(g.type)}?`,
    message: (g) => `${goalKindLabel(g.type)}: ${goalAmount(g)}`,
    remove: (g) => householdApi.deleteRecord('goal', g.id),
    onDone: reload,
    onError: setListError,
  });
  const hid = household?.id;
  const dreams =
    useResource(hid && ([hid, version] as const), ([id], signal) => householdApi.dreams(id, signal).then((p) => p.rows))
      .data ?? NO_DREAMS;

  if (status === 'missing' || status === 'error')
    return (
      <Card>
        <h2>Goals</h2>
        {status === 'error' ? (
          <FormError>{error}</FormError>
        ) : (
          <p>There is no household at this address, or it is not yours to see.</p>
        )}
      </Card>
    );
  if (!household) return <Skeleton rows={4} label="Loading goals" />;
  const memberOf = (g: Goal) => household.members.find((m) => m.id === g.member_id) ?? mainMember(household);
  const memberName = (g: Goal) => {
    const m = memberOf(g);
    return m ? m.name || RELATION_LABELS[m.relation] : 'Household';
  };
  const dreamTitle = (g: Goal) => dreams.find((d) => d.id === g.dream_id)?.title;
  const name = (g: Goal) => g.title || goalKindLabel(g.type);
  const shown = goals ? goals.filter((g) => !removal.hidden(g)) : null;
  return (
    <section aria-label="Goals">
      <h2>Goals</h2>
      <p>
        What the household saves for. Each goal is spent in its years, in today's money grown by inflation (and its
        growth), and shows in the Data Table's Goals column. A dream becomes a goal from{' '}
        <Link to={`${base}/dreams-concerns/my-dreams`}>My Dreams</Link>.
      </p>
      <Card aria-labelledby="goals-list">
        <h2 id="goals-list">The household's goals</h2>
        {listError ? <FormError>{listError}</FormError> : null}
        {!goals && !listError ? <Skeleton rows={3} label="Loading the goals" /> : null}
        {shown && shown.length === 0 ? <p>No goals recorded yet</p> : null}
        {shown ? (
          <RecordTable
            label="Goals entries"
            rows={shown}
            columns={[
              { header: 'Goal', cell: name },
              { header: 'Kind', cell: (g) => goalKindLabel(g.type) },
              { header: 'Member', cell: memberName },
              { header: 'Years', cell: (g) => goalYears(g, memberOf(g)?.retirement_age) },
              { header: 'Amount', cell: goalAmount },
              { header: 'Grows with', cell: goalRates },
              { header: 'From dream', cell: (g) => dreamTitle(g) ?? '—' },
            ]}
            name={name}
            readOnly={readOnly}
            onEdit={editing.edit}
            onDelete={removal.ask}
            addLabel="Add goal"
            onAdd={editing.add}
          />
        ) : null}
      </Card>
      <PlanList kind="retirementDreamRental" household={household} />
      <PlanList kind="retirementDreamCapitalPreservation" household={household} />
      {editing.open ? (
        <GoalDialog household={household} goal={editing.record} onClose={editing.close} onSaved={editing.done} />
      ) : null}
      {removal.dialog}
    </section>
  );
}
