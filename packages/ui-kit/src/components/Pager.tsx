import styled from 'styled-components';
import { Button } from './Button';

const Nav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 12px;
  align-items: center;
  justify-content: flex-end;
  margin-top: 12px;
`;

export interface PagerProps {
  /** The page shown, from 1. */
  page: number;
  /** Items in all pages. */
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** A page is being read: Previous and Next wait for it. */
  busy?: boolean;
  /** What the list counts, singular and plural ('user', 'users'): the count follows the page, 'Page 1 of 3 · 23 users'. */
  noun?: readonly [string, string];
  /** The navigation's accessible name. */
  label?: string;
  /** How a number is written (e.g. with thousands separators). */
  format?: (n: number) => string;
}

/** Previous, 'Page X of Y' (with the count when the list says what it counts) and Next: every paged list's pager. */
export function Pager({ page, total, pageSize, onPage, busy, noun, label = 'Pages', format = String }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
  return (
    <Nav aria-label={label}>
      <Button variant="secondary" disabled={busy || page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span aria-live="polite">
        Page {format(page)} of {format(pages)}
        {noun ? ` · ${format(total)} ${total === 1 ? noun[0] : noun[1]}` : null}
      </span>
      <Button variant="secondary" disabled={busy || page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </Nav>
  );
}

/** One page of a paged list as the services answer it. */
export interface PageOf<T> {
  rows: T[];
  total: number;
  page: number;
  page_size: number;
}

/** The pager of a page the service answered (`of`): its page, total and page size. */
export function PagerOf({
  of,
  ...rest
}: { of: Omit<PageOf<unknown>, 'rows'> } & Omit<PagerProps, 'page' | 'total' | 'pageSize'>) {
  return <Pager page={of.page} total={of.total} pageSize={of.page_size} {...rest} />;
}
