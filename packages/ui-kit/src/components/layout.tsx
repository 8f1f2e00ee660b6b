import type { HTMLAttributes, TableHTMLAttributes } from 'react';
import styled from 'styled-components';
import { theme } from '../theme';

/** The floating help button (spec §9): its size and its default distance from the right and bottom edges. */
export const HELP_BUTTON_SIZE_PX = 56;
export const HELP_BUTTON_OFFSET_PX = 20;
/**
 * Space every page keeps free at its end, so that scrolled to the bottom nothing of the page lies under the help
 * button in its default place (button + offset + a gap).
 */
export const HELP_BUTTON_CLEARANCE_PX = HELP_BUTTON_SIZE_PX + HELP_BUTTON_OFFSET_PX + 20;
/**
 * From the phone breakpoint up, every page also keeps this much free at its right edge, so that wherever it is
 * scrolled nothing of it (a table's last column, the right-hand result card) passes under the button in its default
 * place (issue 30 item 10). Phones keep the full width: there only the page's end is kept clear.
 */
export const HELP_BUTTON_GUTTER_PX = HELP_BUTTON_SIZE_PX + HELP_BUTTON_OFFSET_PX + 8;
/** Below this width the layouts switch to their phone form (collapsible menu, full-width help panel). */
export const MOBILE_BREAKPOINT_PX = 768;
/** The page's gutter on desktop and on phones. */
export const PAGE_GUTTER_PX = 24;
export const PAGE_GUTTER_MOBILE_PX = 16;

const Container = styled.div`
  box-sizing: border-box;
  width: 100%;
  min-width: 0;
  flex: 1 0 auto;
  padding: ${PAGE_GUTTER_PX}px ${HELP_BUTTON_GUTTER_PX}px ${HELP_BUTTON_CLEARANCE_PX}px ${PAGE_GUTTER_PX}px;
  @media (max-width: ${MOBILE_BREAKPOINT_PX - 1}px) {
    padding: ${PAGE_GUTTER_MOBILE_PX}px ${PAGE_GUTTER_MOBILE_PX}px ${HELP_BUTTON_CLEARANCE_PX}px;
  }
`;

/**
 * The one page container: every signed-in page's content sits in it, so every page starts the same distance from
 * the sidebar and the header and keeps its end clear of the help button. Pages add no outer padding of their own.
 */
export function PageContainer(props: HTMLAttributes<HTMLDivElement>) {
  return <Container data-page-container="" {...props} />;
}

/**
 * A table's scroll box: a wide table scrolls inside its card instead of widening the page. It can take focus so
 * keyboard users can scroll it too, and is a named region when given a label.
 */
export const TableScroll = styled.div`
  max-width: 100%;
  overflow-x: auto;
  -webkit-overflow-scrolling: touch;
  border-radius: ${theme.radius};
  &:focus-visible { outline: 3px solid ${theme.colors.primary}; outline-offset: 2px; }
`;

const StyledTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  background: #fff;
  th, td { text-align: left; padding: 10px 12px; border-bottom: 1px solid #e3eaea; font-size: 14px; }
  th { background: ${theme.colors.primarySoft}; color: ${theme.colors.text}; font-weight: 600; white-space: nowrap; }
`;

export interface TableProps extends TableHTMLAttributes<HTMLTableElement> {
  /** Names the scroll region (e.g. the page's title for the list). */
  label?: string;
}

/** A plain styled table (use <thead>/<tbody> inside) in its own scroll box. */
export function Table({ label, ...rest }: TableProps) {
  return (
    <TableScroll tabIndex={0} role={label ? 'region' : undefined} aria-label={label} data-table-scroll="">
      <StyledTable {...rest} />
    </TableScroll>
  );
}
