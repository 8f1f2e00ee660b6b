import { Button, FormError, ResultMessage, theme } from '@kinfolio/ui-kit';
import type { ComponentType, ReactNode } from 'react';
import styled from 'styled-components';

export const Page = styled.div`
  max-width: 880px;
  h1 {
    margin: 0 0 6px;
    font-size: 1.5rem;
    color: ${theme.colors.text};
  }
  .lead {
    margin: 0 0 20px;
    color: ${theme.colors.muted};
  }
`;

export const Card = styled.section`
  padding: 20px 24px;
  margin-bottom: 16px;
  border: 1px solid #e3eaea;
  border-radius: ${theme.radius};
  background: ${theme.colors.surface};
  h2 {
    margin: 0 0 12px;
    font-size: 1.1rem;
  }
`;

export const Bone = styled.span<{ $w?: string; $h?: string }>`
  display: block;
  width: ${(p) => p.$w ?? '100%'};
  height: ${(p) => p.$h ?? '14px'};
  margin: 8px 0;
  border-radius: 4px;
  background: #e3eaea;
`;

const EmptyBox = styled.div`
  padding: 48px 16px;
  text-align: center;
  border: 1px dashed ${theme.colors.border};
  border-radius: ${theme.radius};
  background: ${theme.colors.surface};
  h2 {
    margin: 0 0 6px;
    font-size: 1.1rem;
    color: ${theme.colors.text};
  }
  p {
    margin: 0 auto;
    max-width: 460px;
    color: ${theme.colors.muted};
  }
`;

/** An empty state with a real heading under the page's h1. */
export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <EmptyBox>
      <h2>{title}</h2>
      {children ? <p>{children}</p> : null}
    </EmptyBox>
  );
}

/**
 * A profile form's end: Save (busy while saving) and Cancel in the form's own bar, then what the save did: green
 * when it worked, the failure in red.
 */
export function SaveCancel({
  Bar,
  saving,
  saveLabel,
  saveDisabled,
  cancelDisabled,
  onCancel,
  result,
}: {
  Bar: ComponentType<{ children: ReactNode }>;
  saving: boolean;
  saveLabel: string;
  saveDisabled?: boolean;
  cancelDisabled: boolean;
  onCancel: () => void;
  result: { ok: boolean; text: string } | null;
}) {
  return (
    <>
      <Bar>
        <Button type="submit" loading={saving} disabled={saveDisabled}>
          {saveLabel}
        </Button>
        <Button variant="secondary" disabled={cancelDisabled} onClick={onCancel}>
          Cancel
        </Button>
      </Bar>
      {result?.ok ? <ResultMessage type="success">{result.text}</ResultMessage> : <FormError>{result?.text}</FormError>}
    </>
  );
}
