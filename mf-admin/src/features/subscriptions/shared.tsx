import { Button, theme } from '@kinfolio/ui-kit';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { fetchPerson, type Person } from './api';

export const Wrap = styled.div`
  h1 {
    margin: 0 0 6px;
    font-size: 1.5rem;
  }
  .kf-lead {
    margin: 0 0 16px;
    color: ${theme.colors.muted};
  }
`;
export const Box = styled.div`
  background: ${theme.colors.surface};
  border: 1px solid #e3eaea;
  border-radius: ${theme.radius};
`;
export const Filters = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 16px;
  align-items: flex-start;
  > div {
    min-width: 220px;
  }
`;
export const Bone = styled.span`
  display: block;
  height: 14px;
  border-radius: 4px;
  background: #e3eaea;
`;
export const Notice = styled.p<{ $ok: boolean }>`
  margin: 0 0 12px;
  padding: 10px 12px;
  border-radius: 6px;
  color: ${(p) => (p.$ok ? theme.colors.success : theme.colors.danger)};
  background: ${(p) => (p.$ok ? theme.colors.successSoft : theme.colors.dangerSoft)};
`;
export const Muted = styled.span`
  display: block;
  color: ${theme.colors.muted};
  font-size: 0.9em;
`;
const PagerNav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 12px;
  align-items: center;
  justify-content: flex-end;
  margin: 12px;
`;

export function Pager({
  page,
  total,
  pageSize,
  busy,
  onPage,
  noun,
}: {
  page: number;
  total: number;
  pageSize: number;
  busy: boolean;
  onPage: (p: number) => void;
  noun: [string, string];
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <PagerNav aria-label="Pages">
      <Button variant="secondary" disabled={busy || page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span aria-live="polite">
        Page {page} of {pages} · {total} {total === 1 ? noun[0] : noun[1]}
      </span>
      <Button variant="secondary" disabled={busy || page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </PagerNav>
  );
}

/** Names and e-mails of the advisors on a page (billing knows user ids only). */
export function usePeople(ids: readonly string[]): Record<string, Person | null> {
  const [people, setPeople] = useState<Record<string, Person | null>>({});
  const key = [...new Set(ids)].sort().join(',');
  useEffect(() => {
    if (!key) return;
    const ctrl = new AbortController();
    const list = key.split(',');
    Promise.all(list.map((id) => fetchPerson(id, ctrl.signal).then((p) => [id, p] as const))).then((pairs) => {
      if (!ctrl.signal.aborted) setPeople((prev) => ({ ...prev, ...Object.fromEntries(pairs) }));
    });
    return () => ctrl.abort();
  }, [key]);
  return people;
}

export function PersonCell({ id, person }: { id: string; person: Person | null | undefined }) {
  if (!person) return <span title={id}>{id.slice(0, 8)}…</span>;
  return (
    <>
      {person.name ?? person.email}
      {person.name ? <Muted>{person.email}</Muted> : null}
    </>
  );
}

export function SkeletonRows({ cols, rows = 5 }: { cols: number; rows?: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, r) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed skeleton rows
        <tr key={r} data-skeleton="">
          {Array.from({ length: cols }, (_, c) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed skeleton cells
            <td key={c}>
              <Bone />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}
