import { Button, FormError, Modal } from '@kinfolio/ui-kit';

export interface ConfirmActionProps {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  danger?: boolean;
  busy?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A confirmation dialog (ui-kit Modal): focus starts on Cancel, Escape cancels, a failure shows in red (spec §8). */
export function ConfirmAction(props: ConfirmActionProps) {
  const cancel = () => {
    if (!props.busy) props.onCancel();
  };
  return (
    <Modal
      open
      title={props.title}
      onClose={cancel}
      width={440}
      hideClose
      footer={
        <>
          <Button variant="secondary" onClick={cancel} disabled={props.busy}>
            {props.cancelLabel ?? 'Cancel'}
          </Button>
          <Button variant={props.danger ? 'danger' : 'primary'} onClick={props.onConfirm} loading={props.busy}>
            {props.confirmLabel}
          </Button>
        </>
      }
    >
      <p style={{ margin: 0 }}>{props.message}</p>
      <FormError>{props.error}</FormError>
    </Modal>
  );
}
