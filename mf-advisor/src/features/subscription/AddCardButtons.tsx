import { Button } from '@kinfolio/ui-kit';

/** A card form's Add card (busy while the card is saved) and, where the form can be left, Cancel. */
export function AddCardButtons({
  busy,
  disabled,
  onCancel,
}: {
  busy: boolean;
  disabled?: boolean;
  onCancel?: () => void;
}) {
  return (
    <>
      <Button type="submit" loading={busy} disabled={disabled}>
        Add card
      </Button>
      {onCancel ? (
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      ) : null}
    </>
  );
}
