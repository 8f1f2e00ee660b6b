import { errorMessage, FormError, Skeleton } from '@kinfolio/ui-kit';
import { useEffect, useState } from 'react';
import { Answers, QaBoard } from './QaBoard';
import type { Concern } from '../../shared/household/api';
import { householdApi } from '../../shared/household/api';
import { useHousehold } from '../../shared/household/context';
import { Card } from '../../shared/ui/layout';

/** My Concerns (dreams-concerns/my-concerns): the household's concerns, each opening its sub-pages (issue 11). */
export function MyConcerns() {
  return <QaBoard kind="concern" />;
}

/** The concern above its sub-pages (my-concerns/{concern_id}/...): its title and answers. */
export function ConcernHeader({ concernId }: { concernId: string }) {
  const { household, version } = useHousehold();
  const [concern, setConcern] = useState<Concern | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` changes when the household did: fetch again
  useEffect(() => {
    if (!household) return;
    const ctrl = new AbortController();
    householdApi.concerns(household.id, ctrl.signal).then(
      (p) => !ctrl.signal.aborted && setConcern(p.rows.find((c) => c.id === concernId) ?? null),
      (e: unknown) => !ctrl.signal.aborted && setError(errorMessage(e)),
    );
    return () => ctrl.abort();
  }, [household, concernId, version]);
  if (error) return <FormError>{error}</FormError>;
  if (concern === undefined) return <Skeleton rows={2} label="Loading the concern" />;
  return (
    <Card aria-labelledby="concern-h">
      <h2 id="concern-h">{concern ? concern.title : 'This concern is not in the household any more'}</h2>
      {concern ? <Answers item={concern} /> : null}
    </Card>
  );
}
