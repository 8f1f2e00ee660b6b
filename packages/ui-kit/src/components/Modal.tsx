import { type FormEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { theme } from '../theme';
import { Button } from './Button';

export interface ModalProps {
  title: ReactNode;
  open: boolean;
  onClose: () => void;
  /** Static backdrop: clicks outside and Escape do not close it. */
  staticBackdrop?: boolean;
  children?: ReactNode;
  footer?: ReactNode;
  width?: number;
  /** Hides the × close button (e.g. while saving). */
  hideClose?: boolean;
}

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  background: rgba(16, 48, 47, 0.45);
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 16px;
  z-index: 1000;
`;

const Dialog = styled.div<{ $width: number }>`
  background: #fff;
  color: ${theme.colors.text};
  text-align: left;
  font-size: 16px;
  font-weight: 400;
  line-height: 1.5;
  border-radius: 12px;
  box-shadow: ${theme.shadow};
  width: 100%;
  max-width: ${(p) => p.$width}px;
  max-height: calc(100vh - 32px);
  overflow: auto;
  padding: 20px 24px;
  header { display: flex; align-items: center; justify-content: space-between; gap: 12px; margin-bottom: 12px; }
  h2 { margin: 0; font-size: 20px; }
  footer { display: flex; justify-content: flex-end; gap: 8px; margin-top: 16px; }
`;

const CloseX = styled.button`
  border: 0;
  background: transparent;
  font-size: 24px;
  line-height: 1;
  cursor: pointer;
  color: ${theme.colors.muted};
  padding: 4px 8px;
`;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** A dialog with a focus trap; Escape and backdrop clicks close it unless the backdrop is static. */
export function Modal({
  title,
  open,
  onClose,
  staticBackdrop = false,
  children,
  footer,
  width = 480,
  hideClose,
}: ModalProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const node = ref.current;
    const first =
      node?.querySelector<HTMLElement>(`${FOCUSABLE}:not([data-modal-close])`) ??
      node?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? node)?.focus();
    return () => previous?.focus?.();
  }, [open]);

  if (!open) return null;

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      if (!staticBackdrop) onCloseRef.current();
      return;
    }
    if (e.key !== 'Tab' || !ref.current) return;
    const items = Array.from(ref.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (items.length === 0) {
      e.preventDefault();
      return;
    }
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  // Rendered at the end of <body>: a dialog never inherits the colours, fonts or clipping of where it was opened
  // (a dialog opened from a dark bar once showed white text on white).
  return createPortal(
    <Backdrop
      data-testid="modal-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget && !staticBackdrop) onCloseRef.current();
      }}
    >
      <Dialog
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        $width={width}
      >
        <header>
          <h2 id={titleId}>{title}</h2>
          {hideClose ? null : (
            <CloseX type="button" aria-label="Close" data-modal-close onClick={() => onCloseRef.current()}>
              ×
            </CloseX>
          )}
        </header>
        {children}
        {footer ? <footer>{footer}</footer> : null}
      </Dialog>
    </Backdrop>,
    document.body,
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  message?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  tone?: 'primary' | 'danger';
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  tone = 'primary',
  loading,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={onCancel}
      width={420}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={loading}>
            {cancelLabel}
          </Button>
          <Button variant={tone === 'danger' ? 'danger' : 'primary'} onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {message ? <p style={{ margin: 0 }}>{message}</p> : null}
    </Modal>
  );
}

export interface FormDialogProps {
  title: ReactNode;
  onClose: () => void;
  /** The form's submit event: the Save button, or Enter in a field. */
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  /** Saving: Save shows its spinner, Cancel waits. */
  busy?: boolean;
  /** Save is disabled (e.g. while a file uploads). */
  saveDisabled?: boolean;
  saveLabel?: string;
  width?: number;
  children: ReactNode;
}

/**
 * A form in a dialog with Cancel and Save: Save submits the form (it sits in the footer, outside the form, tied to it
 * by the form's id), so the fields keep the browser's own submit on Enter. Validation is the form's own (noValidate).
 */
export function FormDialog({
  title,
  onClose,
  onSubmit,
  busy,
  saveDisabled,
  saveLabel = 'Save',
  width = 520,
  children,
}: FormDialogProps) {
  const formId = useId();
  return (
    <Modal
      open
      title={title}
      onClose={onClose}
      width={width}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={busy} disabled={saveDisabled}>
            {saveLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate>
        {children}
      </form>
    </Modal>
  );
}
