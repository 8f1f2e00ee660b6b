import type { ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '../theme';

const Msg = styled.p<{ $ok: boolean }>`
  margin: 12px 0 0;
  padding: 8px 12px;
  border-radius: 6px;
  font-size: 14px;
  color: ${(p) => (p.$ok ? theme.colors.success : theme.colors.danger)};
  background: ${(p) => (p.$ok ? theme.colors.successSoft : theme.colors.dangerSoft)};
`;

/** A confirmation modal's result (spec §8): green for type 'success', red for anything else. */
export function ResultMessage({ type, children }: { type: string; children?: ReactNode }) {
  if (!children) return null;
  const ok = type === 'success';
  return (
    <Msg $ok={ok} role={ok ? 'status' : 'alert'} data-type={ok ? 'success' : 'error'}>
      {children}
    </Msg>
  );
}
