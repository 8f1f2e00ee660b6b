import { TableHead, TOOLTIP_DELAY_MS, theme } from '@kinfolio/ui-kit';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';

export interface TooltipFacts {
  name?: string | null;
  age?: number | null;
  /** Maturity year. */
  year?: number | null;
  years_to_mature?: number | null;
}

/** The cells of the tooltip (spec §3): a missing name is empty, a missing year or years_to_mature is 'NA'. */
export function tooltipCells(f: TooltipFacts): { name: string; year: string; years: string } {
  const age = typeof f.age === 'number' && Number.isFinite(f.age) ? ` (Age ${f.age})` : '';
  const name = f.name ? `${f.name}${age}` : age.trim();
  const num = (n: number | null | undefined) => (typeof n === 'number' && Number.isFinite(n) ? String(n) : 'NA');
  return { name, year: num(f.year), years: num(f.years_to_mature) };
}

const Wrap = styled.span`
  position: relative;
  display: inline-block;
  max-width: 100%;
`;
const Tip = styled.span`
  position: absolute;
  z-index: 50;
  top: calc(100% + 6px);
  left: 0;
  min-width: 240px;
  max-width: min(320px, calc(100vw - 32px));
  padding: 8px 10px;
  border-radius: ${theme.radius};
  background: ${theme.colors.header};
  color: #fff;
  box-shadow: ${theme.shadow};
  font-size: 13px;
  table { border-collapse: collapse; width: 100%; }
  th, td { padding: 2px 6px; text-align: left; vertical-align: top; }
  th { font-weight: 600; }
`;

/**
 * The insurance tooltip (spec §3): Insured Name, Maturity Year, Years to Maturity. It opens 150 ms after the pointer
 * or the keyboard focus reaches its trigger and closes on leave, blur or Escape; the trigger names it with
 * aria-describedby, so screen readers read it too.
 */
export function InsuranceTooltip({
  facts,
  children,
}: {
  facts: TooltipFacts;
  /** The trigger, given the tooltip's id for its aria-describedby. */
  children: (tooltipId: string) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const id = useId();
  const clear = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  const show = () => {
    clear();
    timer.current = setTimeout(() => setOpen(true), TOOLTIP_DELAY_MS); // spec §9: 150 ms
  };
  const hide = () => {
    clear();
    setOpen(false);
  };
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const c = tooltipCells(facts);
  return (
    <Wrap
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={hide}
      onKeyDown={(e) => {
        if (e.key === 'Escape') hide();
      }}
    >
      {children(id)}
      <Tip role="tooltip" id={id} hidden={!open}>
        <table>
          <TableHead columns={['Insured Name', 'Maturity Year', 'Years to Maturity']} />
          <tbody>
            <tr>
              <td>{c.name}</td>
              <td>{c.year}</td>
              <td>{c.years}</td>
            </tr>
          </tbody>
        </table>
      </Tip>
    </Wrap>
  );
}
