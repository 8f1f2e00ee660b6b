import { SaveConfirmationDialog } from '@kinfolio/ui-kit';
import { useState } from 'react';

/**
 * The save confirmation a customer page shows after a save (`show()`, then render `dialog`): at the countdown's end
 * it goes to `summaryRoute`, or only hides when `stay` (the page is that summary, or on-boarding).
 */
export function useSavedDialog(summaryRoute: string, stay: boolean) {
  const [saved, setSaved] = useState(false);
  const dialog = (
    <SaveConfirmationDialog
      open={saved}
      onHide={() => setSaved(false)}
      summaryRoute={stay ? null : summaryRoute}
      onCountdownEnd={stay ? () => setSaved(false) : undefined}
    />
  );
  return { dialog, show: () => setSaved(true) };
}
