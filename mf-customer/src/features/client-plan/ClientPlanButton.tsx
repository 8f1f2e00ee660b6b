import { Button } from '@kinfolio/ui-kit';
import { lazy, Suspense, useState } from 'react';
import { useDashboard } from '../../shared/frame/Frame';
import { useHousehold } from '../../shared/household/context';

const ClientPlanDialog = lazy(() => import('./ClientPlanDialog'));

/**
 * The dashboard's one way to the client plan (issue 35): a button in the top bar, for the advisor viewing a customer
 * or lead and for the customer on their own dashboard. The dialog is loaded when first opened (its own chunk). A job
 * started in the dialog is followed again when the dialog is reopened on this page.
 */
export function ClientPlanButton() {
  const { viewer, onBoarding } = useDashboard();
  const { household } = useHousehold();
  const [open, setOpen] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  if (!household || onBoarding) return null;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} aria-haspopup="dialog">
        Client plan
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ClientPlanDialog
            householdId={household.id}
            householdCurrency={household.currency ?? null}
            viewer={viewer}
            onClose={() => setOpen(false)}
            jobId={jobId}
            onJob={setJobId}
          />
        </Suspense>
      ) : null}
    </>
  );
}
