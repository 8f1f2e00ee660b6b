import type { ComponentPropsWithoutRef } from 'react';
import styled from 'styled-components';
import { theme } from '../theme';

const Msg = styled.p<{ $ok: boolean; $placement: 'above' | 'below' }>`
  margin: ${(p) => (p.$placement === 'above' ? '0 0 12px' : '12px 0 0')};
  padding: 10px 12px;
  border-radius: 6px;
  font-size: 14px;
  color: ${(p) => (p.$ok ? theme.colors.success : theme.colors.danger)};
  background: ${(p) => (p.$ok ? theme.colors.successSoft : theme.colors.dangerSoft)};
`;

export type ResultMessageProps = ComponentPropsWithoutRef<'p'> & {
  /** 'success' is green; anything else (e.g. 'error') is red. */
  type: string;
  /**
   * Where the note stands relative to what it is about: 'below' (the default) keeps a 12px gap above it, 'above'
   * keeps a 12px gap below it (a note shown before the list or form it reports on).
   */
  placement?: 'above' | 'below';
};

/**
 * A confirmation's result (spec §8): green for type 'success', red for anything else. A success is a `status`, anything
 * else an `alert` (a caller may pass its own `role`, e.g. a red note shown on load that should not interrupt);
 * `data-type` is 'success' or 'error'. Other attributes (id, className, aria-*) go to the `<p>`. Renders nothing
 * without children.
 */
export function ResultMessage({ type, placement = 'below', role, children, ...rest }: ResultMessageProps) {
  if (!children) return null;
  const ok = type === 'success';
  return (
    <Msg
      {...rest}
      $ok={ok}
      $placement={placement}
      role={role ?? (ok ? 'status' : 'alert')}
      data-type={ok ? 'success' : 'error'}
    >
      {children}
    </Msg>
  );
}
