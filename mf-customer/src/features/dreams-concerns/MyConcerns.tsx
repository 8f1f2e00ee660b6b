import { FormError, Skeleton, useResource } from '@kinfolio/ui-kit';
import type { Concern } from '../../shared/household/api';
import { householdApi } from '../../shared/household/api';
import { useHousehold } from '../../shared/household/context';
import { Card } from '../../shared/ui/layout';
import { Answers, QaBoard } from './QaBoard';

/** My Concerns (dreams-concerns/my-concerns): the household's concerns, each opening its sub-pages (issue 11). */
export function MyConcerns() {
  return <QaBoard kind="concern" />;
}

/** The concern above its sub-pages (my-concerns/{concern_id}/...): its title and answers. */
export function ConcernHeader({ concernId }: { concernId: string }) {
  const { household, version } = useHousehold();
  const { data, error } = useResource(household && ([household.id, version] as const), ([hid], signal) =>
    householdApi.concerns(hid, signal),
  );
  // undefined while loading; null when the concern is not in the household any more
  const concern: Concern | null | undefined = data ? (data.rows.find((c) => c.id === concernId) ?? null) : undefined;
  if (error) return <FormError>{error}</FormError>;
  if (concern === undefined) return <Skeleton rows={2} label="Loading the concern" />;
  return (
    <Card aria-labelledby="concern-h">
      <h2 id="concern-h">{concern ? concern.title : 'This concern is not in the household any more'}</h2>
      {concern ? <Answers item={concern} /> : null}
    </Card>
  );
}
